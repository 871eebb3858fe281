import Inventory

/// Something about a line's valuation the household or the adjuster should know: a figure that could not
/// be worked out the usual way, or was set by hand.
public enum ValuationFlag: Sendable, Equatable {
    /// The claim has no loss date, so no age and no depreciation.
    case lossDateUnknown
    /// The item has no purchase date: not depreciated until one is added.
    case ageUnknown
    /// The purchase date is after the loss date: not depreciated; the date is probably wrong.
    case boughtAfterLoss(PurchaseDate)
    /// The purchase date is rough ("2019", "about 5 years ago"): the age is counted from its middle and
    /// reads "about 7 years".
    case roughPurchaseDate
    /// The category is not depreciated (jewellery, art).
    case notDepreciated
    /// Depreciation reached `Depreciation.maximumBasisPoints`.
    case capped
    /// No replacement cost: the purchase price stands in for it.
    case replacementCostFromPurchasePrice
    /// Neither a replacement cost nor a purchase price: the line is worth nothing until one is added.
    case noValue
    /// The household set the actual cash value by hand.
    case overridden
    /// The value set by hand was above the replacement cost, so the replacement cost was used.
    case overrideAboveReplacementCost

    /// Whether the line needs something added or checked before it goes to the insurer.
    public var needsAttention: Bool {
        switch self {
        case .lossDateUnknown, .ageUnknown, .boughtAfterLoss, .replacementCostFromPurchasePrice, .noValue, .overrideAboveReplacementCost: true
        case .notDepreciated, .capped, .overridden, .roughPurchaseDate: false
        }
    }
}
