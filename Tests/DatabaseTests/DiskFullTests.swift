import Database
import Foundation
import SmallFileSystem
import Testing

/// A database on a file system filled to its last few KB: a write that needs more room fails with
/// an error that says the disk is full, commits nothing, leaves the file intact, and the same write
/// succeeds once space is freed — on the same connection, with no read-only state left behind.
@Suite(.serialized)
struct DatabaseDiskFullTests {
    static let schema = [Migration(version: 1, sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);")]

    @Test func aWriteThatFindsNoRoomSaysTheDiskIsFullAndTheSameWriteSucceedsOnceSpaceIsFreed() throws {
        let disk = try SmallFileSystem(megabytes: 8)
        defer { disk.remove() }
        let database = try Database(path: "\(disk.path)/notes.sqlite", migrations: Self.schema)
        try database.write { try $0.run("INSERT INTO notes (body) VALUES (?)", "kept") }
        disk.fill()
        let body = String(repeating: "a long note that needs new pages ", count: 4_000)
        var refusal: DatabaseError?
        do {
            try database.write { try $0.run("INSERT INTO notes (body) VALUES (?)", body) }
        } catch let error as DatabaseError {
            refusal = error
        }
        #expect(refusal?.isDiskFull == true, "\(String(describing: refusal))")
        #expect(try database.read { try $0.rows("SELECT body FROM notes") { $0.string(0) } } == ["kept"])

        disk.free()
        try database.write { try $0.run("INSERT INTO notes (body) VALUES (?)", body) }
        #expect(try database.read { try $0.rows("SELECT count(*) FROM notes") { $0.int(0) } } == [2])
        #expect(try database.read { try $0.rows("PRAGMA integrity_check") { $0.string(0) } } == ["ok"])
    }

    @Test func otherErrorsAreNotTakenForAFullDisk() throws {
        let file = TemporaryDatabase("not-full")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        #expect(throws: DatabaseError.self) { try database.write { try $0.run("INSERT INTO missing VALUES (1)") } }
        do {
            try database.write { try $0.run("INSERT INTO missing VALUES (1)") }
        } catch let error as DatabaseError {
            #expect(!error.isDiskFull)
        }
    }
}
