import Database

/// The inventory's settings, kept in its `settings` table (key → text).
extension ItemStore {
    private static let currencyKey = "currency"

    /// The currency every amount is in: ISO 4217, USD until an owner says otherwise.
    public func currency() throws -> Currency {
        let code = try database.read { try $0.firstRow("SELECT value FROM settings WHERE key = ?", Self.currencyKey) { $0.string(0) } }
        return code.flatMap(Currency.init(code:)) ?? .usd
    }

    public func setCurrency(_ currency: Currency) throws {
        try change { connection in
            try connection.run("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                               Self.currencyKey, currency.code)
        }
    }
}
