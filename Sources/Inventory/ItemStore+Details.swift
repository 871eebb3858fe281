import Foundation
import Database

/// How an item's details are stored, and how the legacy whole-dollar value and the replacement
/// cost stay one amount.
extension ItemStore {
    static let detailColumns = [
        "quantity", "description", "brand", "model", "barcode", "condition", "notes", "purchase_price", "purchase_date",
        "purchased_from", "replacement_cost", "replacement_cost_date", "replacement_cost_source",
    ]

    static func decodeDetails(_ row: Row, from first: Int32) -> ItemDetails {
        var details = ItemDetails()
        details.quantity = row.int(first)
        details.description = row.string(first + 1)
        details.brand = row.string(first + 2)
        details.model = row.string(first + 3)
        details.barcode = row.string(first + 4)
        details.condition = row.optionalString(first + 5).flatMap(ItemCondition.init(rawValue:))
        details.notes = row.string(first + 6)
        details.purchasePrice = row.optionalInt64(first + 7)
        details.purchaseDate = row.optionalString(first + 8).flatMap(CalendarDate.init(iso:))
        details.purchasedFrom = row.string(first + 9)
        details.replacementCost = row.optionalInt64(first + 10)
        details.replacementCostDate = row.optionalString(first + 11).flatMap(CalendarDate.init(iso:))
        details.replacementCostSource = row.string(first + 12)
        return details
    }

    static func writeDetails(_ details: ItemDetails, of id: Int64, in connection: Connection) throws {
        try connection.run(
            "UPDATE items SET " + detailColumns.map { "\($0) = ?" }.joined(separator: ", ") + " WHERE id = ?",
            details.quantity, details.description, details.brand, details.model, details.barcode, details.condition?.rawValue,
            details.notes, details.purchasePrice, details.purchaseDate?.iso, details.purchasedFrom, details.replacementCost,
            details.replacementCostDate?.iso, details.replacementCostSource, id)
        try connection.run("DELETE FROM item_tags WHERE item_id = ?", id)
        for tag in details.tags {
            try connection.run("INSERT INTO tags (name) VALUES (?) ON CONFLICT (name) DO NOTHING", tag)
            try connection.run("INSERT INTO item_tags (item_id, tag_id) SELECT ?, id FROM tags WHERE name = ?", id, tag)
        }
        try forgetUnusedTags(in: connection)
    }

    static func forgetUnusedTags(in connection: Connection) throws {
        try connection.run("DELETE FROM tags WHERE id NOT IN (SELECT tag_id FROM item_tags)")
    }

    static func tags(of id: Int64, in connection: Connection) throws -> [String] {
        try connection.rows("SELECT tags.name FROM item_tags JOIN tags ON tags.id = item_tags.tag_id WHERE item_tags.item_id = ?", id) { $0.string(0) }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    /// Every item's tags in one query, for the whole list.
    static func tagsByItem(in connection: Connection) throws -> [Int64: [String]] {
        var tags: [Int64: [String]] = [:]
        try connection.forEachRow("SELECT item_tags.item_id, tags.name FROM item_tags JOIN tags ON tags.id = item_tags.tag_id", []) { row in
            tags[row.int64(0), default: []].append(row.string(1))
        }
        return tags.mapValues { $0.sorted { $0.localizedStandardCompare($1) == .orderedAscending } }
    }

    /// Every tag in use with how many items carry it, by name.
    public func tags() throws -> [(name: String, count: Int)] {
        try database.read { connection in
            try connection.rows("""
                SELECT tags.name, count(*) FROM tags JOIN item_tags ON item_tags.tag_id = tags.id GROUP BY tags.id
                """) { (name: $0.string(0), count: $0.int(1)) }
                .sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
        }
    }

    /// Makes `input`'s changes to `item`. The replacement cost is the item's value: a replacement cost
    /// sets `valueInDollars` to its whole units; `valueInDollars` alone sets the replacement cost
    /// (0 means none).
    static func apply(_ input: ItemInput, to item: inout Item, currency: Currency) throws {
        item.details = input.details.applied(to: item.details)
        if input.details.replacementCost != nil {
            item.valueInDollars = Int(clamping: (item.details.replacementCost ?? 0) / currency.minorUnitsPerMajorUnit)
        } else if let dollars = input.valueInDollars {
            item.valueInDollars = dollars
            item.details.replacementCost = dollars == 0 ? nil : Int64(dollars) * currency.minorUnitsPerMajorUnit
        }
    }

    static func currency(in connection: Connection) throws -> Currency {
        try connection.firstRow("SELECT value FROM settings WHERE key = 'currency'") { $0.string(0) }.flatMap(Currency.init(code:)) ?? .usd
    }
}
