import Database

/// The inventory's settings, kept in its `settings` table (key → text).
extension ItemStore {
    /// The currency every amount is in: ISO 4217, USD until an owner says otherwise.
    public func currency() throws -> Currency {
        try database.read { try Self.currency(in: $0) }
    }

    /// Changes the currency. Stored amounts are kept in minor units, so a currency with another
    /// number of decimals (USD → JPY) is taken only while no amount is stored.
    public func setCurrency(_ currency: Currency) throws {
        try change { connection in
            let current = try Self.currency(in: connection)
            let amounts = try connection.scalar("""
                SELECT count(*) FROM items WHERE purchase_price IS NOT NULL OR replacement_cost IS NOT NULL
                    OR rider_amount IS NOT NULL OR disposed_price IS NOT NULL
                """) ?? 0
            if currency.minorUnits != current.minorUnits, amounts > 0 {
                throw InventoryError.invalid(ValidationError(errors: [FieldError(field: "currency", message:
                    "\(amounts) items have amounts in \(current.code), which has \(current.minorUnits) decimals; \(currency.code) has \(currency.minorUnits). "
                    + "Only a currency with \(current.minorUnits) decimals can be chosen now (or remove the amounts first).")]))
            }
            try connection.run("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                               "currency", currency.code)
        }
    }
}
