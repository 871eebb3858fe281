import Foundation
import Inventory
import Testing

/// Creating items: appended at the end, stored as given (trimmed), listed in order.
@Suite struct ItemStoreCreateTests {
    @Test func createdItemsGetPositionsZeroToNMinusOneInOrder() throws {
        let inventory = try TestInventory("create-order")
        defer { inventory.remove() }
        let created = try inventory.add(["Camera", "Lamp", "Chair", "Desk"])
        #expect(created.map(\.position) == [0, 1, 2, 3])
        #expect(Set(created.map(\.id)).count == 4)
        let all = try inventory.store.all()
        #expect(all == created)
        #expect(all.map(\.name) == ["Camera", "Lamp", "Chair", "Desk"])
        #expect(try inventory.store.count() == 4)
    }

    @Test func emptyInventoryListsNothing() throws {
        let inventory = try TestInventory("create-empty")
        defer { inventory.remove() }
        #expect(try inventory.store.all() == [])
        #expect(try inventory.store.count() == 0)
    }

    @Test func createStoresAllFieldsAndStartsAtVersionOne() throws {
        let inventory = try TestInventory("create-fields")
        defer { inventory.remove() }
        let date = Date(timeIntervalSince1970: 1_700_000_000.123)
        let item = try inventory.store.create(
            ItemInput(name: "Camera", serialNumber: "SN-42", valueInDollars: 350), dateCreated: date)
        #expect(item.name == "Camera")
        #expect(item.serialNumber == "SN-42")
        #expect(item.valueInDollars == 350)
        #expect(item.version == 1)
        #expect(abs(item.dateCreated.timeIntervalSince(date)) < 0.001)
        #expect(try inventory.store.item(id: item.id) == item)
    }

    @Test func missingOptionalFieldsDefaultToEmptyAndZero() throws {
        let inventory = try TestInventory("create-defaults")
        defer { inventory.remove() }
        let item = try inventory.store.create(ItemInput(name: "Lamp"))
        #expect(item.serialNumber == "")
        #expect(item.valueInDollars == 0)
    }

    @Test func whitespaceIsTrimmedBeforeStoring() throws {
        let inventory = try TestInventory("create-trim")
        defer { inventory.remove() }
        let item = try inventory.store.create(ItemInput(name: "  Camera \n", serialNumber: "\t SN-1  "))
        #expect(item.name == "Camera")
        #expect(item.serialNumber == "SN-1")
        #expect(try inventory.store.item(id: item.id).name == "Camera")
    }

    @Test func unicodeAndMarkupInNamesAreStoredLiterally() throws {
        let inventory = try TestInventory("create-unicode")
        defer { inventory.remove() }
        let names = ["📷 カメラ", "<script>alert(1)</script>", #"x" onmouseover="y"#, "Café 相机 👨‍👩‍👧"]
        try inventory.add(names)
        #expect(try inventory.names() == names)
    }

    @Test func unknownIdThrowsItemNotFound() throws {
        let inventory = try TestInventory("create-notfound")
        defer { inventory.remove() }
        #expect(throws: InventoryError.itemNotFound(id: 12345)) { try inventory.store.item(id: 12345) }
    }
}
