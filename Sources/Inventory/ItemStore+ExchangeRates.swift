import Database

/// What an import of the ECB's rates did.
public struct ExchangeRateImport: Sendable, Equatable {
    public let daysInFile: Int
    /// Days the inventory had no rates for before.
    public let newDays: Int
    public let ratesAdded: Int
    public let first: CalendarDate
    public let last: CalendarDate
}

/// The ECB rates the inventory holds.
public struct ExchangeRateSummary: Sendable, Equatable {
    public let days: Int
    public let first: CalendarDate?
    public let last: CalendarDate?
}

/// The ECB's euro reference rates, and the rate a purchase in another currency is converted at.
extension ItemStore {
    /// A rate looked up for a day is the ECB's of that day or of at most this many days before: the
    /// ECB publishes every working day (its longest gap, Easter, is 4 days), so an older one means
    /// newer rates were never imported.
    public static let maxRateAgeInDays = 7

    /// Adds the file's rates. A day and currency the inventory already has is left as it is (the ECB
    /// does not revise its rates), so importing a file again changes nothing and a newer one adds its days.
    public func importRates(_ rates: ECBRates) throws -> ExchangeRateImport {
        try database.write { connection in
            let daysBefore = try connection.scalar("SELECT count(DISTINCT day) FROM exchange_rates") ?? 0
            var added = 0
            for day in rates.days {
                for (code, rate) in day.rates {
                    try connection.run("INSERT INTO exchange_rates (day, currency, per_euro) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                                       day.day.iso, code, rate.description)
                    added += connection.changes
                }
            }
            let daysAfter = try connection.scalar("SELECT count(DISTINCT day) FROM exchange_rates") ?? 0
            let days = rates.days.map(\.day)
            return ExchangeRateImport(daysInFile: days.count, newDays: Int(daysAfter - daysBefore), ratesAdded: added,
                                      first: days.min()!, last: days.max()!)
        }
    }

    public func exchangeRateSummary() throws -> ExchangeRateSummary {
        try database.read { connection in
            try connection.firstRow("SELECT count(DISTINCT day), min(day), max(day) FROM exchange_rates") { row in
                ExchangeRateSummary(days: row.int(0), first: row.optionalString(1).flatMap(CalendarDate.init(iso:)),
                                    last: row.optionalString(2).flatMap(CalendarDate.init(iso:)))
            } ?? ExchangeRateSummary(days: 0, first: nil, last: nil)
        }
    }

    /// Units of `target` one unit of `source` bought on the ECB's latest day on or before `day` that
    /// has both (through the euro: USD per GBP is USD per euro ÷ GBP per euro), and that day.
    public func ecbRate(from source: Currency, to target: Currency, on day: CalendarDate) throws -> (rate: ExchangeRate, day: CalendarDate) {
        try database.read { try Self.ecbRate(from: source, to: target, on: day, in: $0) }
    }

    static func ecbRate(from source: Currency, to target: Currency, on day: CalendarDate, in connection: Connection) throws -> (rate: ExchangeRate, day: CalendarDate) {
        func refuse(_ wording: Message) -> InventoryError {
            .invalid(ValidationError(errors: [FieldError(field: "purchasePaid", wording)]))
        }
        /// The currencies without a rate: one code, or two joined as the language joins them.
        func listed(_ codes: [String]) -> Message.Argument {
            guard codes.count == 2 else { return .text(codes.joined(separator: " and ")) }
            let (first, second) = (codes[0], codes[1])
            return .message(Message("error.text.two-currencies", "\(first) and \(second)", ["first": .text(first), "second": .text(second)]))
        }
        /// The latest day on or before `day` with a rate for every one of `codes` (the euro needs none), and those rates.
        func latest(_ codes: [String]) throws -> (day: CalendarDate, rates: [ExchangeRate])? {
            guard let first = codes.first else { return (day, []) }
            let sql = "SELECT a.day, a.per_euro" + codes.dropFirst().indices.map { ", r\($0).per_euro" }.joined()
                + " FROM exchange_rates a" + codes.dropFirst().indices.map { " JOIN exchange_rates r\($0) ON r\($0).currency = ? AND r\($0).day = a.day" }.joined()
                + " WHERE a.currency = ? AND a.day <= ? ORDER BY a.day DESC LIMIT 1"
            let row: (day: String, rates: [String])? = try connection.firstRow(sql, arguments: Array(codes.dropFirst()) + [first, day.iso]) { row in
                (day: row.string(0), rates: (1...codes.count).map { row.string(Int32($0)) })
            }
            guard let row, let foundDay = CalendarDate(iso: row.day) else { return nil }
            let rates = row.rates.compactMap { try? ExchangeRate(parsing: $0) }
            return rates.count == codes.count ? (foundDay, rates) : nil
        }
        let codes = [source, target].filter { $0.code != "EUR" }.map(\.code)
        guard let found = try latest(codes) else {
            let missing = try codes.first { try latest([$0]) == nil }.map { [$0] } ?? codes
            let (currencies, iso) = (missing.joined(separator: " and "), day.iso)
            throw refuse(Message("error.text.no-ecb-rate",
                                 "No ECB rate for \(currencies) on or before \(iso): enter the rate, or import the ECB’s rates (Settings, Exchange rates).",
                                 ["currencies": listed(missing), "day": .text(iso)]))
        }
        guard day.dayNumber - found.day.dayNumber <= maxRateAgeInDays else {
            let (currencies, iso, foundISO) = (codes.joined(separator: " and "), day.iso, found.day.iso)
            throw refuse(Message("error.text.ecb-rate-too-old", "The ECB’s latest rate for \(currencies) on or before \(iso) is of \(foundISO), "
                                 + "more than \(maxRateAgeInDays) days earlier: import newer rates (Settings, Exchange rates), or enter the rate.",
                                 ["currencies": listed(codes), "day": .text(iso), "found": .text(foundISO), "limit": .count(maxRateAgeInDays)]))
        }
        var perEuro: [String: ExchangeRate] = ["EUR": .one]
        for (code, rate) in zip(codes, found.rates) { perEuro[code] = rate }
        return (ExchangeRate.cross(from: perEuro[source.code]!, to: perEuro[target.code]!), found.day)
    }

    /// A purchase in another currency with its rate: the one given (of the day given, or else the
    /// purchase day), or else the ECB's of the rate's day or the purchase day.
    static func purchasePaid(_ input: PurchasePaidInput, purchased: PurchaseDate?, in currency: Currency, connection: Connection) throws -> PurchasePaid {
        let purchaseDay: CalendarDate? = if case .some(.day(let day)) = purchased { day } else { nil }
        guard let day = input.rateDate ?? purchaseDay else {
            let code = input.currency.code
            let wording = if let purchased {
                Message("error.text.purchase-date-not-a-day", "The purchase date “\(purchased.text)” is not a day, so no \(code) rate can be looked up: "
                        + "give the rate’s date (or the purchase day), or enter the rate with its date.", ["date": .text(purchased.text), "currency": .text(code)])
            } else {
                Message("error.text.no-purchase-date", "Without a purchase date no \(code) rate can be looked up: "
                        + "give the rate’s date (or the purchase day), or enter the rate with its date.", ["currency": .text(code)])
            }
            throw InventoryError.invalid(ValidationError(errors: [FieldError(field: "purchasePaid", wording)]))
        }
        if let rate = input.rate {
            return PurchasePaid(amount: input.amount, currency: input.currency, rate: rate, rateDate: day, fromECB: input.fromECB)
        }
        let found = try ecbRate(from: input.currency, to: currency, on: day, in: connection)
        return PurchasePaid(amount: input.amount, currency: input.currency, rate: found.rate, rateDate: found.day, fromECB: true)
    }
}
