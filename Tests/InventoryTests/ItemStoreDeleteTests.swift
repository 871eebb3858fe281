import Database
import Foundation
import Inventory
import Testing

/// Deleting items: the rest close the gap and keep their order.
@Suite struct ItemStoreDeleteTests {
    @Test(arguments: 0..<5)
    func deleteRenumbersFollowingPositions(index: Int) throws {
        let inventory = try TestInventory("delete-\(index)")
        defer { inventory.remove() }
        let names = ["A", "B", "C", "D", "E"]
        let items = try inventory.add(names)
        try inventory.store.delete(id: items[index].id)
        var expected = names
        expected.remove(at: index)
        let all = try inventory.store.all()
        #expect(all.map(\.name) == expected)
        #expect(all.map(\.position) == Array(0..<4))
        #expect(try inventory.store.count() == 4)
        #expect(throws: InventoryError.itemNotFound(id: items[index].id)) { try inventory.store.item(id: items[index].id) }
    }

    @Test func createAfterDeleteAppendsAtTheNewEnd() throws {
        let inventory = try TestInventory("delete-then-create")
        defer { inventory.remove() }
        let items = try inventory.add(["A", "B", "C"])
        try inventory.store.delete(id: items[0].id)
        let added = try inventory.store.create(ItemInput(name: "D"))
        #expect(added.position == 2)
        #expect(try inventory.store.all().map(\.position) == [0, 1, 2])
        #expect(try inventory.names() == ["B", "C", "D"])
    }

    @Test func deletingAMissingItemThrowsItemNotFound() throws {
        let inventory = try TestInventory("delete-missing")
        defer { inventory.remove() }
        try inventory.add(["A", "B"])
        #expect(throws: InventoryError.itemNotFound(id: 77)) { try inventory.store.delete(id: 77) }
        #expect(try inventory.names() == ["A", "B"])
    }

    @Test func deletingTwiceThrowsItemNotFoundTheSecondTime() throws {
        let inventory = try TestInventory("delete-twice")
        defer { inventory.remove() }
        let items = try inventory.add(["A", "B"])
        try inventory.store.delete(id: items[0].id)
        #expect(throws: InventoryError.itemNotFound(id: items[0].id)) { try inventory.store.delete(id: items[0].id) }
        #expect(try inventory.names() == ["B"])
    }

    @Test func staleVersionOnDeleteThrowsAndKeepsTheItem() throws {
        let inventory = try TestInventory("delete-stale")
        defer { inventory.remove() }
        let item = try inventory.store.create(ItemInput(name: "Camera"))
        let current = try inventory.store.update(id: item.id, ItemInput(valueInDollars: 10))
        #expect(throws: InventoryError.versionMismatch(current: current)) {
            try inventory.store.delete(id: item.id, expectedVersion: item.version)
        }
        #expect(try inventory.store.all() == [current])
        try inventory.store.delete(id: item.id, expectedVersion: current.version)
        #expect(try inventory.store.count() == 0)
    }

    /// An old tab or bookmark of a deleted item must never reach a newer one.
    @Test func aDeletedItemsIdIsNeverGivenAgain() throws {
        let inventory = try TestInventory("delete-id")
        defer { inventory.remove() }
        let items = try inventory.add(["Lamp", "Old TV"])
        try inventory.store.delete(id: items[1].id)
        let newer = try inventory.store.create(ItemInput(name: "New TV"))
        #expect(newer.id > items[1].id)
        #expect(throws: InventoryError.self) { try inventory.store.item(id: items[1].id) }
    }

    /// Schema 6 rebuilds the items table with AUTOINCREMENT: what was stored stays, ids are not reused.
    @Test func upgradingKeepsEveryItemAndStopsReusingIds() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-upgrade-\(UUID().uuidString).sqlite").path
        do {
            let old = try Database(path: path, migrations: InventorySchema.migrations.filter { $0.version < 6 })
            try old.write { connection in
                try connection.run("INSERT INTO items (name, serial_number, value_in_dollars, date_created_ms, position, version) VALUES ('Lamp', 'L-1', 35, 1000, 0, 3)")
                try connection.run("INSERT INTO items (name, date_created_ms, position) VALUES ('Old TV', 2000, 1)")
            }
        }
        let inventory = try TestInventory(path: path)
        defer { inventory.remove() }
        let kept = try inventory.store.all()
        #expect(kept.map(\.name) == ["Lamp", "Old TV"])
        #expect((kept[0].serialNumber, kept[0].valueInDollars, kept[0].version) == ("L-1", 35, 3))
        try inventory.store.delete(id: kept[1].id)
        #expect(try inventory.store.create(ItemInput(name: "New TV")).id > kept[1].id)
        #expect(try inventory.store.all().map(\.position) == [0, 1])
    }
}
