import Database
import Foundation
import Testing

/// A migration that rebuilds a table other tables' foreign keys name keeps their rows (it runs with
/// foreign keys off, where dropping the old table would otherwise delete or refuse them), and one that
/// leaves a key naming nothing is stopped with the file as it was.
@Suite struct MigrationRebuildTests {
    static let v1 = Migration(version: 1, sql: """
        CREATE TABLE shelves (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE books (id INTEGER PRIMARY KEY, shelf_id INTEGER NOT NULL REFERENCES shelves (id) ON DELETE CASCADE);
        INSERT INTO shelves (id, name) VALUES (1, 'Hall'), (2, 'Study');
        INSERT INTO books (id, shelf_id) VALUES (10, 1), (11, 2);
        """)
    /// `shelves` keyed by (room, name) instead of name, ids kept.
    static let rebuild = Migration(version: 2, rebuildsReferencedTable: true, sql: """
        CREATE TABLE shelves_new (room INTEGER NOT NULL DEFAULT 1, id INTEGER PRIMARY KEY, name TEXT NOT NULL, UNIQUE (room, name));
        INSERT INTO shelves_new (id, name) SELECT id, name FROM shelves;
        DROP TABLE shelves;
        ALTER TABLE shelves_new RENAME TO shelves;
        """)
    /// The same, losing the Study on the way: a book would name a shelf that is not there.
    static let losingARow = Migration(version: 2, rebuildsReferencedTable: true, sql: """
        CREATE TABLE shelves_new (room INTEGER NOT NULL DEFAULT 1, id INTEGER PRIMARY KEY, name TEXT NOT NULL, UNIQUE (room, name));
        INSERT INTO shelves_new (id, name) SELECT id, name FROM shelves WHERE name <> 'Study';
        DROP TABLE shelves;
        ALTER TABLE shelves_new RENAME TO shelves;
        """)

    static func books(_ database: Database) throws -> [Int64] {
        try database.read { try $0.rows("SELECT id FROM books ORDER BY id") { $0.int64(0) } }
    }

    @Test func aRebuildKeepsTheRowsThatNameTheTableAndKeysAreOnAfter() throws {
        let file = TemporaryDatabase("rebuild")
        defer { file.remove() }
        do { _ = try file.open([Self.v1]) }
        let database = try file.open([Self.v1, Self.rebuild])
        #expect(try Self.books(database) == [10, 11])
        // Two rooms may now each have a Hall; a book naming no shelf is still refused.
        try database.write { try $0.execute("INSERT INTO shelves (room, id, name) VALUES (2, 3, 'Hall')") }
        #expect(throws: DatabaseError.self) { try database.write { try $0.execute("INSERT INTO books (id, shelf_id) VALUES (12, 99)") } }
        try database.write { try $0.execute("DELETE FROM shelves WHERE id = 1") }
        #expect(try Self.books(database) == [11], "the books' ON DELETE CASCADE applies to the rebuilt table")
    }

    @Test func aRebuildThatLosesARowANameNeedsIsStoppedAndTheFileLeftAsItWas() throws {
        let file = TemporaryDatabase("rebuild-lost")
        defer { file.remove() }
        do { _ = try file.open([Self.v1]) }
        let error = #expect(throws: DatabaseError.self) { try file.open([Self.v1, Self.losingARow]) }
        #expect(error?.message.contains("foreign_key_check") == true, "\(String(describing: error))")
        let database = try file.open([Self.v1])
        #expect(try database.read { try $0.scalar("PRAGMA user_version") } == 1)
        #expect(try database.read { try $0.rows("SELECT name FROM shelves ORDER BY id") { $0.string(0) } } == ["Hall", "Study"])
    }
}
