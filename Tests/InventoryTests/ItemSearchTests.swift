import Inventory
import Testing

/// Search over every text of an item: prefixes as you type, accents ignored, name matches first,
/// in step with every change, and never an error whatever is typed.
@Suite struct ItemSearchTests {
    private func found(_ text: String, in store: ItemStore) throws -> [String] {
        try store.items(matching: ItemQuery(text: text)).items.map(\.name)
    }

    private func input(name: String? = nil, texts: [String: String] = [:], tags: [String]? = nil, serial: String? = nil,
                       locationID: Location.ID?? = nil) -> ItemInput {
        var input = ItemInput(name: name, serialNumber: serial, locationID: locationID)
        input.details.texts = texts
        input.details.tags = tags
        return input
    }

    @Test func findsAnItemByEachOfItsTexts() throws {
        let inventory = try TestInventory("search-fields")
        defer { inventory.remove() }
        let store = inventory.store
        let home = try store.createLocation(LocationInput(name: "Home"))
        let kitchen = try store.createLocation(LocationInput(name: "Kitchen", parentID: home.id))
        _ = try store.create(input(name: "Espresso machine", texts: [
            "description": "dual boiler", "notes": "descaled monthly", "brand": "Breville", "model": "BES920",
            "barcode": "9310000123", "purchasedFrom": "Harvey",
        ], tags: ["appliance"], serial: "SN-4417", locationID: kitchen.id))
        _ = try store.create(ItemInput(name: "Decoy"))
        for word in ["espresso", "boiler", "descaled", "breville", "bes920", "9310000123", "4417", "appliance", "kitchen", "home"] {
            #expect(try found(word, in: store) == ["Espresso machine"], "found by \(word)")
        }
        #expect(try found("Home Kitchen", in: store) == ["Espresso machine"], "the location path, word by word")
        #expect(try store.count(matching: ItemQuery(text: "breville")) == 1)
    }

    @Test func theLastWordIsAPrefixAndEveryWordMustMatch() throws {
        let inventory = try TestInventory("search-prefix")
        defer { inventory.remove() }
        try inventory.add(["Sony camera", "Sofa", "Canon camera", "Lamp"])
        #expect(try found("s", in: inventory.store).sorted() == ["Sofa", "Sony camera"])
        #expect(try found("so", in: inventory.store).sorted() == ["Sofa", "Sony camera"])
        #expect(try found("son", in: inventory.store) == ["Sony camera"])
        #expect(try found("cam", in: inventory.store).sorted() == ["Canon camera", "Sony camera"])
        #expect(try found("camera so", in: inventory.store) == ["Sony camera"])
        #expect(try found("sony lamp", in: inventory.store).isEmpty, "words are ANDed")
    }

    @Test func accentsAndCaseAreIgnoredBothWays() throws {
        let inventory = try TestInventory("search-accents")
        defer { inventory.remove() }
        try inventory.add(["Café table", "Creme brulee torch"])
        #expect(try found("cafe", in: inventory.store) == ["Café table"])
        #expect(try found("CAFÉ", in: inventory.store) == ["Café table"])
        #expect(try found("crème brûlée", in: inventory.store) == ["Creme brulee torch"])
    }

    @Test func nameMatchesRankFirst() throws {
        let inventory = try TestInventory("search-rank")
        defer { inventory.remove() }
        let store = inventory.store
        _ = try store.create(input(name: "Shelf", texts: ["notes": "holds the guitar picks and a guitar strap"]))
        _ = try store.create(input(name: "Amplifier", texts: ["description": "for the guitar"]))
        _ = try store.create(ItemInput(name: "Guitar"))
        #expect(try found("guitar", in: store).first == "Guitar")
        #expect(try found("gui", in: store).first == "Guitar")
        #expect(try found("gui", in: store).count == 3)
    }

