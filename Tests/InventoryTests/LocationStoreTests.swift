import Database
import Foundation
import Inventory
import Testing

/// Locations: a tree of any depth, moved whole, never into itself, deleted only when empty.
@Suite struct LocationStoreTests {
    @Test func aTreeOfAnyDepthHasPathsAndListsInPathOrder() throws {
        let inventory = try TestInventory("locations-tree")
        defer { inventory.remove() }
        let store = inventory.store
        let home = try store.createLocation(LocationInput(name: "  Home "))
        let ground = try store.createLocation(LocationInput(name: "Ground floor", parentID: home.id))
        let kitchen = try store.createLocation(LocationInput(name: "Kitchen", parentID: ground.id, notes: "by the window"))
        let attic = try store.createLocation(LocationInput(name: "Attic", parentID: home.id))
        #expect(home.name == "Home" && home.parentID == nil && home.path == "Home")
        #expect(kitchen.path == "Home / Ground floor / Kitchen")
        #expect(kitchen.notes == "by the window")
        #expect(try store.locations().map(\.path) == ["Home", "Home / Attic", "Home / Ground floor", "Home / Ground floor / Kitchen"])
        #expect(try store.location(id: attic.id).parentID == home.id)
    }

    @Test func movingALocationMovesWhatIsInsideAndNeverIntoItself() throws {
        let inventory = try TestInventory("locations-move")
        defer { inventory.remove() }
        let store = inventory.store
        let home = try store.createLocation(LocationInput(name: "Home"))
        let ground = try store.createLocation(LocationInput(name: "Ground floor", parentID: home.id))
        let kitchen = try store.createLocation(LocationInput(name: "Kitchen", parentID: ground.id))
        let garage = try store.createLocation(LocationInput(name: "Garage"))
        _ = try store.updateLocation(id: ground.id, LocationInput(parentID: .some(garage.id)))
        #expect(try store.location(id: kitchen.id).path == "Garage / Ground floor / Kitchen")

        for target in [ground.id, kitchen.id] {
            #expect {
                try store.updateLocation(id: ground.id, LocationInput(name: "Renamed", parentID: .some(target)))
            } throws: { error in
                guard case InventoryError.invalid(let invalid) = error else { return false }
                return invalid.message(for: "parentId")?.contains("inside it") == true
            }
        }
        #expect(try store.location(id: ground.id).name == "Ground floor", "nothing of a refused change is kept")
        _ = try store.updateLocation(id: ground.id, LocationInput(parentID: .some(nil)))
        #expect(try store.location(id: kitchen.id).path == "Ground floor / Kitchen")
    }

    @Test func aLocationHoldingSomethingIsNotDeletedAndSaysWhat() throws {
        let inventory = try TestInventory("locations-delete")
        defer { inventory.remove() }
        let store = inventory.store
        let home = try store.createLocation(LocationInput(name: "Home"))
        let box = try store.createLocation(LocationInput(name: "Box", parentID: home.id))
        let item = try store.create(ItemInput(name: "Lamp", locationID: .some(box.id)))
        #expect(throws: InventoryError.locationNotEmpty(name: "Home", items: 0, locations: 1)) { try store.deleteLocation(id: home.id) }
        #expect(throws: InventoryError.locationNotEmpty(name: "Home / Box", items: 1, locations: 0)) { try store.deleteLocation(id: box.id) }
        _ = try store.update(id: item.id, ItemInput(locationID: .some(nil)))
        try store.deleteLocation(id: box.id)
        try store.deleteLocation(id: home.id)
        #expect(try store.locations().isEmpty)
        #expect(throws: InventoryError.locationNotFound(id: home.id)) { try store.location(id: home.id) }
    }

    @Test func anItemIsPlacedOnlyInALocationThatExists() throws {
        let inventory = try TestInventory("locations-items")
        defer { inventory.remove() }
        let store = inventory.store
        let kitchen = try store.createLocation(LocationInput(name: "Kitchen"))
        let placed = try store.create(ItemInput(name: "Kettle", locationID: .some(kitchen.id)))
        #expect(placed.locationID == kitchen.id)
        let unplaced = try store.create(ItemInput(name: "Umbrella"))
        #expect(unplaced.locationID == nil)
        #expect {
            try store.create(ItemInput(name: "Ghost", locationID: .some(999)))
        } throws: { error in
            guard case InventoryError.invalid(let invalid) = error else { return false }
            return invalid.message(for: "locationId")?.contains("no location 999") == true
        }
        #expect(try inventory.names() == ["Kettle", "Umbrella"], "the refused item was not stored")
        let moved = try store.update(id: unplaced.id, ItemInput(locationID: .some(kitchen.id)))
        #expect(moved.locationID == kitchen.id && moved.version == unplaced.version + 1)
    }

    @Test func badNamesAreRefusedWithWhatToFix() throws {
        let inventory = try TestInventory("locations-names")
        defer { inventory.remove() }
        for (name, words) in [("   ", "empty"), (String(repeating: "x", count: 201), "limit is 200"), ("Up / Down", "“ / ”"), ("a\tb", "tabs")] {
            #expect {
                try inventory.store.createLocation(LocationInput(name: name))
            } throws: { error in
                guard case InventoryError.invalid(let invalid) = error else { return false }
                return invalid.message(for: "name")?.contains(words) == true
            }
        }
        #expect(throws: InventoryError.self) { try inventory.store.createLocation(LocationInput(notes: "no name")) }
        #expect(try inventory.store.locations().isEmpty)
    }

    @Test func itemsOfADatabaseFromBeforeLocationsKeepEverythingAreInNoLocationAndTheirValueIsTheirReplacementCost() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-before-locations-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm", "-images"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let before = InventorySchema.migrations.filter { $0.version < 7 }
        #expect(before.map(\.version) == [1, 2, 6], "the schema as it was before locations and claim fields")
        // The row as the build before locations wrote it.
        do {
            let old = try Database(path: path, migrations: before)
            try old.write { connection in
                try connection.run("INSERT INTO items (name, serial_number, value_in_dollars, date_created_ms, position, version) VALUES (?, ?, ?, ?, ?, ?)",
                                   "Camera", "SN-1", 250, Int64(1_700_000_000_000), 0, 3)
            }
        }
        let inventory = try TestInventory(path: path)
        let migrated = try #require(try inventory.store.all().first)
        #expect(migrated.name == "Camera" && migrated.serialNumber == "SN-1" && migrated.valueInDollars == 250)
        #expect(migrated.position == 0 && migrated.version == 3 && migrated.dateCreated == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(migrated.locationID == nil)
        #expect(migrated.details.replacementCost == 25_000, "$250 became 25,000 cents of replacement cost")
        #expect(migrated.details.quantity == 1 && migrated.details.purchasePrice == nil && migrated.details.condition == nil)
        #expect(try inventory.store.locations().isEmpty)
    }

    /// A tree deeper than the limit, made before there was one, is still read whole, nothing is put
    /// deeper in it, and it is brought within the limit a move at a time (a move up is always allowed).
    @Test func aTreeMadeBeforeTheLimitIsReadAndCanBeBroughtWithinIt() throws {
        let inventory = try TestInventory("locations-too-deep")
        defer { inventory.remove() }
        let store = inventory.store
        let depth = Location.maxDepth + 5
        try inventory.database.write { connection in
            for level in 1...depth {
                try connection.run("INSERT INTO locations (id, name, parent_id) VALUES (?, ?, ?)", level, "Level \(level)", level == 1 ? nil : Int64(level - 1))
            }
        }
        let deepest = Location.ID(Int64(depth))
        #expect(try store.locations().map(\.pathNames.count) == Array(1...depth))
        #expect(try store.location(id: deepest).path.hasSuffix("Level \(depth - 1) / Level \(depth)"))
        #expect(throws: InventoryError.self) { try store.createLocation(LocationInput(name: "Pouch", parentID: deepest)) }
        _ = try store.updateLocation(id: deepest, LocationInput(name: "Renamed"))
        let shed = try store.createLocation(LocationInput(name: "Shed"))
        #expect(throws: InventoryError.self) { try store.updateLocation(id: shed.id, LocationInput(parentID: .some(Location.ID(Int64(Location.maxDepth))))) }
        // The five places past the limit go up under level 15: the deepest is then 20 deep.
        _ = try store.updateLocation(id: Location.ID(Int64(Location.maxDepth + 1)), LocationInput(parentID: .some(Location.ID(Int64(Location.maxDepth - 5)))))
        #expect(try store.locations().map(\.pathNames.count).max() == Location.maxDepth)
        #expect(try store.location(id: deepest).pathNames == (1...(Location.maxDepth - 5)).map { "Level \($0)" }
                + ((Location.maxDepth + 1)..<depth).map { "Level \($0)" } + ["Renamed"])
    }
}
