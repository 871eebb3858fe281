import Database

/// The inventory's settings, kept in its `settings` table (key → text).
extension ItemStore {
    /// The currency every amount is in: ISO 4217, USD until an owner says otherwise.
    public func currency() throws -> Currency {
        try household.read { try Self.currency(in: $0) }
    }

    /// Changes the currency. Stored amounts are kept in minor units, so a currency with another
    /// number of decimals (USD → JPY) is taken only while no amount is stored.
    public func setCurrency(_ currency: Currency) throws {
        try change { connection in
            let current = try Self.currency(in: connection)
            let amounts = try connection.scalar("""
                SELECT count(*) FROM items WHERE household_id = :household AND (purchase_price IS NOT NULL OR replacement_cost IS NOT NULL
                    OR rider_amount IS NOT NULL OR disposed_price IS NOT NULL)
                """) ?? 0
            if currency.minorUnits != current.minorUnits, amounts > 0 {
                let (items, from, to) = (amounts == 1 ? "1 item has" : "\(Int(amounts).grouped) items have", current.code, currency.code)
                let places = current.minorUnits == 1 ? "1 decimal" : "\(current.minorUnits) decimals"
                let wording = Message("error.text.currency-decimals",
                                      "\(items) amounts in \(from), which has \(places); \(to) has \(currency.minorUnits). "
                                      + "Only a currency with \(current.minorUnits) decimals can be chosen now (or remove the amounts first).",
                                      ["count": .count(Int(amounts)), "current": .text(from), "currentDecimals": .count(current.minorUnits),
                                       "chosen": .text(to), "chosenDecimals": .count(currency.minorUnits)])
                throw InventoryError.invalid(ValidationError(errors: [FieldError(field: "currency", wording)]))
            }
            try connection.run("INSERT INTO settings (household_id, key, value) VALUES (:household, ?, ?) ON CONFLICT (household_id, key) DO UPDATE SET value = excluded.value",
                               "currency", currency.code)
        }
    }

    /// Whether devices may keep an offline copy of the pages they open (the list, items, places, the
    /// last claim): yes until an owner turns it off.
    public func keepsOfflineCopy() throws -> Bool {
        try household.read { try Self.keepsOfflineCopy(in: $0) }
    }

    /// Allows or forbids the offline copy on every device (each device removes its copy at its next page).
    public func setKeepsOfflineCopy(_ keeps: Bool) throws {
        try change { connection in
            try connection.run("INSERT INTO settings (household_id, key, value) VALUES (:household, ?, ?) ON CONFLICT (household_id, key) DO UPDATE SET value = excluded.value",
                               Self.offlineCopyKey, keeps ? "on" : "off")
        }
    }

    /// The settings key of the offline copy; its value is `on` or `off`.
    static let offlineCopyKey = "offlineCopy"

    static func keepsOfflineCopy(in connection: HouseholdConnection) throws -> Bool {
        try connection.firstRow("SELECT value FROM settings WHERE household_id = :household AND key = ?", offlineCopyKey) { $0.string(0) } != "off"
    }
}
