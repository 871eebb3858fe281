import Inventory

/// Sums over a set of schedule lines: the whole claim, or one room. Every figure is the sum of the
/// lines' figures, so the totals agree with the lines to the minor unit.
public struct ClaimScheduleTotals: Sendable, Equatable {
    /// The room these lines are in ("" for lines without one); "" for the whole claim.
    public let room: String
    public let lineCount: Int
    /// The quantities lost added up, whatever their units (a decimal: 2.5 gal and 6 make 8.5).
    public let quantity: Quantity
    /// Over the lines whose purchase price is known.
    public let originalCost: Int64
    /// Before sales tax.
    public let replacementCost: Int64
    /// The lines' sales tax, each rounded once.
    public let tax: Int64
    public let replacementCostWithTax: Int64
    public let depreciation: Int64
    public let actualCashValue: Int64
    public let paid: Int64
    public let recoverableDepreciation: Int64
    /// The lines' loss values (see `ClaimScheduleLine.lossValue`).
    public let wholeLoss: Int64
    /// What the lines are claimed for, riders' amounts held to.
    public let amountClaimed: Int64

    /// Sums `lines`; throws rather than wrapping past 64 bits.
    init(room: String, lines: [ClaimScheduleLine]) throws(ValuationError) {
        func sum(_ value: (ClaimScheduleLine) -> Int64) throws(ValuationError) -> Int64 {
            var total: Int64 = 0
            for line in lines {
                let (next, overflow) = total.addingReportingOverflow(value(line))
                guard !overflow else { throw .totalTooLarge }
                total = next
            }
            return total
        }
        self.room = room
        self.lineCount = lines.count
        var quantity = Quantity.zero
        for line in lines {
            guard let sum = quantity + line.quantityLost else { throw .totalTooLarge }
            quantity = sum
        }
        self.quantity = quantity
        self.originalCost = try sum { $0.valuation.lineOriginalCost ?? 0 }
        self.replacementCost = try sum(\.valuation.lineReplacementCost)
        self.tax = try sum(\.tax)
        self.replacementCostWithTax = try sum(\.replacementCostWithTax)
        self.depreciation = try sum(\.valuation.lineDepreciation)
        self.actualCashValue = try sum(\.valuation.lineActualCashValue)
        self.paid = try sum { $0.paid ?? 0 }
        self.recoverableDepreciation = try sum(\.recoverableDepreciation)
        self.wholeLoss = try sum(\.lossValue)
        self.amountClaimed = try sum(\.amountClaimed)
    }
}
