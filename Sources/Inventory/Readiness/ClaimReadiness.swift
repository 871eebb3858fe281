/// Whether an item would stand up in a claim, and what is missing: the one place the rules live.
///
/// An adjuster settles a line on what can be shown: that the thing existed (a photo), which one it
/// was (a close-up or the serial plate), what it cost (a receipt or appraisal, a purchase date),
/// what it would cost now (a replacement cost looked up in the last two years) and where it was.
public struct ClaimReadiness: Sendable, Equatable {
    public let gaps: [ClaimGap]
    public var isReady: Bool { gaps.isEmpty }

    /// A replacement cost older than this many years no longer shows what replacing it costs.
    public static let replacementCostMaxAgeYears = 2

    /// What is known about an item's evidence beyond its fields.
    public struct Evidence: Sendable, Equatable {
        public var photos: Int
        /// Photos marked as a close-up or the serial plate.
        public var closeUps: Int
        /// Receipts and appraisals (proof of what it cost).
        public var proofsOfValue: Int

        public init(photos: Int, closeUps: Int = 0, proofsOfValue: Int = 0) {
            self.photos = photos
            self.closeUps = closeUps
            self.proofsOfValue = proofsOfValue
        }
    }

    public init(item: Item, evidence: Evidence, today: CalendarDate) {
        var gaps: [ClaimGap] = item.isDraft ? [.draft] : []
        if evidence.photos == 0 { gaps.append(.noPhoto) }
        if evidence.closeUps == 0 { gaps.append(.noCloseUp) }
        if evidence.proofsOfValue == 0 { gaps.append(.noProofOfValue) }
        let details = item.details
        if details.purchaseDate == nil { gaps.append(.noPurchaseDate) }
        if details.replacementCost == nil {
            gaps.append(.noReplacementCost)
        } else if let lookedUp = details.replacementCostDate, lookedUp >= today.adding(years: -Self.replacementCostMaxAgeYears) {
            // Recent enough.
        } else {
            gaps.append(.staleReplacementCost)
        }
        if item.locationID == nil { gaps.append(.noRoom) }
        self.gaps = gaps
    }
}
