import Inventory

/// Straight-line depreciation in exact integers: an item's age in whole months, the share of its useful
/// life that age is (in basis points, hundredths of a percent), and that share of an amount.
///
/// Straight line is what the contents guides publish (Claims Pages: ACV = RCV − rate × RCV × age). Age
/// is counted in whole months rather than years so that a TV bought eleven months before the loss is not
/// treated as new. Condition is not applied: the guides' rates assume average use and leave more or less
/// wear to the adjuster's judgement (the military Allowance List–Depreciation Guide says so in as many
/// words) without a figure to apply, so Homepwner shows the table's number and lets the household set a
/// line's value by hand, with a reason, where condition matters.
public enum Depreciation {
    /// 90 %: Claims Pages' guide says an item still in use and working "should not be depreciated beyond
    /// 90 %", so it keeps at least a tenth of its replacement cost. (The military guide caps many
    /// categories at 75 %; the insurance guide is the one adjusters of household contents use.)
    public static let maximumBasisPoints = 9_000

    /// Whole months from `purchase` to `loss`: a month counts once its day is reached, or once the month
    /// ends first (bought January 31st, a month old on February 28th). Nil when bought after the loss.
    public static func ageInMonths(purchased purchase: CalendarDate, lost loss: CalendarDate) -> Int? {
        guard purchase <= loss else { return nil }
        var months = (loss.year - purchase.year) * 12 + (loss.month - purchase.month)
        let monthEnded = loss.adding(days: 1).month != loss.month
        if loss.day < purchase.day, !monthEnded { months -= 1 }
        return months
    }

    /// Whole months from a purchase date, exact or rough, to `loss`. A rough date counts from its middle
    /// (`PurchaseDate.reckoningDay`), or from the loss itself when the middle is after the loss but the
    /// date could be before it ("2025" for a loss in March 2025: under a month, not bought after it).
    /// Nil when it was bought after the loss.
    public static func ageInMonths(purchased: PurchaseDate, lost loss: CalendarDate) -> Int? {
        guard purchased.earliestDay <= loss else { return nil }
        return ageInMonths(purchased: min(purchased.reckoningDay, loss), lost: loss)
    }

    /// A rough age as the schedule prints it, to the precision the purchase date has: "about 7 years"
    /// (whole years, rounded half up, for a year or "about N years ago", whose middle may be six
    /// months out), "about 6 years 2 months" for a month (within about two weeks), "about 5 months"
    /// under a year.
    public static func roughAgeText(months: Int, purchased: PurchaseDate) -> String {
        if case .month = purchased { return "about " + ageText(months: months) }
        let years = (months + 6) / 12
        if years == 0 { return months == 0 ? "under a month" : "about " + ageText(months: months) }
        return "about \(years) year\(years == 1 ? "" : "s")"
    }

    /// The share of a useful life `ageInMonths` is, in basis points rounded half up, and whether the
    /// 90 % maximum cut it. Zero for a category that is not depreciated (`usefulLifeYears` nil).
    public static func basisPoints(ageInMonths: Int, usefulLifeYears: Int?) -> (basisPoints: Int, capped: Bool) {
        guard let years = usefulLifeYears, years > 0, ageInMonths > 0 else { return (0, false) }
        let share = Int(roundedHalfUp(Int64(ageInMonths) * 10_000, dividedBy: Int64(years) * 12))
        return share > maximumBasisPoints ? (maximumBasisPoints, true) : (share, false)
    }

    /// `basisPoints` of `amount`, rounded half up to the minor unit; exact for any non-negative amount.
    public static func share(_ basisPoints: Int, of amount: Int64) -> Int64 {
        let points = Int64(basisPoints)
        // Split the amount so that no product exceeds 10,000 × 10,000 plus the whole part's product.
        return amount / 10_000 * points + roundedHalfUp(amount % 10_000 * points, dividedBy: 10_000)
    }

    /// `value` ÷ `divisor` rounded half up, for a non-negative value and a positive divisor.
    static func roundedHalfUp(_ value: Int64, dividedBy divisor: Int64) -> Int64 {
        let quotient = value / divisor, remainder = value % divisor
        return remainder >= divisor - remainder ? quotient + 1 : quotient
    }

    /// `basisPoints` as people read a percentage, always with two decimals so a column lines up:
    /// 8571 → "85.71%", 9000 → "90.00%".
    public static func percentText(_ basisPoints: Int) -> String {
        let hundredths = basisPoints % 100
        return "\(basisPoints / 100)." + (hundredths < 10 ? "0" : "") + "\(hundredths)%"
    }

    /// An age as the schedule prints it: "6 years 2 months", "1 year", "11 months", "under a month".
    public static func ageText(months: Int) -> String {
        let years = months / 12, rest = months % 12
        func count(_ number: Int, _ unit: String) -> String { "\(number) \(unit)\(number == 1 ? "" : "s")" }
        switch (years, rest) {
        case (0, 0): return "under a month"
        case (0, _): return count(rest, "month")
        case (_, 0): return count(years, "year")
        default: return count(years, "year") + " " + count(rest, "month")
        }
    }
}
