import Foundation
import Database

/// How an item's details are stored, and how the legacy whole-dollar value and the replacement
/// cost stay one amount.
extension ItemStore {
    static let detailColumns: [SQLIdentifier] = [
        "quantity_ten_thousandths", "description", "brand", "model", "barcode", "condition", "notes", "purchase_price", "purchase_date",
        "purchased_from", "replacement_cost", "replacement_cost_date", "replacement_cost_source", "warranty_expires",
        "lifetime_warranty", "warranty_details", "scheduled", "rider_amount", "disposed_kind", "disposed_date", "disposed_price",
        "disposed_notes", "quantity_unit", "business_use", "distinguishing_marks", "purchase_date_said",
        "purchase_paid_amount", "purchase_paid_currency", "purchase_rate", "purchase_rate_date", "purchase_rate_from_ecb",
    ]

    static func decodeDetails(_ row: Row, from first: Int32) -> ItemDetails {
        var details = ItemDetails()
        details.quantity = Quantity(tenThousandths: row.int64(first))
        details.quantityUnit = QuantityUnit(row.string(first + 22)) ?? .pieces
        details.businessUse = row.int(first + 23) != 0
        details.description = row.string(first + 1)
        details.brand = row.string(first + 2)
        details.model = row.string(first + 3)
        details.barcode = row.string(first + 4)
        details.condition = row.optionalString(first + 5).flatMap(ItemCondition.init(rawValue:))
        details.notes = row.string(first + 6)
        details.purchasePrice = row.optionalInt64(first + 7)
        details.purchaseDate = purchaseDate(day: row.optionalString(first + 8), said: row.optionalString(first + 25))
        details.purchasedFrom = row.string(first + 9)
        details.replacementCost = row.optionalInt64(first + 10)
        details.replacementCostDate = row.optionalString(first + 11).flatMap(CalendarDate.init(iso:))
        details.replacementCostSource = row.string(first + 12)
        details.warrantyExpires = row.optionalString(first + 13).flatMap(CalendarDate.init(iso:))
        details.lifetimeWarranty = row.int(first + 14) != 0
        details.warrantyDetails = row.string(first + 15)
        details.scheduled = row.int(first + 16) != 0
        details.riderAmount = row.optionalInt64(first + 17)
        if let kind = row.optionalString(first + 18).flatMap(DisposalKind.init(rawValue:)) {
            details.disposal = Disposal(kind: kind, date: row.optionalString(first + 19).flatMap(CalendarDate.init(iso:)),
                                        price: row.optionalInt64(first + 20), notes: row.string(first + 21))
        }
        details.distinguishingMarks = row.string(first + 24)
        if let amount = row.optionalInt64(first + 26), let currency = row.optionalString(first + 27).flatMap(Currency.init(code:)),
           let rate = row.optionalString(first + 28).flatMap({ try? ExchangeRate(parsing: $0) }),
           let rateDate = row.optionalString(first + 29).flatMap(CalendarDate.init(iso:)) {
            details.purchasePaid = PurchasePaid(amount: amount, currency: currency, rate: rate, rateDate: rateDate, fromECB: row.int(first + 30) != 0)
        }
        return details
    }

    /// An exact day from `purchase_date` alone (every item before inventory v24), a rough one from
    /// what was said.
    static func purchaseDate(day: String?, said: String?) -> PurchaseDate? {
        if let said, let rough = try? PurchaseDate(parsing: said, today: nil) { return rough }
        return day.flatMap(CalendarDate.init(iso:)).map(PurchaseDate.day)
    }

    static func writeDetails(_ details: ItemDetails, of id: Item.ID, in connection: HouseholdConnection) throws {
        try connection.run(
            "UPDATE items SET \(detailColumns.map { "\($0) = ?" as HouseholdSQL }.joined(separator: ", ")) WHERE household_id = :household AND id = ?",
            details.quantity.tenThousandths, details.description, details.brand, details.model, details.barcode, details.condition?.rawValue,
            details.notes, details.purchasePrice, details.purchaseDate?.reckoningDay.iso, details.purchasedFrom, details.replacementCost,
            details.replacementCostDate?.iso, details.replacementCostSource, details.warrantyExpires?.iso, details.lifetimeWarranty,
            details.warrantyDetails, details.scheduled, details.riderAmount, details.disposal?.kind.rawValue, details.disposal?.date?.iso,
            details.disposal?.price, details.disposal?.notes ?? "", details.quantityUnit.symbol, details.businessUse, details.distinguishingMarks,
            details.purchaseDate.flatMap { $0.isRough ? $0.text : nil }, details.purchasePaid?.amount, details.purchasePaid?.currency.code,
            details.purchasePaid?.rate.description, details.purchasePaid?.rateDate.iso, details.purchasePaid?.fromECB ?? false, id)
        try connection.run("DELETE FROM item_custom_fields WHERE household_id = :household AND item_id = ?", id)
        for field in details.customFields {
            try connection.run("INSERT INTO item_custom_fields (household_id, item_id, name, value) VALUES (:household, ?, ?, ?)", id, field.name, field.value)
        }
        try connection.run("DELETE FROM item_tags WHERE household_id = :household AND item_id = ?", id)
        for tag in details.tags {
            try connection.run("INSERT INTO tags (household_id, name) VALUES (:household, ?) ON CONFLICT (household_id, name) DO NOTHING", tag)
            try connection.run("INSERT INTO item_tags (household_id, item_id, tag_id) SELECT :household, ?, id FROM tags WHERE household_id = :household AND name = ?", id, tag)
        }
        try forgetUnusedTags(in: connection)
    }