    @Test func broadSearchesListNameMatchesFirstToo() throws {
        let inventory = try TestInventory("search-broad")
        defer { inventory.remove() }
        let store = inventory.store
        // More matches than are ranked one by one: the broad order takes over.
        for number in 0..<1_100 { _ = try store.create(input(name: "Box \(number)", texts: ["notes": "spare parts"])) }
        let spare = try store.create(ItemInput(name: "Spare key"))
        let first = try store.items(matching: ItemQuery(text: "sp", limit: 3))
        #expect(first.items.first?.id == spare.id)
        var seen = Set(first.items.map(\.id)), next = first.next
        while let cursor = next {
            let window = try store.items(matching: ItemQuery(text: "sp", limit: 200, after: cursor))
            for item in window.items { #expect(seen.insert(item.id).inserted) }
            next = window.next
        }
        #expect(seen.count == 1_101)
    }

    @Test func staysInStepWithEveryChange() throws {
        let inventory = try TestInventory("search-in-step")
        defer { inventory.remove() }
        let store = inventory.store
        let home = try store.createLocation(LocationInput(name: "Home"))
        let study = try store.createLocation(LocationInput(name: "Study", parentID: home.id))
        let garage = try store.createLocation(LocationInput(name: "Garage"))
        let lamp = try store.create(input(name: "Desk lamp", tags: ["lighting"], locationID: study.id))

        _ = try store.update(id: lamp.id, ItemInput(name: "Reading light"))
        #expect(try found("desk", in: store).isEmpty, "the old name is gone")
        #expect(try found("reading", in: store) == ["Reading light"])

        _ = try store.update(id: lamp.id, input(tags: ["antique"]))
        #expect(try found("lighting", in: store).isEmpty)
        #expect(try found("antique", in: store) == ["Reading light"])

        _ = try store.updateLocation(id: study.id, LocationInput(name: "Office"))
        #expect(try found("study", in: store).isEmpty, "a renamed location")
        #expect(try found("office", in: store) == ["Reading light"])

        _ = try store.updateLocation(id: study.id, LocationInput(parentID: .some(garage.id)))
        #expect(try found("home", in: store).isEmpty, "a moved location takes its items' paths along")
        #expect(try found("garage office", in: store) == ["Reading light"])

        _ = try store.update(id: lamp.id, ItemInput(locationID: .some(nil)))
        #expect(try found("garage", in: store).isEmpty, "an item taken out of its location")

        try store.delete(id: lamp.id)
        #expect(try found("reading", in: store).isEmpty)
        try store.deleteLocation(id: study.id)
        #expect(try found("office", in: store).isEmpty)
    }

    @Test func hostileTextNeverErrs() throws {
        let inventory = try TestInventory("search-hostile")
        defer { inventory.remove() }
        try inventory.add(["AND gate", "Near field reader", "Lamp"])
        let texts = ["\"", "\"\"", "AND (", "NEAR", "NEAR(a b)", "OR", "NOT", "*", "a*", "^lamp", "name:lamp", "{name}: lamp", "lamp)",
                     "(", "-", "+", "'", "\\", "😀", "a\"b", "\"\u{301}", "a\"\u{7EC}b lamp", "\u{FFFD}\"\u{7EC}\u{FFFD} x", "🔦 lamp", "%", "_", "AND", "near", String(repeating: "x", count: 400)]
        for text in texts {
            _ = try store(inventory).items(matching: ItemQuery(text: text))
            _ = try store(inventory).items(matching: ItemQuery(text: text, sort: .name, limit: 2))
            _ = try store(inventory).count(matching: ItemQuery(text: text))
        }
        #expect(try found("AND", in: inventory.store) == ["AND gate"], "operators are words")
        #expect(try found("near", in: inventory.store) == ["Near field reader"])
        #expect(try found("lamp)", in: inventory.store) == ["Lamp"])
        #expect(try found("\"", in: inventory.store).count == 3, "nothing to search for lists everything")

        // A NUL ends an FTS5 string however it is quoted: control characters are refused before SQLite.
        for text in ["\u{0}", "lamp\u{0}", "la\u{0}mp gate", "lamp\u{1B}", "\u{7F}"] {
            for query in [ItemQuery(text: text), ItemQuery(text: text, sort: .name, limit: 2)] {
                #expect(throws: InventoryError.self, "\(text.debugDescription)") { try store(inventory).items(matching: query) }
                #expect(throws: InventoryError.self, "\(text.debugDescription)") { try store(inventory).count(matching: query) }
            }
        }
        #expect(try found("lamp\t\r\n", in: inventory.store) == ["Lamp"], "whitespace controls separate words")
    }

    private func store(_ inventory: TestInventory) -> ItemStore { inventory.store }
}
