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
}
