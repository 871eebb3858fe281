import Database
import Foundation
@preconcurrency import Glibc
import Testing

/// Two processes (here: two `Database` values) on one file wait for each other instead of failing.
@Suite struct SharedFileTests {
    @Test func secondWriterWaitsForTheFirstInsteadOfFailing() throws {
        let file = TemporaryDatabase("shared-writers")
        defer { file.remove() }
        let schema = [Migration(version: 1, sql: "CREATE TABLE t (name TEXT NOT NULL)")]
        let first = try file.open(schema)
        let second = try file.open(schema)
        let inTransaction = DispatchSemaphore(value: 0)
        let problems = ProblemLog()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            do {
                try first.write { connection in
                    try connection.run("INSERT INTO t (name) VALUES (?)", "first")
                    inTransaction.signal()
                    usleep(300_000)
                }
            } catch {
                problems.record("first: \(error)")
            }
        }
        inTransaction.wait()
        try second.write { try $0.run("INSERT INTO t (name) VALUES (?)", "second") }
        group.wait()
        #expect(problems.all == [])
        #expect(try first.read { try $0.rows("SELECT name FROM t ORDER BY rowid") { $0.string(0) } } == ["first", "second"])
    }
}
