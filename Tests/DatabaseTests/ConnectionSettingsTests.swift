import Database
import Foundation
import Testing

/// How every database is opened: WAL, enforced foreign keys, durable commits, read-only readers,
/// and clear errors for files that cannot be used.
@Suite struct ConnectionSettingsTests {
    static let schema = [Migration(version: 1, sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)")]

    @Test func journalModeIsWAL() throws {
        let file = TemporaryDatabase("settings-wal")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        #expect(try database.read { try $0.firstRow("PRAGMA journal_mode") { $0.string(0) } } == "wal")
        #expect(try database.write { try $0.firstRow("PRAGMA journal_mode") { $0.string(0) } } == "wal")
    }

    /// A person who stops the server and copies `homepwner.sqlite` alone (not its `-wal`) copies
    /// every commit: closing folds the WAL into the file.
    @Test func onceClosedTheFileAloneHoldsEveryCommit() throws {
        let file = TemporaryDatabase("settings-close")
        let copy = TemporaryDatabase("settings-close-copy")
        defer { file.remove(); copy.remove() }
        do {
            let database = try file.open(Self.schema)
            try database.write { try $0.run("INSERT INTO t (name) VALUES (?)", "written after the last checkpoint") }
            let wal = try FileManager.default.attributesOfItem(atPath: file.path + "-wal")[.size] as? Int ?? 0
            #expect(wal > 0, "while open, the commit is in the WAL")
        }
        try FileManager.default.copyItem(atPath: file.path, toPath: copy.path)
        let copied = try Database(readingOnly: copy.path)
        #expect(try copied.read { try $0.rows("SELECT name FROM t") { $0.string(0) } } == ["written after the last checkpoint"])
    }

    @Test func foreignKeysAreOnForWriterAndReaders() throws {
        let file = TemporaryDatabase("settings-fk")
        defer { file.remove() }
        let database = try file.open(Self.schema, readerCount: 2)
        #expect(try database.write { try $0.scalar("PRAGMA foreign_keys") } == 1)
        for _ in 0..<4 {
            #expect(try database.read { try $0.scalar("PRAGMA foreign_keys") } == 1)
        }
    }

    @Test func commitsAreSynchronousFull() throws {
        let file = TemporaryDatabase("settings-sync")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        #expect(try database.write { try $0.scalar("PRAGMA synchronous") } == 2) // FULL
    }

    @Test func readConnectionsCannotWrite() throws {
        let file = TemporaryDatabase("settings-readonly")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        let error = #expect(throws: DatabaseError.self) {
            try database.read { try $0.run("INSERT INTO t (name) VALUES (?)", "sneaky") }
        }
        #expect(error?.code == 8) // SQLITE_READONLY
        #expect(try database.read { try $0.scalar("SELECT count(*) FROM t") } == 0)
    }

    @Test func openingInAMissingDirectoryThrows() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("no-such-dir-\(UUID().uuidString)/inventory.sqlite").path
        let error = #expect(throws: DatabaseError.self) { try Database(path: path, migrations: Self.schema) }
        #expect(error?.code == 14) // SQLITE_CANTOPEN
        #expect(error?.message.isEmpty == false)
    }

    @Test func fileThatIsNotADatabaseIsRefused() throws {
        let file = TemporaryDatabase("settings-notadb")
        defer { file.remove() }
        let garbage = Data(String(repeating: "this is not an SQLite file. ", count: 200).utf8)
        try garbage.write(to: URL(fileURLWithPath: file.path))
        let error = #expect(throws: DatabaseError.self) { try file.open(Self.schema) }
        #expect(error?.code == 26) // SQLITE_NOTADB
        #expect(error?.message.contains("not a database") == true, "\(String(describing: error))")
        // The file is not overwritten.
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == garbage)
    }
}
