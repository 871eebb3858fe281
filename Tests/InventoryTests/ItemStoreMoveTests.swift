import Inventory
import Testing

/// Reordering: the moved item lands where asked, the others keep their order, positions stay 0..n-1.
@Suite struct ItemStoreMoveTests {
    static let names = ["A", "B", "C", "D", "E"]

    static var allMoves: [(Int, Int)] {
        names.indices.flatMap { from in names.indices.map { to in (from, to) } }
    }

    @Test(arguments: allMoves)
    func moveLandsWhereAskedAndKeepsTheRestInOrder(from: Int, to: Int) throws {
        let inventory = try TestInventory("move-\(from)-\(to)")
        defer { inventory.remove() }
        let items = try inventory.add(Self.names)
        let moved = try inventory.store.move(id: items[from].id, to: to)
        #expect(moved.id == items[from].id)
        #expect(moved.position == to)

        var expected = Self.names
        expected.insert(expected.remove(at: from), at: to)
        let all = try inventory.store.all()
        #expect(all.map(\.name) == expected)
        #expect(all.map(\.position) == Array(0..<Self.names.count))
        #expect(all[to].id == items[from].id)
    }

    @Test func moveUpDownFirstAndLastInSequence() throws {
        let inventory = try TestInventory("move-sequence")
        defer { inventory.remove() }
        let items = try inventory.add(Self.names)
        let c = items[2].id
        _ = try inventory.store.move(id: c, to: 1) // up
        #expect(try inventory.names() == ["A", "C", "B", "D", "E"])
        _ = try inventory.store.move(id: c, to: 2) // down
        #expect(try inventory.names() == ["A", "B", "C", "D", "E"])
        _ = try inventory.store.move(id: c, to: 0) // first
        #expect(try inventory.names() == ["C", "A", "B", "D", "E"])
        _ = try inventory.store.move(id: c, to: 4) // last
        #expect(try inventory.names() == ["A", "B", "D", "E", "C"])
        #expect(try inventory.store.all().map(\.position) == [0, 1, 2, 3, 4])
    }

    /// Versions guard edits of an item's fields and photo; a place in the list conflicts with no edit,
    /// so someone sorting the list never makes another person's save fail.
    @Test func movingAndDeletingLeaveEveryVersionAlone() throws {
        let inventory = try TestInventory("move-version")
        defer { inventory.remove() }
        let items = try inventory.add(Self.names)
        _ = try inventory.store.move(id: items[4].id, to: 0)
        _ = try inventory.store.move(id: items[0].id, to: 4)
        try inventory.store.delete(id: items[2].id)
        let after = try inventory.store.all()
        #expect(after.map(\.name) == ["E", "B", "D", "A"])
        #expect(after.allSatisfy { $0.version == 1 }, "\(after.map(\.version))")
        // So a save made with the version loaded before the moves goes through.
        let renamed = try inventory.store.update(id: items[3].id, ItemInput(name: "D2"), expectedVersion: items[3].version)
        #expect(renamed.name == "D2" && renamed.version == 2)
    }

    @Test(arguments: [-1, 5, 6, Int.max])
    func outOfRangeMoveThrowsAndChangesNothing(position: Int) throws {
        let inventory = try TestInventory("move-range")
        defer { inventory.remove() }
        let items = try inventory.add(Self.names)
        #expect(throws: InventoryError.positionOutOfRange(position: position, count: 5)) {
            try inventory.store.move(id: items[2].id, to: position)
        }
        #expect(try inventory.store.all() == items)
    }

    @Test func movingAMissingItemThrowsItemNotFound() throws {
        let inventory = try TestInventory("move-missing")
        defer { inventory.remove() }
        let items = try inventory.add(["A", "B"])
        #expect(throws: InventoryError.itemNotFound(id: 404)) { try inventory.store.move(id: 404, to: 0) }
        #expect(try inventory.store.all() == items)
    }
}
