/// What the policy says of paying a claim: how it settles, its deductible and its contents limit.
/// A claim holds its own copy of them, taken from the policy when it was made.
public struct ClaimTerms: Sendable, Equatable {
    public var settlement: Settlement
    /// nil when not given: nothing is taken off.
    public var deductible: Int64?
    /// nil when not given: the amount claimed is not held to one.
    public var contentsLimit: Int64?

    public init(settlement: Settlement = .replacementCost, deductible: Int64? = nil, contentsLimit: Int64? = nil) {
        self.settlement = settlement
        self.deductible = deductible
        self.contentsLimit = contentsLimit
    }
}
