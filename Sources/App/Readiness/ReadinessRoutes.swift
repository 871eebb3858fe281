import Inventory

/// Every path of claim readiness, spelled once.
enum ReadinessRoutes {
    /// The worklist: gaps ordered by value at risk.
    static let fixNext = RoutePath("/fix")

    /// An item's page opened from the worklist at the field that fills `gap` (its Back returns here).
    static func fix(_ gap: ClaimGapLink) -> String { ItemRoutes.item(gap.itemID) + "?from=fix#" + gap.anchor }
}

/// Where on an item's page a gap is filled.
struct ClaimGapLink: Sendable {
    let itemID: Item.ID
    /// The id of the element to land on.
    let anchor: String
}
