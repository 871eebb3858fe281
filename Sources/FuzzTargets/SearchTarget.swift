import App
import Database
import Foundation
import Inventory

/// Search text, as `?q=`, the list page and a claim's "choose by search" hand it to the store:
/// through `FullTextQuery` and FTS5's `MATCH` on a small inventory of its own (a temporary file).
/// Text is answered, or refused with `InventoryError.invalidQuery` naming `q` exactly when it holds
/// a control character other than whitespace; no other error escapes (SQLite's "unterminated
/// string" or "fts5: syntax error" would be a 500). The orders answer, windows of two followed by
/// their cursors give the same items in the same order as the whole answer, and the count agrees.
/// The broad order's expressions (name matches, then the rest) need 1,000 matches to be used, so
/// they are matched against the index directly.
enum SearchTarget {
    private static let inventory: (database: Database, store: ItemStore) = {
        do {
            let opened = try DataFolder(URL(fileURLWithPath: Scratch.folder + "/search")).openEnvironment()
            let (database, store) = (opened.database, opened.items)
            let home = try store.createLocation(LocationInput(name: "Home"))
            let kitchen = try store.createLocation(LocationInput(name: "Kitchen “Ψ”", parentID: .some(home.id)))
            let items: [(name: String, serial: String, location: Location.ID?, texts: [String: String], tags: [String])] = [
                ("Sony camera", "AB-12/x", home.id, ["brand": "Sony", "model": "α7 III"], ["electronics"]),
                ("Café grinder", "", kitchen.id, ["notes": "He said \"NEAR\" (AND) * : ^ - OR NOT"], ["kitchen", "appliance"]),
                ("カメラ ストラップ", "", nil, ["description": "日本製 😀 naïve"], []),
                ("Camera bag", "SN 0042", kitchen.id, [:], ["electronics"]),
                ("\"quoted\" thing", "", home.id, ["notes": "\"\" {name} : camera"], []),
            ]
            for item in items {
                var input = ItemInput(name: item.name, serialNumber: item.serial, locationID: .some(item.location))
                input.details.texts = item.texts
                input.details.tags = item.tags
                _ = try store.create(input)
            }
            return (database, store)
        } catch {
            fatalError("The search target's inventory could not be made: \(error)")
        }
    }()

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let text = String(decoding: bytes, as: UTF8.self)
        let refusable = text.unicodeScalars.contains { $0.properties.generalCategory == .control && !$0.properties.isWhitespace }
        let parsed: FullTextQuery
        do {
            parsed = try FullTextQuery(text)
        } catch {
            try requireRefusal(error, of: text, refusable: refusable)
            do {
                _ = try inventory.store.items(matching: ItemQuery(text: text))
                throw FuzzFailure(description: "the store searched for \(text.debugDescription), which FullTextQuery refuses")
            } catch let failure as FuzzFailure {
                throw failure
            } catch {
                try requireRefusal(error, of: text, refusable: refusable)
            }
            return
        }
        if !parsed.isEmpty {
            for expression in [parsed.expression, parsed.expression(inColumn: ItemSearchText.nameColumn),
                               parsed.expression(notAllInColumn: ItemSearchText.nameColumn)] {
                do {
                    _ = try inventory.database.read { try $0.scalar("SELECT count(*) FROM item_search WHERE item_search MATCH ?", expression) }
                } catch {
                    throw FuzzFailure(description: "MATCH \(expression.debugDescription) (from \(text.debugDescription)): \(error)")
                }
            }
        }
        // Best match first, and one sort chosen by the input's length (each a whole answer, a count and
        // windows: every sort for every input ran 36 inputs a second under ASan, one sort 78).
        for sort in [nil, ItemSort.allCases[bytes.count % ItemSort.allCases.count]] {
            try windowsAgree(text, sort: sort)
        }
        try require(!refusable, "\(text.debugDescription) holds a control character and was not refused")
    }

    /// The whole answer, the count and the answer read two at a time are the same items.
    private static func windowsAgree(_ text: String, sort: ItemSort?) throws(FuzzFailure) {
        let query = ItemQuery(text: text, sort: sort)
        let label = "\(text.debugDescription) sorted by \(sort?.rawValue ?? "relevance")"
        do {
            let all = try inventory.store.items(matching: query).items.map(\.id)
            let count = try inventory.store.count(matching: query)
            try require(count == all.count, "\(label): count \(count), \(all.count) items")
            var windowed: [Item.ID] = []
            var window = query
            window.limit = 2
            repeat {
                let answer = try inventory.store.items(matching: window)
                windowed += answer.items.map(\.id)
                window.after = answer.next
                try require(windowed.count <= all.count, "\(label): the windows give more than \(all.count) items")
            } while window.after != nil
            try require(windowed == all, "\(label): windows gave \(windowed), the whole answer \(all)")
        } catch let failure as FuzzFailure {
            throw failure
        } catch {
            throw FuzzFailure(description: "\(label): \(error)")
        }
    }

    private static func requireRefusal(_ error: any Error, of text: String, refusable: Bool) throws(FuzzFailure) {
        guard case InventoryError.invalidQuery(let parameter, let message) = error, parameter == "q", !message.english.isEmpty else {
            throw FuzzFailure(description: "\(text.debugDescription): \(error), not a refusal naming q")
        }
        try require(refusable, "\(text.debugDescription) was refused without a control character: \(message)")
    }
}
