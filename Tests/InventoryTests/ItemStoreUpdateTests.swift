import Foundation
import Inventory
import Testing

/// Updating items: only the given fields change, the version moves on, stale copies are refused.
@Suite struct ItemStoreUpdateTests {
    @Test func updateChangesOnlyGivenFieldsAndBumpsVersion() throws {
        let inventory = try TestInventory("update-fields")
        defer { inventory.remove() }
        let original = try inventory.store.create(ItemInput(name: "Camera", serialNumber: "SN-1", valueInDollars: 100))
        let renamed = try inventory.store.update(id: original.id, ItemInput(name: "Old Camera"))
        #expect(renamed.name == "Old Camera")
        #expect(renamed.serialNumber == "SN-1")
        #expect(renamed.valueInDollars == 100)
        #expect(renamed.position == original.position)
        #expect(renamed.dateCreated == original.dateCreated)
        #expect(renamed.version == original.version + 1)

        let revalued = try inventory.store.update(id: original.id, ItemInput(valueInDollars: 0))
        #expect(revalued.name == "Old Camera")
        #expect(revalued.serialNumber == "SN-1")
        #expect(revalued.valueInDollars == 0)
        #expect(revalued.version == original.version + 2)
        #expect(try inventory.store.item(id: original.id) == revalued)
    }

    @Test func updateCanClearTheSerialNumber() throws {
        let inventory = try TestInventory("update-clear")
        defer { inventory.remove() }
        let item = try inventory.store.create(ItemInput(name: "Lamp", serialNumber: "SN-9"))
        let updated = try inventory.store.update(id: item.id, ItemInput(serialNumber: "   "))
        #expect(updated.serialNumber == "")
        #expect(updated.name == "Lamp")
    }

    @Test func updateLeavesOtherItemsAlone() throws {
        let inventory = try TestInventory("update-others")
        defer { inventory.remove() }
        let items = try inventory.add(["A", "B", "C"])
        _ = try inventory.store.update(id: items[1].id, ItemInput(name: "B2"))
        let all = try inventory.store.all()
        #expect(all.map(\.name) == ["A", "B2", "C"])
        #expect(all[0] == items[0])
        #expect(all[2] == items[2])
    }

    @Test func matchingExpectedVersionIsAccepted() throws {
        let inventory = try TestInventory("update-version-ok")
        defer { inventory.remove() }
        let item = try inventory.store.create(ItemInput(name: "Camera"))
        let updated = try inventory.store.update(id: item.id, ItemInput(name: "Camera 2"), expectedVersion: item.version)
        #expect(updated.name == "Camera 2")
    }

    @Test func staleExpectedVersionThrowsAndChangesNothing() throws {
        let inventory = try TestInventory("update-version-stale")
        defer { inventory.remove() }
        let first = try inventory.store.create(ItemInput(name: "Camera", valueInDollars: 10))
        let current = try inventory.store.update(id: first.id, ItemInput(name: "Camera (edited elsewhere)"))
        #expect(throws: InventoryError.versionMismatch(current: current)) {
            try inventory.store.update(id: first.id, ItemInput(name: "Mine", valueInDollars: 99), expectedVersion: first.version)
        }
        #expect(try inventory.store.item(id: first.id) == current)
    }

    @Test func updatingAMissingItemThrowsItemNotFound() throws {
        let inventory = try TestInventory("update-missing")
        defer { inventory.remove() }
        try inventory.add(["A"])
        #expect(throws: InventoryError.itemNotFound(id: 999)) {
            try inventory.store.update(id: 999, ItemInput(name: "X"))
        }
        #expect(try inventory.names() == ["A"])
    }

    @Test func invalidUpdateThrowsAndChangesNothing() throws {
        let inventory = try TestInventory("update-invalid")
        defer { inventory.remove() }
        let item = try inventory.store.create(ItemInput(name: "Camera", serialNumber: "SN", valueInDollars: 5))
        let error = #expect(throws: InventoryError.self) {
            try inventory.store.update(id: item.id, ItemInput(name: "Renamed", valueInDollars: -1))
        }
        #expect(error?.validationError?.errors.map(\.field) == ["valueInDollars"])
        #expect(try inventory.store.item(id: item.id) == item)
    }

    @Test func anUpdateThatChangesNothingKeepsTheVersion() throws {
        let inventory = try TestInventory("update-nothing")
        defer { inventory.remove() }
        let item = try inventory.store.create(ItemInput(name: "Camera", serialNumber: "C-1", valueInDollars: 5))
        #expect(try inventory.store.update(id: item.id, ItemInput()).version == item.version)
        #expect(try inventory.store.update(id: item.id, ItemInput(name: "Camera", valueInDollars: 5)).version == item.version)
        #expect(try inventory.store.update(id: item.id, ItemInput(name: "Camera 2")).version == item.version + 1)
    }
}
