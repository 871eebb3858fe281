import Accounts
import Clocks
import Database
import Foundation
import Messages
import TextRules

/// Households and who belongs to each, with what role; the one maker of a `HouseholdAccess`.
/// Not used by requests yet: session 2 of docs/plans/households.md wires it in.
public final class HouseholdStore: Sendable {
    let database: Database
    /// The time of day households and memberships are dated by.
    public let clock: any TimeSource

    public static let maximumNameLength = 200
    static let nameLength = Message("error.household.name-length", "A household’s name has 1 to \(maximumNameLength) characters.",
                                    ["limit": .count(maximumNameLength)])
    static let nameRule = TextRule(Message("error.household.name-label", "A household’s name"), maxCharacters: maximumNameLength,
                                   oneLine: true) { _, _, _ in nameLength }

    public init(database: Database, clock: any TimeSource = WallClock()) {
        self.database = database
        self.clock = clock
    }

    /// Makes a household named `name` with `owner` its owner, in one write: its row, the owner's
    /// membership, and a counter from 1 for each kind of row it numbers. Its id prefix and files folder
    /// are its own id, which no household is ever given again (`AUTOINCREMENT`), so a printed label of a
    /// deleted household's thing never opens another's.
    public func create(named name: String, owner: Account.ID) throws -> HouseholdMembership {
        let name = try Self.checked(name: name)
        let now = now()
        return try database.write { connection in
            guard try connection.scalar("SELECT 1 FROM accounts WHERE id = ?", owner) != nil else { throw HouseholdError.accountNotFound }
            // The id AUTOINCREMENT would give, taken here because the prefix and the folder are made of it.
            let given = try connection.scalar("SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'households'), 0), coalesce((SELECT max(id) FROM households), 0))") ?? 0
            let id = HouseholdID(given + 1)
            try connection.run("INSERT INTO households (id, name, id_prefix, files_folder, created_ms) VALUES (?, ?, ?, ?, ?)",
                               id, name, id.rawValue, "households/\(id)", now)
            try connection.run("INSERT INTO household_members (household_id, account_id, role, joined_ms) VALUES (?, ?, ?, ?)",
                               id, owner, HouseholdRole.owner.rawValue, now)
            for entity in HouseholdEntity.allCases {
                try connection.run("INSERT INTO household_sequences (household_id, entity, next) VALUES (?, ?, 1)", id, entity.rawValue)
            }
            return HouseholdMembership(id: id, name: name, role: .owner)
        }
    }

    /// Every household `account` belongs to, with its role in each, oldest first.
    public func households(of account: Account.ID) throws -> [HouseholdMembership] {
        try database.read { connection in
            try connection.rows("""
                SELECT h.id, h.name, m.role FROM household_members m JOIN households h ON h.id = m.household_id
                WHERE m.account_id = ? ORDER BY h.id
                """, account) { row in
                HouseholdMembership(id: row.id(0), name: row.string(1), role: try Self.role(row.string(2)))
            }
        }
    }

    /// The household as `account` may use it: nil when it is not a member, exactly as when there is
    /// no such household.
    public func access(to household: HouseholdID, for account: Account.ID) throws -> HouseholdAccess? {
        try database.read { connection in
            try connection.firstRow("""
                SELECT h.id, m.role, h.id_prefix, h.files_folder FROM household_members m JOIN households h ON h.id = m.household_id
                WHERE m.household_id = ? AND m.account_id = ?
                """, household, account) { row in
                HouseholdAccess(id: row.id(0), role: try Self.role(row.string(1)), idPrefix: row.int64(2), filesFolder: row.string(3))
            }
        }
    }

    /// The household `account`'s requests work in when they name none: the lowest-numbered of its
    /// households, which `GET /api/v1/households` calls current; nil for an account in none.
    public func currentAccess(for account: Account.ID) throws -> HouseholdAccess? {
        try database.read { connection in
            try connection.firstRow("""
                SELECT h.id, m.role, h.id_prefix, h.files_folder FROM household_members m JOIN households h ON h.id = m.household_id
                WHERE m.account_id = ? ORDER BY h.id LIMIT 1
                """, account) { row in
                HouseholdAccess(id: row.id(0), role: try Self.role(row.string(1)), idPrefix: row.int64(2), filesFolder: row.string(3))
            }
        }
    }

    /// Every household `account` is a member of, as it may use each, lowest-numbered (its current one)
    /// first: what is read for it across its households (its reminders).
    public func everyAccess(for account: Account.ID) throws -> [HouseholdAccess] {
        try database.read { connection in
            try connection.rows("""
                SELECT h.id, m.role, h.id_prefix, h.files_folder FROM household_members m JOIN households h ON h.id = m.household_id
                WHERE m.account_id = ? ORDER BY h.id
                """, account) { row in
                HouseholdAccess(id: row.id(0), role: try Self.role(row.string(1)), idPrefix: row.int64(2), filesFolder: row.string(3))
            }
        }
    }

    /// The first household, owned by whoever calls while the server is open without accounts (the
    /// local user is everyone then, and there is no other household: making one needs an account).
    public func openAccess() throws -> HouseholdAccess {
        let first = try database.read { connection in
            try connection.firstRow("SELECT id, id_prefix, files_folder FROM households ORDER BY id LIMIT 1") { row in
                HouseholdAccess(id: row.id(0), role: .owner, idPrefix: row.int64(1), filesFolder: row.string(2))
            }
        }
        guard let first else { throw HouseholdError.householdNotFound }
        return first
    }

    /// Every household, oldest first, as the server's own passes go through them (a walk-through's
    /// frames, reading the items' photos): each household's share is done in that household, as an
    /// editor of it, never by a request.
    public func everyHousehold() throws -> [HouseholdAccess] {
        try database.read { connection in
            try connection.rows("SELECT id, id_prefix, files_folder FROM households ORDER BY id") { row in
                HouseholdAccess(id: row.id(0), role: .editor, idPrefix: row.int64(1), filesFolder: row.string(2))
            }
        }
    }

    /// The household an adjuster's link was made in, as its pages may use it: to read, as a viewer.
    /// Whoever holds the link is no member and has no account; the link's token is the access, and
    /// its claim's household is the link's. Nil when the household is gone (its links went with it).
    public func sharedByLink(in household: HouseholdID) throws -> HouseholdAccess? {
        try database.read { connection in
            try connection.firstRow("SELECT id, id_prefix, files_folder FROM households WHERE id = ?", household) { row in
                HouseholdAccess(id: row.id(0), role: .viewer, idPrefix: row.int64(1), filesFolder: row.string(2))
            }
        }
    }

    // MARK: Helpers

    /// The clock's time in milliseconds since 1970, as the tables store it.
    func now() -> Int64 { Int64(clock.now.timeIntervalSince1970 * 1000) }

    static func checked(name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if let wording = trimmed.isEmpty ? nameLength : nameRule.wording(checking: trimmed) {
            throw HouseholdError.invalidName(wording)
        }
        return trimmed
    }

    /// A stored role; the table's CHECK allows no other value.
    static func role(_ stored: String) throws -> HouseholdRole {
        guard let role = HouseholdRole(rawValue: stored) else { throw DatabaseError(message: "A household member’s role “\(stored)” is not one Homepwner knows.") }
        return role
    }
}
