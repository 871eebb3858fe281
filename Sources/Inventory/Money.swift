/// An exact amount in one currency, counted in its minor units (cents for USD), never floating point.
public struct Money: Sendable, Hashable {
    public let minorUnits: Int64
    public let currency: Currency

    /// The largest amount the inventory takes: 10,000,000,000.00 USD, 1,000,000,000,000 JPY.
    /// Far above any household item, and low enough that quantity × amount summed over a
    /// hundred thousand items still fits in 64 bits.
    public static let maxMinorUnits: Int64 = 1_000_000_000_000

    /// An amount as stored; values from a person go through `parse`, which checks the limits.
    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// `valueInDollars` as the legacy API sends it: whole major units, checked like any amount.
    public init(wholeMajorUnits: Int64, currency: Currency) throws(MoneyError) {
        guard wholeMajorUnits >= 0 else { throw .negative(currency) }
        let (minorUnits, overflow) = wholeMajorUnits.multipliedReportingOverflow(by: currency.minorUnitsPerMajorUnit)
        guard !overflow, minorUnits <= Self.maxMinorUnits else { throw .tooLarge(limit: Self.limit(in: currency)) }
        self.init(minorUnits: minorUnits, currency: currency)
    }

    public static func zero(in currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

    static func limit(in currency: Currency) -> Money { Money(minorUnits: maxMinorUnits, currency: currency) }

    /// The whole major units, the fraction dropped (1299.99 → 1299): what `valueInDollars` reports.
    public var wholeMajorUnits: Int64 { minorUnits / currency.minorUnitsPerMajorUnit }

    /// The amount times a quantity; refuses a result that does not fit rather than wrapping or trapping.
    public func times(_ quantity: Int) throws(MoneyError) -> Money {
        let (product, overflow) = minorUnits.multipliedReportingOverflow(by: Int64(quantity))
        guard !overflow else { throw .totalTooLarge(currency) }
        return Money(minorUnits: product, currency: currency)
    }

    /// The sum of two amounts in the same currency (an inventory has one); refuses a sum that does not fit.
    public static func + (lhs: Money, rhs: Money) throws(MoneyError) -> Money {
        precondition(lhs.currency == rhs.currency, "adding \(lhs.currency) to \(rhs.currency)")
        let (sum, overflow) = lhs.minorUnits.addingReportingOverflow(rhs.minorUnits)
        guard !overflow else { throw .totalTooLarge(lhs.currency) }
        return Money(minorUnits: sum, currency: lhs.currency)
    }
}

extension Money: Comparable {
    /// Amounts in different currencies order by currency code, so sorting a mixed list never traps.
    public static func < (lhs: Money, rhs: Money) -> Bool {
        if lhs.currency != rhs.currency { return lhs.currency.code < rhs.currency.code }
        return lhs.minorUnits < rhs.minorUnits
    }
}
