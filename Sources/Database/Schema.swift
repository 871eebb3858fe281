/// One module's part of the database: its migrations, counted apart from every other module's, so a
/// module adds one with a version above its own last without reading the others'.
///
/// Versions 1–7 were numbered across modules while one `PRAGMA user_version` counted them all; a
/// migration written since, in any module, takes 8 or more, so that a file from then is read right.
public struct Schema: Sendable {
    public let owner: String
    public let migrations: [Migration]

    public init(owner: String, migrations: [Migration]) {
        self.owner = owner
        self.migrations = migrations
    }

    /// The last version every module shared through `user_version`.
    static let lastSharedVersion: Int64 = 7
    /// What `user_version` says once modules count their own: more than any build of the shared count
    /// knows, so such a build refuses the file instead of applying its migrations again.
    static let ownedVersionsMarker: Int64 = 1_000
}

extension Connection {
    /// Applies each schema's migrations newer than its owner's version, each in its own transaction.
    func migrate(_ schemas: [Schema]) throws {
        let shared = try scalar("PRAGMA user_version") ?? 0
        let counted = try scalar("SELECT count(*) FROM sqlite_master WHERE name = 'schema_versions'") == 1
        if !counted {
            try transaction {
                try execute("CREATE TABLE schema_versions (owner TEXT PRIMARY KEY, version INTEGER NOT NULL)")
                // A file of the shared count: each owner has applied its versions up to that count.
                if shared > 0 {
                    guard shared <= Schema.lastSharedVersion else {
                        throw DatabaseError(message: "The database was written by a newer Homepwner (schema \(shared)). Upgrade Homepwner or restore a backup.")
                    }
                    for schema in schemas {
                        let applied = schema.migrations.map { Int64($0.version) }.filter { $0 <= shared }.max() ?? 0
                        try run("INSERT INTO schema_versions (owner, version) VALUES (?, ?)", schema.owner, applied)
                    }
                }
                try execute("PRAGMA user_version = \(Schema.ownedVersionsMarker)")
            }
        }
        for schema in schemas {
            let current = try scalar("SELECT version FROM schema_versions WHERE owner = ?", schema.owner) ?? 0
            if let newest = schema.migrations.map(\.version).max(), current > newest {
                throw DatabaseError(message: "The database was written by a newer Homepwner (its \(schema.owner) schema is at \(current), this build knows \(newest)). Upgrade Homepwner or restore a backup.")
            }
            for migration in schema.migrations.sorted(by: { $0.version < $1.version }) where migration.version > current {
                try transaction {
                    try execute(migration.sql)
                    try run("INSERT INTO schema_versions (owner, version) VALUES (?, ?) ON CONFLICT (owner) DO UPDATE SET version = excluded.version",
                            schema.owner, migration.version)
                }
            }
        }
    }
}
