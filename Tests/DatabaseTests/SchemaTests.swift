import Database
import Foundation
import Testing

/// Each module counts its own migrations: one adds a migration without reading the others', and a
/// file from when one `user_version` counted every module's is taken over as it stands.
@Suite struct SchemaTests {
    static let things = Schema(owner: "things", migrations: [
        Migration(version: 1, sql: "CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"),
        Migration(version: 3, sql: "INSERT INTO things (name) VALUES ('from things 3')"),
    ])
    static let people = Schema(owner: "people", migrations: [
        Migration(version: 2, sql: "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"),
    ])

    static func names(_ database: Database, _ table: String) throws -> [String] {
        try database.read { try $0.rows("SELECT name FROM \(table) ORDER BY id") { $0.string(0) } }
    }

    @Test func anOwnerAddsAMigrationWithoutTheOthers() throws {
        let file = TemporaryDatabase("schema-owners")
        defer { file.remove() }
        do { _ = try Database(path: file.path, schemas: [Self.things, Self.people]) }
        // Both owners may number their next migration 8: they count apart.
        let things = Schema(owner: "things", migrations: Self.things.migrations + [Migration(version: 8, sql: "INSERT INTO things (name) VALUES ('from things 8')")])
        let people = Schema(owner: "people", migrations: Self.people.migrations + [Migration(version: 8, sql: "INSERT INTO people (name) VALUES ('from people 8')")])
        let database = try Database(path: file.path, schemas: [things, people])
        #expect(try Self.names(database, "things") == ["from things 3", "from things 8"])
        #expect(try Self.names(database, "people") == ["from people 8"])
        // Opened again, nothing runs twice.
        let again = try Database(path: file.path, schemas: [things, people])
        #expect(try Self.names(again, "things") == ["from things 3", "from things 8"])
    }

    @Test func aFileOfTheSharedCountIsTakenOverAsItStands() throws {
        let file = TemporaryDatabase("schema-shared")
        defer { file.remove() }
        // Written by a build that applied every module's migrations up to 2 in one count.
        do { _ = try Database(path: file.path, migrations: (Self.things.migrations + Self.people.migrations).filter { $0.version <= 2 }) }
        let database = try Database(path: file.path, schemas: [Self.things, Self.people])
        // 1 and 2 were applied before (a second run would fail: the tables exist); 3 runs now.
        #expect(try Self.names(database, "things") == ["from things 3"])
        #expect(try Self.names(database, "people") == [])
        // A build of the shared count refuses the file now, instead of running its migrations again.
        let error = #expect(throws: DatabaseError.self) { try Database(path: file.path, migrations: Self.things.migrations) }
        #expect(error?.message.contains("newer Homepwner") == true, "\(String(describing: error))")
    }

    @Test func aFileWhereAnOwnerIsAheadIsRefused() throws {
        let file = TemporaryDatabase("schema-newer")
        defer { file.remove() }
        let ahead = Schema(owner: "things", migrations: Self.things.migrations + [Migration(version: 9, sql: "SELECT 1")])
        do { _ = try Database(path: file.path, schemas: [ahead]) }
        let error = #expect(throws: DatabaseError.self) { try Database(path: file.path, schemas: [Self.things]) }
        #expect(error?.message.contains("things schema is at 9, this build knows 3") == true, "\(String(describing: error))")
    }

    @Test func aFailingMigrationLeavesItsOwnerWhereItWas() throws {
        let file = TemporaryDatabase("schema-fail")
        defer { file.remove() }
        do { _ = try Database(path: file.path, schemas: [Self.things]) }
        let broken = Schema(owner: "things", migrations: Self.things.migrations + [Migration(version: 8, sql: "INSERT INTO no_such_table VALUES (1)")])
        #expect(throws: DatabaseError.self) { try Database(path: file.path, schemas: [broken]) }
        let database = try Database(path: file.path, schemas: [Self.things])
        #expect(try Self.names(database, "things") == ["from things 3"])
    }
}
