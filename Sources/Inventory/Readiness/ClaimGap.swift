/// What an adjuster would miss about an item. The rules are all in `ClaimReadiness`; the codes are
/// the API's and the README lists them.
public enum ClaimGap: String, Sendable, CaseIterable, Comparable {
    /// A photo taken while walking a room, not named yet: first, since a name comes before the rest.
    case draft
    case noPhoto = "no-photo"
    case noCloseUp = "no-close-up"
    case noProofOfValue = "no-proof-of-value"
    case noPurchaseDate = "no-purchase-date"
    case noReplacementCost = "no-replacement-cost"
    case staleReplacementCost = "stale-replacement-cost"
    case noRoom = "no-room"

    /// What to do about it, as the item and the Fix next list say it.
    public var advice: String {
        switch self {
        case .draft: "Name this draft (or merge it into the item it shows, or discard it)"
        case .noPhoto: "Add a photo of it"
        case .noCloseUp: "Add a close-up or a photo of its serial plate"
        case .noProofOfValue: "Attach a receipt, an appraisal or other proof of what it cost"
        case .noPurchaseDate: "Say when it was bought"
        case .noReplacementCost: "Look up what it would cost to replace"
        case .staleReplacementCost: "Look up its replacement cost again (it is over two years old, or undated)"
        case .noRoom: "Say which room it is in"
        }
    }

    /// The detail page field that fills it, for a link straight to it.
    public var field: String {
        switch self {
        case .draft: "name"
        case .noPhoto, .noCloseUp: "photos"
        case .noProofOfValue: "documents"
        case .noPurchaseDate: "purchaseDate"
        case .noReplacementCost: "replacementCost"
        case .staleReplacementCost: "replacementCostDate"
        case .noRoom: "locationId"
        }
    }

    public static func < (lhs: ClaimGap, rhs: ClaimGap) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
