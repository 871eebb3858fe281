import Accounts
import Database
import Foundation

/// An account in a household, with its role there.
public struct HouseholdMember: Sendable, Equatable, Identifiable {
    public let id: Account.ID
    public let name: String
    public let role: HouseholdRole
    public let joined: Date
}
