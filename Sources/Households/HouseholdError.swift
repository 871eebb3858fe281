import Messages

/// Why a household operation did not happen; nothing was changed.
public enum HouseholdError: Error, Sendable, Equatable {
    /// What the name breaks, in words the app writes in the reader's language.
    case invalidName(Message)
    /// No such household: one answer for "unknown" and "not yours", so it tells nothing about others'.
    case householdNotFound
    case notAMember
    case alreadyAMember
    case accountNotFound
    /// Removing or demoting this owner would leave the household without one.
    case lastOwner
}

extension HouseholdError: CustomStringConvertible {
    /// What happened and what to do, in words the app writes in the reader's language.
    public var wording: Message {
        switch self {
        case .invalidName(let reason): reason
        case .householdNotFound: Message("error.household.not-found", "There is no such household among yours.")
        case .notAMember: Message("error.household.not-a-member", "That account isn’t a member of this household.")
        case .alreadyAMember: Message("error.household.already-a-member", "That account is already a member of this household; change its role instead.")
        case .accountNotFound: Message("error.household.account-not-found", "There is no such account.")
        case .lastOwner: Message("error.household.last-owner", "This is the household’s last owner; make another member an owner first.")
        }
    }

    public var description: String { wording.english }
}
