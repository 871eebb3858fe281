/// What a member may do in one household; each role can do everything the one below it can. Its raw
/// value is what `household_members.role` stores.
public enum HouseholdRole: String, Sendable, CaseIterable, Comparable {
    /// Reads the household.
    case viewer
    /// Also changes its items, places, photos, claims and the rest.
    case editor
    /// Also its settings, members and invitations; a household always has one.
    case owner

    private var rank: Int {
        switch self {
        case .viewer: 0
        case .editor: 1
        case .owner: 2
        }
    }

    public static func < (left: HouseholdRole, right: HouseholdRole) -> Bool { left.rank < right.rank }
}
