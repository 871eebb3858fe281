import Inventory
import Testing

/// The store refuses invalid input before touching the database.
@Suite struct ItemStoreValidationTests {
    @Test(arguments: [
        ItemInput(name: ""),
        ItemInput(name: "   "),
        ItemInput(),
        ItemInput(name: String(repeating: "n", count: 1_001)),
        ItemInput(name: "Tab\there"),
        ItemInput(name: "Camera", serialNumber: String(repeating: "s", count: 201)),
        ItemInput(name: "Camera", valueInDollars: -1),
        ItemInput(name: "Camera", valueInDollars: 1_000_000_001),
    ])
    func invalidCreateStoresNothing(_ input: ItemInput) throws {
        let inventory = try TestInventory("store-invalid")
        defer { inventory.remove() }
        try inventory.add(["Existing"])
        let error = #expect(throws: InventoryError.self) { try inventory.store.create(input) }
        #expect(error?.validationError?.errors.isEmpty == false, "\(String(describing: error))")
        #expect(try inventory.names() == ["Existing"])
    }

    @Test func createReportsEveryBrokenRuleAtOnce() throws {
        let inventory = try TestInventory("store-all-errors")
        defer { inventory.remove() }
        let error = #expect(throws: InventoryError.self) {
            try inventory.store.create(ItemInput(name: "", serialNumber: "a\u{0}b", valueInDollars: 2_000_000_000))
        }
        #expect(error?.validationError?.errors.map(\.field) == ["name", "serialNumber", "valueInDollars"])
        #expect(try inventory.store.count() == 0)
    }

    @Test func boundaryValuesAreStored() throws {
        let inventory = try TestInventory("store-boundaries")
        defer { inventory.remove() }
        let item = try inventory.store.create(ItemInput(
            name: String(repeating: "n", count: 1_000),
            serialNumber: String(repeating: "s", count: 200),
            valueInDollars: 1_000_000_000))
        let stored = try inventory.store.item(id: item.id)
        #expect(stored.name.count == 1_000)
        #expect(stored.serialNumber.count == 200)
        #expect(stored.valueInDollars == 1_000_000_000)
    }
}
