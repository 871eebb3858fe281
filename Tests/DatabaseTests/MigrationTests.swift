import Database
import Foundation
import Testing

/// Migrations run in version order, each exactly once, and a newer file is refused.
@Suite struct MigrationTests {
    static let v1 = Migration(version: 1, sql: "CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    static let v2 = Migration(version: 2, sql: "ALTER TABLE things ADD COLUMN note TEXT NOT NULL DEFAULT ''; INSERT INTO things (name, note) VALUES ('seed', 'from v2')")
    static let v3 = Migration(version: 3, sql: "INSERT INTO things (name, note) VALUES ('more', 'from v3')")

    static func userVersion(_ database: Database) throws -> Int64? {
        try database.read { try $0.scalar("PRAGMA user_version") }
    }

    static func notes(_ database: Database) throws -> [String] {
        try database.read { try $0.rows("SELECT note FROM things ORDER BY id") { $0.string(0) } }
    }

    @Test func appliesInVersionOrderEvenWhenListedOutOfOrder() throws {
        let file = TemporaryDatabase("migrate-order")
        defer { file.remove() }
        // v2 alters the table v1 creates: it only works if v1 runs first.
        let database = try file.open([Self.v2, Self.v1])
        #expect(try Self.userVersion(database) == 2)
        #expect(try Self.notes(database) == ["from v2"])
    }

    @Test func reopeningDoesNotReapply() throws {
        let file = TemporaryDatabase("migrate-once")
        defer { file.remove() }
        do {
            let database = try file.open([Self.v1, Self.v2])
            #expect(try Self.userVersion(database) == 2)
        }
        // A re-run of v1 would fail (table exists) and of v2 would add a second seed row.
        let reopened = try file.open([Self.v1, Self.v2])
        #expect(try Self.userVersion(reopened) == 2)
        #expect(try Self.notes(reopened) == ["from v2"])
    }

    @Test func reopeningWithANewMigrationAppliesOnlyThatOne() throws {
        let file = TemporaryDatabase("migrate-new")
        defer { file.remove() }
        do { _ = try file.open([Self.v1, Self.v2]) }
        let upgraded = try file.open([Self.v1, Self.v2, Self.v3])
        #expect(try Self.userVersion(upgraded) == 3)
        #expect(try Self.notes(upgraded) == ["from v2", "from v3"])
    }

    @Test func databaseFromNewerSchemaIsRefusedWithClearError() throws {
        let file = TemporaryDatabase("migrate-newer")
        defer { file.remove() }
        do { _ = try file.open([Self.v1, Self.v2, Self.v3]) }
        let error = #expect(throws: DatabaseError.self) { try file.open([Self.v1, Self.v2]) }
        #expect(error?.message.contains("newer") == true, "\(String(describing: error))")
        #expect(error?.message.contains("schema 3") == true, "\(String(describing: error))")
        #expect(error?.message.contains("knows 2") == true, "\(String(describing: error))")
        // The file is left as it was.
        let again = try file.open([Self.v1, Self.v2, Self.v3])
        #expect(try Self.userVersion(again) == 3)
        #expect(try Self.notes(again) == ["from v2", "from v3"])
    }

    @Test func failingMigrationLeavesPreviousVersionIntact() throws {
        let file = TemporaryDatabase("migrate-fail")
        defer { file.remove() }
        do { _ = try file.open([Self.v1]) }
        let broken = Migration(version: 2, sql: "CREATE TABLE half (a); INSERT INTO no_such_table VALUES (1)")
        #expect(throws: DatabaseError.self) { try file.open([Self.v1, broken]) }
        let database = try file.open([Self.v1])
        #expect(try Self.userVersion(database) == 1)
        let halfExists = try database.read {
            try $0.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'half'")
        }
        #expect(halfExists == 0)
    }

    @Test func freshDatabaseWithoutMigrationsHasVersionZero() throws {
        let file = TemporaryDatabase("migrate-none")
        defer { file.remove() }
        let database = try file.open([])
        #expect(try Self.userVersion(database) == 0)
    }
}
