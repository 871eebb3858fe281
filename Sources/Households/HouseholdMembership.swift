import Database

/// A household an account belongs to, and its role there.
public struct HouseholdMembership: Sendable, Equatable, Identifiable {
    public let id: HouseholdID
    public let name: String
    public let role: HouseholdRole
}
