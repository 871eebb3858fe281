/// One step of the schema, applied once, in order, tracked by `PRAGMA user_version`.
public struct Migration: Sendable {
    public let version: Int
    public let sql: String
    /// Whether it rebuilds a table other tables' foreign keys name (SQLite's twelve steps: a new table,
    /// the rows copied, the old one dropped, the new one renamed): the upgrade then runs with foreign keys
    /// off, since dropping the old table would delete or refuse the rows that name it, and checks every
    /// key before it commits (`PRAGMA foreign_key_check`).
    public let rebuildsReferencedTable: Bool

    public init(version: Int, rebuildsReferencedTable: Bool = false, sql: String) {
        self.version = version
        self.rebuildsReferencedTable = rebuildsReferencedTable
        self.sql = sql
    }
}

extension Connection {
    /// Applies the migrations newer than the database's version, each in its own transaction; returns
    /// whether it applied any.
    @discardableResult
    func migrate(_ migrations: [Migration]) throws -> Bool {
        let current = try scalar("PRAGMA user_version") ?? 0
        if let newest = migrations.map(\.version).max(), current > newest {
            throw DatabaseError(message: "The database was written by a newer Homepwner (schema \(current), this build knows \(newest)). Upgrade Homepwner or restore a backup.")
        }
        let pending = migrations.sorted(by: { $0.version < $1.version }).filter { $0.version > current }
        for migration in pending {
            if migration.rebuildsReferencedTable { try execute("PRAGMA foreign_keys = OFF") }
            defer { if migration.rebuildsReferencedTable { try? execute("PRAGMA foreign_keys = ON") } }
            try transaction {
                try execute(migration.sql)
                if migration.rebuildsReferencedTable { try checkForeignKeys() }
                try execute("PRAGMA user_version = \(migration.version)")
            }
        }
        return !pending.isEmpty
    }

    /// After a rebuild: every foreign key still names a row, or the upgrade stops and leaves the file as it was.
    func checkForeignKeys() throws {
        if let broken = try scalar("SELECT count(*) FROM pragma_foreign_key_check"), broken > 0 {
            throw DatabaseError(message: "The upgrade was stopped and the file left as it was: after rebuilding tables, \(broken) rows name a row that is not there (PRAGMA foreign_key_check).")
        }
    }
}
