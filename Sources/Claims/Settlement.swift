/// How the policy pays for contents: at what a new one costs, or at what the old one was worth.
public enum Settlement: String, Sendable, CaseIterable {
    /// The actual cash value first; the depreciation held back is paid once the item is replaced.
    case replacementCost
    /// The actual cash value, and no more.
    case actualCashValue

    public var label: String {
        switch self {
        case .replacementCost: "Replacement cost"
        case .actualCashValue: "Actual cash value"
        }
    }
}
