import Inventory
import Testing

/// What a claim's Add Items says each choice adds: still-owned items only, a place with the places
/// inside it.
@Suite struct OwnedItemCountsTests {
    @Test func aPlaceCountsWhatIsInsideItAndNothingDisposed() throws {
        let inventory = try TestInventory("owned-counts")
        defer { inventory.remove() }
        let store = inventory.store
        let home = try store.createLocation(LocationInput(name: "Home"))
        let kitchen = try store.createLocation(LocationInput(name: "Kitchen", parentID: home.id))
        let pantry = try store.createLocation(LocationInput(name: "Pantry", parentID: kitchen.id))
        let garage = try store.createLocation(LocationInput(name: "Garage"))
        func add(_ name: String, in place: Location, tags: [String] = []) throws -> Item {
            var input = ItemInput(name: name, locationID: place.id)
            input.details.tags = tags
            return try store.create(input)
        }
        _ = try add("Sofa", in: home)
        _ = try add("Kettle", in: kitchen, tags: ["appliance"])
        _ = try add("Flour", in: pantry)
        let toaster = try add("Toaster", in: pantry, tags: ["appliance"])
        _ = try add("Drill", in: garage, tags: ["tool"])
        _ = try store.create(ItemInput(name: "Umbrella"))
        var sold = ItemInput()
        sold.details.disposal = .some(Disposal(kind: .sold))
        _ = try store.update(id: toaster.id, sold)

        let counts = try store.ownedItemCounts(places: try store.locations())
        #expect(counts.total == 5)
        #expect(counts.byPlace[home.id] == 3 && counts.byPlace[kitchen.id] == 2 && counts.byPlace[pantry.id] == 1)
        #expect(counts.byPlace[garage.id] == 1)
        #expect(counts.byTag == ["appliance": 1, "tool": 1])
    }
}
