import Database
import Foundation
import Inventory
import Testing

/// Boxes: a box moves with what is inside, never into itself; a packed item keeps the room it came
/// from through the box's moves, and forgets it once out of every box.
@Suite struct BoxStoreTests {
    @Test func movingABoxMovesItsItemsAndTheBoxesInItAndNeverIntoItself() throws {
        let inventory = try TestInventory("boxes-move")
        defer { inventory.remove() }
        let store = inventory.store
        let home = try store.createLocation(LocationInput(name: "Home"))
        let kitchen = try store.createLocation(LocationInput(name: "Kitchen", parentID: home.id))
        let garage = try store.createLocation(LocationInput(name: "Garage", parentID: home.id))
        let box = try store.createLocation(LocationInput(name: "Kitchen box 1", parentID: kitchen.id, isBox: true))
        let inner = try store.createLocation(LocationInput(name: "Cutlery box", parentID: box.id, isBox: true))
        #expect(box.isBox && !kitchen.isBox)
        let plates = try store.create(ItemInput(name: "Plates", locationID: .some(kitchen.id)))
        let forks = try store.create(ItemInput(name: "Forks", locationID: .some(kitchen.id)))
        _ = try store.update(id: plates.id, ItemInput(locationID: .some(box.id)))
        _ = try store.update(id: forks.id, ItemInput(locationID: .some(inner.id)))

        _ = try store.updateLocation(id: box.id, LocationInput(parentID: .some(garage.id)))
        #expect(try store.location(id: box.id).path == "Home / Garage / Kitchen box 1")
        #expect(try store.location(id: inner.id).path == "Home / Garage / Kitchen box 1 / Cutlery box")
        #expect(try store.item(id: plates.id).locationID == box.id && store.item(id: forks.id).locationID == inner.id)

        for target in [box.id, inner.id] {
            #expect {
                try store.updateLocation(id: box.id, LocationInput(parentID: .some(target)))
            } throws: { error in
                guard case InventoryError.invalid(let invalid) = error else { return false }
                return invalid.message(for: "parentId")?.contains("inside it") == true
            }
        }
        #expect(try store.location(id: box.id).parentID == garage.id, "a refused move changes nothing")
    }

    @Test func aPackedItemKeepsTheRoomItCameFromThroughMovesAndForgetsItWhenTakenOut() throws {
        let inventory = try TestInventory("boxes-came-from")
        defer { inventory.remove() }
        let store = inventory.store
        let kitchen = try store.createLocation(LocationInput(name: "Kitchen"))
        let shelf = try store.createLocation(LocationInput(name: "Shelf", parentID: kitchen.id))
        let garage = try store.createLocation(LocationInput(name: "Garage"))
        let box = try store.createLocation(LocationInput(name: "Kitchen box 1", parentID: kitchen.id, isBox: true))
        let other = try store.createLocation(LocationInput(name: "Kitchen box 2", parentID: garage.id, isBox: true))
        let plates = try store.create(ItemInput(name: "Plates", locationID: .some(kitchen.id)))
        #expect(try store.packing(of: plates.id) == nil)

        _ = try store.update(id: plates.id, ItemInput(locationID: .some(box.id)))
        #expect(try store.packing(of: plates.id)?.cameFrom?.id == kitchen.id)
        #expect(try store.packing(of: plates.id)?.box.id == box.id)
        // The box goes to the garage; then the plates go from box to box: still from the kitchen.
        _ = try store.updateLocation(id: box.id, LocationInput(parentID: .some(garage.id)))
        #expect(try store.packing(of: plates.id)?.cameFrom?.id == kitchen.id)
        _ = try store.update(id: plates.id, ItemInput(locationID: .some(other.id)))
        #expect(try store.packing(of: plates.id) == ItemPacking(box: try store.location(id: other.id), cameFrom: try store.location(id: kitchen.id)))
        // Unpacked into the garage: forgotten, and packed again from there.
        _ = try store.update(id: plates.id, ItemInput(locationID: .some(garage.id)))
        #expect(try store.packing(of: plates.id) == nil)
        _ = try store.update(id: plates.id, ItemInput(locationID: .some(box.id)))
        #expect(try store.packing(of: plates.id)?.cameFrom?.id == garage.id)

        // A shelf made a box: its things came from the kitchen; no longer a box: they forget.
        let cups = try store.create(ItemInput(name: "Cups", locationID: .some(shelf.id)))
        _ = try store.updateLocation(id: shelf.id, LocationInput(isBox: true))
        #expect(try store.packing(of: cups.id) == ItemPacking(box: try store.location(id: shelf.id), cameFrom: try store.location(id: kitchen.id)))
        _ = try store.updateLocation(id: shelf.id, LocationInput(parentID: .some(garage.id)))
        #expect(try store.packing(of: cups.id)?.cameFrom?.id == kitchen.id)
        _ = try store.updateLocation(id: shelf.id, LocationInput(isBox: false))
        #expect(try store.packing(of: cups.id) == nil)

        // The pack-out list: each box with its items (in the order asked) and where each came from.
        let boxes = try store.packedBoxes(holding: [cups.id, plates.id])
        #expect(boxes.map(\.box.name) == ["Kitchen box 1"])
        #expect(boxes.first?.entries.map(\.name) == ["Plates"] && boxes.first?.entries.first?.cameFrom?.name == "Garage")
    }
}
