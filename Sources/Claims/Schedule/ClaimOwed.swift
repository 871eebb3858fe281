/// What the insurer owes on the whole claim, as a proof of loss states it: the whole loss, less the
/// deductible, less what lies above the policy's limits, is the amount claimed; less what was paid, the
/// balance; and of the balance, what is paid only once the items are replaced. Worked out once here
/// from the lines' figures, so the claim's page, the adjuster's page, the report and the JSON agree
/// to the minor unit.
///
/// The rules:
/// - An ordinary line counts at replacement cost with its sales tax under a replacement-cost policy
///   (at what replacing it cost, between its actual cash value and its replacement cost with tax, once
///   replaced) and at its actual cash value, pre-tax, under an actual-cash-value policy.
/// - A scheduled item is claimed against its rider, not as contents: at its replacement cost (riders
///   are not depreciated), never above the rider's amount, which is the most its rider pays for the
///   item however much of it was lost (its tax counted in its replacement cost). The deductible and the contents limit are the contents'
///   and do not touch it.
/// - The deductible comes off the contents' whole loss (never more than it), then the contents limit
///   holds what is left.
/// - Payments are the lines' own; a payment above what its line can be owed is kept as recorded and
///   named (`overpaidLines`): the insurer may have paid on other figures, and what was received is a
///   fact the record keeps.
public struct ClaimOwed: Sendable, Equatable {
    public let settlement: Settlement
    /// Every line at what the policy pays for it before the deductible and the limits.
    public let wholeLoss: Int64
    /// The policy's deductible as given; nil when not given.
    public let policyDeductible: Int64?
    /// What comes off for the deductible: all of it, or the contents' whole loss when that is less.
    public let deductible: Int64
    /// The contents less the deductible, above the policy's contents limit.
    public let aboveContentsLimit: Int64
    /// The lines claimed against a rider: their numbers, what they are claimed for, and what lies
    /// above their riders' amounts.
    public let riderLines: [Int]
    public let againstRiders: Int64
    public let aboveRiders: Int64
    /// wholeLoss − deductible − aboveContentsLimit − aboveRiders.
    public let amountClaimed: Int64
    public let paid: Int64
    /// What is still to be paid: the amount claimed less what was paid, never below zero.
    public let balance: Int64
    /// What was paid above the amount claimed; 0 when not.
    public let paidAboveClaim: Int64
    /// The part of the balance held back until the items are replaced: the depreciation of lines not
    /// replaced yet, net of what was paid on them (replacement-cost policies only).
    public let recoverableOnceReplaced: Int64
    /// The lines paid more than they can be owed.
    public let overpaidLines: [Int]

    init(lines: [ClaimScheduleLine], terms: ClaimTerms, totals: ClaimScheduleTotals) {
        let riders = lines.filter(\.againstRider), contents = lines.filter { !$0.againstRider }
        // Both are parts of totals already summed without overflow.
        let contentsLoss = contents.reduce(Int64(0)) { $0 + $1.lossValue }
        let riderLoss = riders.reduce(Int64(0)) { $0 + $1.lossValue }
        settlement = terms.settlement
        wholeLoss = totals.wholeLoss
        policyDeductible = terms.deductible
        deductible = min(max(0, terms.deductible ?? 0), contentsLoss)
        let contentsNet = contentsLoss - deductible
        aboveContentsLimit = terms.contentsLimit.map { max(0, contentsNet - max(0, $0)) } ?? 0
        riderLines = riders.map(\.number)
        againstRiders = riders.reduce(Int64(0)) { $0 + $1.amountClaimed }
        aboveRiders = riderLoss - againstRiders
        amountClaimed = contentsNet - aboveContentsLimit + againstRiders
        paid = totals.paid
        balance = max(0, amountClaimed - paid)
        paidAboveClaim = max(0, paid - amountClaimed)
        let heldBack = lines.filter { $0.replacedCost == nil }.reduce(Int64(0)) { $0 + $1.recoverableDepreciation }
        recoverableOnceReplaced = min(balance, heldBack)
        overpaidLines = lines.filter { $0.paidAboveClaim > 0 }.map(\.number)
    }
}