    static func forgetUnusedTags(in connection: HouseholdConnection) throws {
        try connection.run("DELETE FROM tags WHERE household_id = :household AND id NOT IN (SELECT tag_id FROM item_tags)")
    }

    static func tags(of id: Item.ID, in connection: HouseholdConnection) throws -> [String] {
        try connection.rows("SELECT tags.name FROM item_tags JOIN tags ON tags.id = item_tags.tag_id WHERE item_tags.household_id = :household AND item_tags.item_id = ?", id) { $0.string(0) }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    static func customFields(of id: Item.ID, in connection: HouseholdConnection) throws -> [CustomField] {
        try connection.rows("SELECT name, value FROM item_custom_fields WHERE household_id = :household AND item_id = ?", id) { CustomField(name: $0.string(0), value: $0.string(1)) }
            .sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    }

    /// Every item's custom fields in one query, for the whole list.
    static func customFieldsByItem(in connection: HouseholdConnection) throws -> [Item.ID: [CustomField]] {
        var fields: [Item.ID: [CustomField]] = [:]
        try connection.forEachRow("SELECT item_id, name, value FROM item_custom_fields WHERE household_id = :household", []) { row in
            fields[row.id(0), default: []].append(CustomField(name: row.string(1), value: row.string(2)))
        }
        return fields.mapValues { $0.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending } }
    }

    /// Every item's tags in one query, for the whole list.
    static func tagsByItem(in connection: HouseholdConnection) throws -> [Item.ID: [String]] {
        var tags: [Item.ID: [String]] = [:]
        try connection.forEachRow("SELECT item_tags.item_id, tags.name FROM item_tags JOIN tags ON tags.id = item_tags.tag_id WHERE item_tags.household_id = :household", []) { row in
            tags[row.id(0), default: []].append(row.string(1))
        }
        return tags.mapValues { $0.sorted { $0.localizedStandardCompare($1) == .orderedAscending } }
    }

    /// The name of every tag in use, by name: a tag to choose, without counting its items (a count
    /// reads every item's tags: 100,000 items carry about 150,000).
    public func tagNames() throws -> [String] {
        try household.read { connection in
            try connection.rows("SELECT name FROM tags WHERE household_id = :household AND EXISTS (SELECT 1 FROM item_tags WHERE item_tags.tag_id = tags.id)") { $0.string(0) }
                .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        }
    }

    /// Every tag in use with how many items carry it, by name.
    public func tags() throws -> [(name: String, count: Int)] {
        try household.read { connection in
            try connection.rows("""
                SELECT tags.name, count(*) FROM tags JOIN item_tags ON item_tags.tag_id = tags.id WHERE tags.household_id = :household GROUP BY tags.id
                """) { (name: $0.string(0), count: $0.int(1)) }
                .sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
        }
    }

    /// Makes `input`'s changes to `item`. The replacement cost is the item's value: a replacement cost
    /// sets `valueInDollars` to its whole units; `valueInDollars` alone sets the replacement cost
    /// (0 means none).
    static func apply(_ input: ItemInput, to item: inout Item, in connection: HouseholdConnection) throws {
        let currency = try Self.currency(in: connection)
        item.details = input.details.applied(to: item.details)
        switch input.details.purchasePaid {
        case .none: break
        case .some(.none): item.details.purchasePaid = nil
        case .some(.some(let paid)) where paid.currency == currency:
            // Paid in the inventory's own currency: a plain purchase price.
            (item.details.purchasePaid, item.details.purchasePrice) = (nil, paid.amount)
        case .some(.some(let paid)):
            let resolved = try Self.purchasePaid(paid, purchased: item.details.purchaseDate, in: currency, connection: connection.serverTables)
            do {
                item.details.purchasePrice = try resolved.converted(to: currency).minorUnits
            } catch {
                let code = currency.code
                let subject = Message("error.field.label.converted-price", "The purchase price converted to \(code)", ["currency": .text(code)])
                throw InventoryError.invalid(ValidationError(errors: [FieldError(field: "purchasePaid", error.wording(naming: subject))]))
            }
            item.details.purchasePaid = resolved
        }
        if input.details.replacementCost != nil {
            item.valueInDollars = Int(clamping: (item.details.replacementCost ?? 0) / currency.minorUnitsPerMajorUnit)
        } else if let dollars = input.valueInDollars {
            item.valueInDollars = dollars
            item.details.replacementCost = dollars == 0 ? nil : Int64(dollars) * currency.minorUnitsPerMajorUnit
        }
    }

    static func currency(in connection: HouseholdConnection) throws -> Currency {
        try connection.firstRow("SELECT value FROM settings WHERE household_id = :household AND key = 'currency'") { $0.string(0) }.flatMap(Currency.init(code:)) ?? .usd
    }
}

extension ItemStore {
    /// The value of everything still owned (disposed items leave the totals), by location. Summed
    /// here rather than in SQL: quantity × amount can pass what SQLite's integer sum holds.
    public func totals() throws -> InventoryTotals {
        try household.read { connection in
            var totals = InventoryTotals()
            try connection.forEachRow("""
                SELECT location_id, quantity_ten_thousandths, coalesce(replacement_cost, purchase_price) FROM items WHERE household_id = :household AND disposed_kind IS NULL
                """, []) { row in
                let location: Location.ID? = row.optionalID(0), quantity = Quantity(tenThousandths: row.int64(1)), unitValue = row.optionalInt64(2)
                let line = ItemDetails.lineValue(quantity: quantity, unitValue: unitValue)
                totals.all.add(lineValue: line)
                totals.byLocation[location, default: ValueTotal()].add(lineValue: line)
            }
            return totals
        }
    }
}
