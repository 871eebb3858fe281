import Foundation
/// The sales tax rate of the claim's address, as the household entered it (there is no rate
/// database): a percentage with up to four decimals ("8.875"), kept exactly as millionths of the
/// price. Tax is worked out on each line's pre-tax replacement cost and rounded once, half up, per
/// line; the claim's tax is the sum of its lines' (as XactContents adds a tax column per line).
public struct SalesTaxRate: Sendable, Equatable {
    /// 8.875 % is 88_750.
    public let millionths: Int64

    public static let maxDecimals = 4
    /// Below 100 %: VAT and sales tax rates are far below it; anything above is a typing slip.
    public static let maxMillionths: Int64 = 999_999

    public init?(millionths: Int64) {
        guard (0...Self.maxMillionths).contains(millionths) else { return nil }
        self.millionths = millionths
    }

    /// "8.875", "8.875%", "7", "0.5": a percentage; nil for anything else (a comma, a sign, five
    /// decimals, 100 or more).
    public init?(percent text: String) {
        var text = text.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("%") { text = String(text.dropLast()).trimmingCharacters(in: .whitespaces) }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty, whole.count <= 2,
              whole.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= Self.maxDecimals, fraction.allSatisfy({ $0.isASCII && $0.isNumber }),
              parts.count == 1 || !fraction.isEmpty,
              let wholeValue = Int64(whole),
              let fractionValue = Int64(fraction.padding(toLength: Self.maxDecimals, withPad: "0", startingAt: 0)) else { return nil }
        self.init(millionths: wholeValue * 10_000 + fractionValue)
    }

    /// "8.875": the percentage without trailing zeros.
    public var percentText: String {
        let whole = millionths / 10_000, fraction = millionths % 10_000
        guard fraction != 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: Self.maxDecimals - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }

    /// The tax on `amount` minor units, rounded half up once; throws past what 64 bits hold.
    public func tax(on amount: Int64) throws(ValuationError) -> Int64 {
        guard amount > 0 else { return 0 }
        // Split so the product stays in 64 bits: amount = q × 10⁶ + r.
        let quotient = amount / 1_000_000, remainder = amount % 1_000_000
        let (whole, overflow) = quotient.multipliedReportingOverflow(by: millionths)
        guard !overflow else { throw .totalTooLarge }
        let (sum, overflowSum) = whole.addingReportingOverflow(Depreciation.roundedHalfUp(remainder * millionths, dividedBy: 1_000_000))
        guard !overflowSum else { throw .totalTooLarge }
        return sum
    }
}
