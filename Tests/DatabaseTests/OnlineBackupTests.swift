import Database
import Foundation
import Synchronization
import Testing

/// A backup taken with SQLite's online backup API is one committed state, whole, even while a writer
/// commits beside it, and a copy opened for reading stays byte for byte as it was.
@Suite struct OnlineBackupTests {
    static let schema = [Migration(version: 1, sql: "CREATE TABLE ledger (id INTEGER PRIMARY KEY, amount INTEGER NOT NULL)")]

    @Test func theCopyHoldsEveryCommittedRowInOneFileOfItsOwn() throws {
        let file = TemporaryDatabase("backup-source")
        let copy = TemporaryDatabase("backup-copy")
        defer { file.remove(); copy.remove() }
        let database = try file.open(Self.schema)
        try database.write { connection in
            for amount in 1...500 { try connection.run("INSERT INTO ledger (amount) VALUES (?)", amount) }
        }

        try database.backup(to: copy.path)

        #expect(!FileManager.default.fileExists(atPath: copy.path + "-wal"))
        let reopened = try Database(readingOnly: copy.path)
        let (count, sum, mode, integrity) = try reopened.read { connection in
            (try connection.scalar("SELECT count(*) FROM ledger"), try connection.scalar("SELECT sum(amount) FROM ledger"),
             try connection.firstRow("PRAGMA journal_mode") { $0.string(0) }, try connection.firstRow("PRAGMA integrity_check") { $0.string(0) })
        }
        #expect(count == 500)
        #expect(sum == Int64(500 * 501 / 2))
        #expect(mode == "delete")
        #expect(integrity == "ok")
    }

    @Test func eachCopyTakenWhileAWriterCommitsIsOneWholeState() throws {
        let file = TemporaryDatabase("backup-busy")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        let problems = ProblemLog()
        let writing = DispatchGroup()
        let stop = StopFlag()
        DispatchQueue.global().async(group: writing) {
            var index = 0
            while !stop.isSet {
                index += 1
                do {
                    // Every committed state sums to 0 and has an even number of rows.
                    try database.write { connection in
                        try connection.run("INSERT INTO ledger (amount) VALUES (?)", index)
                        try connection.run("INSERT INTO ledger (amount) VALUES (?)", -index)
                    }
                } catch {
                    problems.record("writer: \(error)")
                    return
                }
            }
        }
        var counts: [Int64] = []
        for round in 0..<15 {
            let copy = TemporaryDatabase("backup-busy-copy-\(round)")
            defer { copy.remove() }
            // Each copy after the writer has committed again (the machine may be slow to run it).
            var before = try database.read { try $0.scalar("SELECT count(*) FROM ledger") } ?? 0
            let deadline = ContinuousClock.now + .seconds(10)
            while before <= (counts.last ?? 0), ContinuousClock.now < deadline {
                usleep(1_000)
                before = try database.read { try $0.scalar("SELECT count(*) FROM ledger") } ?? 0
            }
            try database.backup(to: copy.path)
            let after = try database.read { try $0.scalar("SELECT count(*) FROM ledger") } ?? 0
            let copied = try Database(readingOnly: copy.path)
            let (count, sum, integrity) = try copied.read { connection in
                (try connection.scalar("SELECT count(*) FROM ledger") ?? -1, try connection.scalar("SELECT coalesce(sum(amount), 0) FROM ledger") ?? -1,
                 try connection.firstRow("PRAGMA integrity_check") { $0.string(0) })
            }
            #expect(sum == 0 && count % 2 == 0, "copy \(round): \(count) rows summing to \(sum)")
            #expect(count >= before && count <= after, "copy \(round): \(count) rows, the live file had \(before) before and \(after) after")
            #expect(integrity == "ok")
            counts.append(count)
        }
        stop.set()
        writing.wait()
        #expect(problems.all == [])
        #expect(Set(counts).count > 1, "the writer committed between copies: \(counts)")
    }

    @Test func aBackupNeverWritesOverAnExistingFile() throws {
        let file = TemporaryDatabase("backup-exists")
        let other = TemporaryDatabase("backup-exists-other")
        defer { file.remove(); other.remove() }
        let database = try file.open(Self.schema)
        try Data("precious".utf8).write(to: URL(fileURLWithPath: other.path))

        #expect(throws: DatabaseError.self) { try database.backup(to: other.path) }
        #expect(try String(contentsOfFile: other.path, encoding: .utf8) == "precious")
    }

    @Test func aFileOpenedForReadingOnlyIsLeftAsItWas() throws {
        let file = TemporaryDatabase("backup-readonly")
        let copy = TemporaryDatabase("backup-readonly-copy")
        defer { file.remove(); copy.remove() }
        let database = try file.open(Self.schema)
        try database.write { try $0.run("INSERT INTO ledger (amount) VALUES (7)") }
        try database.backup(to: copy.path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: copy.path))

        let reader = try Database(readingOnly: copy.path)
        #expect(try reader.read { try $0.scalar("SELECT amount FROM ledger") } == 7)
        #expect(throws: DatabaseError.self) { try reader.write { try $0.run("INSERT INTO ledger (amount) VALUES (8)") } }

        #expect(try Data(contentsOf: URL(fileURLWithPath: copy.path)) == bytes)
        for suffix in ["-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: copy.path + suffix), "\(suffix) made beside a copy opened for reading")
        }
        #expect(throws: DatabaseError.self) { try Database(readingOnly: copy.path + ".missing") }
    }
}

/// Set once, read from any thread.
final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .acquiring) }
    func set() { flag.store(true, ordering: .releasing) }
}
