/// What an item cost in the currency it was paid in, and the rate it was converted at: the purchase
/// price (`ItemDetails.purchasePrice`) is this amount in the inventory's currency, so every total, actual
/// cash value and claim sum stays in one currency, and the packet can show both.
public struct PurchasePaid: Sendable, Equatable {
    /// Minor units of `currency` (pence for GBP, yen for JPY).
    public var amount: Int64
    public var currency: Currency
    /// Units of the inventory's currency one unit of `currency` bought (1 GBP = 1.3252 USD is 1.3252).
    public var rate: ExchangeRate
    /// The day the rate is of: the ECB's day a rate was looked up on, or the one given with it.
    public var rateDate: CalendarDate
    /// Whether the rate came from the ECB's reference rates rather than from the household.
    public var fromECB: Bool

    public init(amount: Int64, currency: Currency, rate: ExchangeRate, rateDate: CalendarDate, fromECB: Bool) {
        self.amount = amount
        self.currency = currency
        self.rate = rate
        self.rateDate = rateDate
        self.fromECB = fromECB
    }

    public var money: Money { Money(minorUnits: amount, currency: currency) }

    /// The amount in `target`, rounded once, half-even, to its minor unit: amount × rate, exact in
    /// 128 bits until that one rounding. Refuses a result beyond what the inventory stores.
    public func converted(to target: Currency) throws(MoneyError) -> Money {
        try Self.convert(amount, from: currency, at: rate, to: target)
    }

    /// `minorUnits` of `source` at `rate` in `target`, as `converted(to:)`.
    public static func convert(_ minorUnits: Int64, from source: Currency, at rate: ExchangeRate, to target: Currency) throws(MoneyError) -> Money {
        guard minorUnits >= 0 else { throw .negative(source) }
        // minor × rate × 10^targetDecimals / 10^sourceDecimals, the rate being significand / 10^scale.
        let numerator = Int128(minorUnits) * Int128(rate.significand) * ExchangeRate.pow10(target.minorUnits)
        let denominator = ExchangeRate.pow10(rate.scale + source.minorUnits)
        let result = ExchangeRate.dividedRoundingHalfEven(numerator, by: denominator)
        guard result <= Int128(Money.maxMinorUnits) else { throw .tooLarge(limit: Money.limit(in: target)) }
        return Money(minorUnits: Int64(result), currency: target)
    }
}

/// A purchase in another currency as sent: the amount and its currency, and either the rate and its
/// day or nothing more (the rate is then looked up in the ECB's rates on the rate's day, or else the
/// purchase date's).
public struct PurchasePaidInput: Sendable, Equatable {
    public var amount: Int64
    public var currency: Currency
    public var rate: ExchangeRate?
    public var rateDate: CalendarDate?
    /// A rate given that was the ECB's, as an item's JSON or an export says (so an item sent back is unchanged).
    public var fromECB = false

    public init(amount: Int64, currency: Currency, rate: ExchangeRate? = nil, rateDate: CalendarDate? = nil) {
        self.amount = amount
        self.currency = currency
        self.rate = rate
        self.rateDate = rateDate
    }
}
