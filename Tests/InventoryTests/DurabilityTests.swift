import Database
import Foundation
import Inventory
import Testing

/// What was stored is there after the database is closed and opened again.
@Suite struct DurabilityTests {
    @Test func itemsSurviveReopeningTheFile() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("homepwner-durable-\(UUID().uuidString).sqlite").path
        var before: [Item] = []
        do {
            let inventory = try TestInventory(path: path)
            let items = try inventory.add(["Camera", "Lamp", "Chair"])
            _ = try inventory.store.update(id: items[1].id, ItemInput(serialNumber: "L-1", valueInDollars: 75))
            _ = try inventory.store.move(id: items[2].id, to: 0)
            try inventory.store.delete(id: items[0].id)
            before = try inventory.store.all()
        }
        let reopened = try TestInventory(path: path)
        defer { reopened.remove() }
        #expect(before.map(\.name) == ["Chair", "Lamp"])
        #expect(try reopened.store.all() == before)
        // The reopened store keeps working where the old one left off.
        let added = try reopened.store.create(ItemInput(name: "Desk"))
        #expect(added.position == 2)
    }

    @Test func twoDatabaseInstancesOnOneFileSeeEachOthersCommits() throws {
        let first = try TestInventory("durable-shared")
        defer { first.remove() }
        let second = try TestInventory(path: first.path)
        let item = try first.store.create(ItemInput(name: "Camera"))
        #expect(try second.store.item(id: item.id) == item)
        _ = try second.store.update(id: item.id, ItemInput(name: "Camera 2"))
        #expect(try first.store.item(id: item.id).name == "Camera 2")
    }
}
