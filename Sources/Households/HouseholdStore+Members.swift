import Accounts
import Database
import Foundation

/// A household's members. Who may change them (an owner; anyone may leave) is the request's rule;
/// the store keeps the household's own: it always has an owner, and an account is a member once.
/// Removing a member deletes only the membership: nothing they made refers to it.
extension HouseholdStore {
    /// The household's members, by name.
    public func members(of household: HouseholdAccess) throws -> [HouseholdMember] {
        try database.read { connection in
            try connection.rows("""
                SELECT a.id, a.name, m.role, m.joined_ms FROM household_members m JOIN accounts a ON a.id = m.account_id
                WHERE m.household_id = ? ORDER BY a.name COLLATE NOCASE, a.id
                """, household.id) { row in
                HouseholdMember(id: row.id(0), name: row.string(1), role: try Self.role(row.string(2)),
                                joined: Date(timeIntervalSince1970: Double(row.int64(3)) / 1000))
            }
        }
    }

    /// Makes `account` a member of the household in `role`.
    public func add(_ account: Account.ID, as role: HouseholdRole, to household: HouseholdAccess) throws {
        let now = now()
        try database.write { connection in
            guard try connection.scalar("SELECT 1 FROM households WHERE id = ?", household.id) != nil else { throw HouseholdError.householdNotFound }
            guard try connection.scalar("SELECT 1 FROM accounts WHERE id = ?", account) != nil else { throw HouseholdError.accountNotFound }
            guard try Self.role(of: account, in: household, on: connection) == nil else { throw HouseholdError.alreadyAMember }
            try connection.run("INSERT INTO household_members (household_id, account_id, role, joined_ms) VALUES (?, ?, ?, ?)",
                               household.id, account, role.rawValue, now)
        }
    }

    /// Gives the member `account` the role `role` in the household; refused for its last owner unless
    /// the role stays owner.
    public func setRole(of account: Account.ID, to role: HouseholdRole, in household: HouseholdAccess) throws {
        try database.write { connection in
            guard let current = try Self.role(of: account, in: household, on: connection) else { throw HouseholdError.notAMember }
            if current == .owner, role != .owner { try Self.keepAnOwner(besides: account, in: household, on: connection) }
            try connection.run("UPDATE household_members SET role = ? WHERE household_id = ? AND account_id = ?", role.rawValue, household.id, account)
        }
    }

    /// Ends `account`'s membership (removed by an owner, or leaving); refused for the last owner.
    public func remove(_ account: Account.ID, from household: HouseholdAccess) throws {
        try database.write { connection in
            guard let current = try Self.role(of: account, in: household, on: connection) else { throw HouseholdError.notAMember }
            if current == .owner { try Self.keepAnOwner(besides: account, in: household, on: connection) }
            try connection.run("DELETE FROM household_members WHERE household_id = ? AND account_id = ?", household.id, account)
        }
    }

    static func role(of account: Account.ID, in household: HouseholdAccess, on connection: Connection) throws -> HouseholdRole? {
        try connection.firstRow("SELECT role FROM household_members WHERE household_id = ? AND account_id = ?", household.id, account) {
            try role($0.string(0))
        }
    }

    /// Throws unless the household has an owner other than `account`.
    private static func keepAnOwner(besides account: Account.ID, in household: HouseholdAccess, on connection: Connection) throws {
        let others = try connection.scalar("SELECT count(*) FROM household_members WHERE household_id = ? AND role = 'owner' AND account_id <> ?",
                                           household.id, account) ?? 0
        if others == 0 { throw HouseholdError.lastOwner }
    }
}
