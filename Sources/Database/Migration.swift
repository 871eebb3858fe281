/// One step of the schema, applied once, in order, tracked by `PRAGMA user_version`.
public struct Migration: Sendable {
    public let version: Int
    public let sql: String

    public init(version: Int, sql: String) {
        self.version = version
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
            try transaction {
                try execute(migration.sql)
                try execute("PRAGMA user_version = \(migration.version)")
            }
        }
        return !pending.isEmpty
    }
}
