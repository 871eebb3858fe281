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
