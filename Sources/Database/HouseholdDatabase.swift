/// A database seen by one household: each connection it lends is a `HouseholdConnection` bound to
/// that household's id.
public struct HouseholdDatabase: Sendable {
    private let database: Database
    public let household: Int64

    public init(_ database: Database, household: Int64) {
        self.database = database
        self.household = household
    }

    /// Runs `body` with a reader; each query is a read transaction of its own (`Database.read`).
    public func read<T>(_ body: (HouseholdConnection) throws -> T) throws -> T {
        try database.read { try body(HouseholdConnection($0, household: household)) }
    }

    /// Runs `body` in one read transaction (`Database.readTransaction`).
    public func readTransaction<T>(_ body: (HouseholdConnection) throws -> T) throws -> T {
        try database.readTransaction { try body(HouseholdConnection($0, household: household)) }
    }

    /// Runs `body` in a write transaction (`Database.write`).
    public func write<T>(_ body: (HouseholdConnection) throws -> T) throws -> T {
        try database.write { try body(HouseholdConnection($0, household: household)) }
    }
}
