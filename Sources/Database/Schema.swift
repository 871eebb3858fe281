/// One module's part of the database: its migrations, counted apart from every other module's, so a
/// module adds one with a version above its own last without reading the others'.
///
/// Versions 1–7 were numbered across modules while one `PRAGMA user_version` counted them all; a
/// migration written since takes 8 or more, so that a file from then is read right — all but the
/// inventory's 7, written just after, which its schema declares (`lastVersionInSharedCount`).
public struct Schema: Sendable {
    public let owner: String
    public let migrations: [Migration]
    /// The owner's last version while one `user_version` counted every module's, when it has a later
    /// one numbered within that count: the inventory's 7 came after the count ended, so a file of the
    /// shared count at 7 has the inventory at 6 (and then 7 must still run).
    public let lastVersionInSharedCount: Int?

    public init(owner: String, migrations: [Migration], lastVersionInSharedCount: Int? = nil) {
        self.owner = owner
        self.migrations = migrations
        self.lastVersionInSharedCount = lastVersionInSharedCount
    }

    /// The last version every module shared through `user_version`.
    static let lastSharedVersion: Int64 = 7
    /// What `user_version` says once modules count their own: more than any build of the shared count
    /// knows, so such a build refuses the file instead of applying its migrations again.
    static let ownedVersionsMarker: Int64 = 1_000

    /// The version this owner had reached in a file of the shared count at `shared`.
    func appliedInSharedCount(_ shared: Int64) -> Int64 {
        let ceiling = min(shared, lastVersionInSharedCount.map(Int64.init) ?? shared)
        return migrations.map { Int64($0.version) }.filter { $0 <= ceiling }.max() ?? 0
    }
}

extension Connection {
    /// Applies each schema's migrations newer than its owner's version, all in one transaction: an
    /// upgrade that fails anywhere leaves the file exactly as it was, and the error says which
    /// migration stopped it and why. Returns whether it changed anything.
    @discardableResult
    func migrate(_ schemas: [Schema]) throws -> Bool {
        var applied = false
        // Foreign keys can be turned off only outside a transaction.
        let rebuilds = try schemas.contains { schema in
            let current = try appliedVersion(of: schema.owner)
            return schema.migrations.contains { $0.rebuildsReferencedTable && $0.version > current }
        }
        if rebuilds { try execute("PRAGMA foreign_keys = OFF") }
        defer { if rebuilds { try? execute("PRAGMA foreign_keys = ON") } }
        try transaction {
            let shared = try scalar("PRAGMA user_version") ?? 0
            let counted = try scalar("SELECT count(*) FROM sqlite_master WHERE name = 'schema_versions'") == 1
            if !counted {
                try execute("CREATE TABLE schema_versions (owner TEXT PRIMARY KEY, version INTEGER NOT NULL)")
                // A file of the shared count: each owner has applied its versions up to that count.
                if shared > 0 {
                    guard shared <= Schema.lastSharedVersion else {
                        throw DatabaseError(message: "The database was written by a newer Homepwner (schema \(shared)). Upgrade Homepwner or restore a backup.")
                    }
                    for schema in schemas {
                        try run("INSERT INTO schema_versions (owner, version) VALUES (?, ?)", schema.owner, schema.appliedInSharedCount(shared))
                    }
                }
                try execute("PRAGMA user_version = \(Schema.ownedVersionsMarker)")
                applied = true
            }
            for schema in schemas {
                let current = try scalar("SELECT version FROM schema_versions WHERE owner = ?", schema.owner) ?? 0
                if let newest = schema.migrations.map(\.version).max(), current > newest {
                    throw DatabaseError(message: "The database was written by a newer Homepwner (its \(schema.owner) schema is at \(current), this build knows \(newest)). Upgrade Homepwner or restore a backup.")
                }
                for migration in schema.migrations.sorted(by: { $0.version < $1.version }) where migration.version > current {
                    do {
                        try execute(migration.sql)
                    } catch let error as DatabaseError {
                        throw error.upgradeStopped(at: "the \(schema.owner) schema's migration \(migration.version)", from: current)
                    }
                    try run("INSERT INTO schema_versions (owner, version) VALUES (?, ?) ON CONFLICT (owner) DO UPDATE SET version = excluded.version",
                            schema.owner, migration.version)
                    applied = true
                }
            }
            if rebuilds { try checkForeignKeys() }
        }
        return applied
    }

    /// The version of `owner`'s schema the file has applied, 0 for a file that does not count them per
    /// owner yet (what a rebuild's check asks before the upgrade starts: a file of the shared count has
    /// applied none of the owned migrations that rebuild).
    private func appliedVersion(of owner: String) throws -> Int {
        guard try scalar("SELECT count(*) FROM sqlite_master WHERE name = 'schema_versions'") == 1 else { return 0 }
        return Int(try scalar("SELECT version FROM schema_versions WHERE owner = ?", owner) ?? 0)
    }
}
