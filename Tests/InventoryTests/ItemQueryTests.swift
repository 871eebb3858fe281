import Foundation
import Inventory
import Testing

/// Filters, sorts and keyset windows: every item exactly once, whatever the order, ties or inserts.
@Suite struct ItemQueryTests {
    private func input(_ name: String, cost: Int64? = nil, price: Int64? = nil, bought: String? = nil, tags: [String]? = nil,
                       condition: ItemCondition? = nil, locationID: Location.ID? = nil) -> ItemInput {
        var input = ItemInput(name: name, locationID: locationID.map { .some($0) })
        if let cost { input.details.replacementCost = .some(cost) }
        if let price { input.details.purchasePrice = .some(price) }
        if let bought { input.details.purchaseDate = .some(try? PurchaseDate(parsing: bought, today: nil)) }
        if let condition { input.details.condition = .some(condition) }
        input.details.tags = tags
        return input
    }

    @Test func filtersCombineAndALocationIncludesEverythingBelowIt() throws {
        let inventory = try TestInventory("query-filters")
        defer { inventory.remove() }
        let store = inventory.store
        let home = try store.createLocation(LocationInput(name: "Home"))
        let kitchen = try store.createLocation(LocationInput(name: "Kitchen", parentID: home.id))
        let drawer = try store.createLocation(LocationInput(name: "Drawer", parentID: kitchen.id))
        let shed = try store.createLocation(LocationInput(name: "Shed"))
        _ = try store.create(input("Knife", tags: ["Sharp"], condition: .good, locationID: drawer.id))
        _ = try store.create(input("Kettle", condition: .good, locationID: kitchen.id))
        _ = try store.create(input("Axe", tags: ["sharp"], condition: .good, locationID: shed.id))
        _ = try store.create(input("Old knife", tags: ["sharp"], condition: .broken, locationID: drawer.id))

        func names(_ query: ItemQuery) throws -> [String] { try store.items(matching: query).items.map(\.name) }
        #expect(try names(ItemQuery(locationID: home.id)) == ["Knife", "Kettle", "Old knife"])
        #expect(try names(ItemQuery(locationID: drawer.id)) == ["Knife", "Old knife"])
        #expect(try names(ItemQuery(tag: "SHARP")) == ["Knife", "Axe", "Old knife"], "tags ignore case")
        #expect(try names(ItemQuery(condition: .good)) == ["Knife", "Kettle", "Axe"])
        #expect(try names(ItemQuery(locationID: home.id, tag: "sharp", condition: .good)) == ["Knife"])
        #expect(try names(ItemQuery(text: "knife", locationID: home.id, condition: .broken)) == ["Old knife"])
        #expect(try names(ItemQuery(tag: "nothing")).isEmpty)
        #expect(try store.count(matching: ItemQuery(locationID: home.id, tag: "sharp")) == 2)
        #expect {
            try store.items(matching: ItemQuery(locationID: 999))
        } throws: { error in
            guard case InventoryError.invalidQuery("location", let message) = error else { return false }
            return message.english == "There is no location 999; choose one of the locations."
        }
    }

    @Test func eachSortHasItsOrder() throws {
        let inventory = try TestInventory("query-sorts")
        defer { inventory.remove() }
        let store = inventory.store
        let attic = try store.createLocation(LocationInput(name: "Attic"))
        let bedroom = try store.createLocation(LocationInput(name: "bedroom"))
        _ = try store.create(input("banjo", cost: 50_000, bought: "2020-01-01", locationID: bedroom.id))
        _ = try store.create(input("Accordion", price: 90_000, bought: "2024-05-01", locationID: attic.id))
        _ = try store.create(input("Cello", locationID: bedroom.id))
        _ = try store.create(input("drum", cost: 10_000, price: 99_999))
        func names(_ sort: ItemSort) throws -> [String] { try store.items(matching: ItemQuery(sort: sort)).items.map(\.name) }
        #expect(try names(.manual) == ["banjo", "Accordion", "Cello", "drum"])
        #expect(try names(.name) == ["Accordion", "banjo", "Cello", "drum"], "ignoring case")
        #expect(try names(.value) == ["Accordion", "banjo", "drum", "Cello"], "replacement cost, else purchase price; none last")
        #expect(try names(.purchaseDate) == ["Accordion", "banjo", "Cello", "drum"], "newest first; undated last")
        #expect(try names(.room) == ["Accordion", "banjo", "Cello", "drum"], "by path, then name; no room last")
    }

    /// Walks every window of `query`, calling `between` after each one.
    private func walk(_ store: ItemStore, _ query: ItemQuery, between: () throws -> Void = {}) throws -> [Item.ID] {
        var ids: [Item.ID] = [], query = query
        while true {
            let window = try store.items(matching: query)
            #expect(window.items.count <= query.limit ?? .max)
            ids += window.items.map(\.id)
            guard let next = window.next else { return ids }
            query.after = next
            try between()
        }
    }

    @Test func everyOrderVisitsEveryItemOnceAcrossWindowsDespiteTiesAndInserts() throws {
        let inventory = try TestInventory("query-windows")
        defer { inventory.remove() }
        let store = inventory.store
        let room = try store.createLocation(LocationInput(name: "Room"))
        // Many ties: names, values, dates and rooms repeat.
        for number in 0..<47 {
            _ = try store.create(input(number % 3 == 0 ? "Same" : "Item \(number % 7)", cost: number % 2 == 0 ? Int64(number % 4) * 100 : nil,
                                       bought: number % 5 == 0 ? nil : "2024-0\(number % 3 + 1)-01", tags: ["t"],
                                       locationID: number % 4 == 0 ? nil : room.id))
        }
        for sort in ItemSort.allCases {
            let all = Set(try store.all().map(\.id))
            for limit in [1, 5, 50] {
                let ids = try walk(store, ItemQuery(sort: sort, limit: limit))
                #expect(ids.count == all.count && Set(ids) == all, "\(sort) by \(limit)")
                let whole = try store.items(matching: ItemQuery(sort: sort)).items.map(\.id)
                #expect(ids == whole, "windows in the order of the whole list")
            }
            // Items added between windows: every item that was there at the start is still seen once.
            var added = 0
            let ids = try walk(store, ItemQuery(text: "", tag: "t", sort: sort, limit: 4)) {
                added += 1
                _ = try store.create(input(added % 2 == 0 ? "Same" : "Zed \(added)", cost: 100, tags: ["t"]))
            }
            #expect(Set(ids).count == ids.count, "\(sort): no item twice")
            #expect(all.isSubset(of: Set(ids)), "\(sort): no item skipped")
        }
        let ranked = try walk(store, ItemQuery(text: "same", limit: 3))
        let sameCount = try store.count(matching: ItemQuery(text: "same"))
        #expect(Set(ranked).count == ranked.count && ranked.count == sameCount)
    }

    @Test func aCursorOfAnotherOrderIsRefused() throws {
        let inventory = try TestInventory("query-cursor")
        defer { inventory.remove() }
        try inventory.add(["A", "B", "C"])
        let next = try #require(try inventory.store.items(matching: ItemQuery(sort: .name, limit: 1)).next)
        #expect(ItemCursor(encoded: next.encoded) == next)
        #expect(ItemCursor(encoded: "not a cursor!") == nil)
        #expect(throws: InventoryError.self) { try inventory.store.items(matching: ItemQuery(sort: .value, limit: 1, after: next)) }
        #expect(throws: InventoryError.self) { try inventory.store.items(matching: ItemQuery(limit: 501)) }
    }
}
