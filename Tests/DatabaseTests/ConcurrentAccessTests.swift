import Database
import Foundation
import Testing

/// Readers on several threads run beside a writer without crashing and never see a half-done write.
@Suite struct ConcurrentAccessTests {
    static let schema = [Migration(version: 1, sql: "CREATE TABLE ledger (id INTEGER PRIMARY KEY, amount INTEGER NOT NULL)")]

    @Test func readersSeeOnlyWholeTransactionsWhileWriting() throws {
        let file = TemporaryDatabase("concurrent")
        defer { file.remove() }
        let database = try file.open(Self.schema, readerCount: 3)
        let writes = 200
        let readerThreads = 6
        let problems = ProblemLog()
        let group = DispatchGroup()

        DispatchQueue.global().async(group: group) {
            do {
                for index in 1...writes {
                    // Each transaction adds a +n and a -n row: every committed state sums to 0
                    // and has an even number of rows.
                    try database.write { connection in
                        try connection.run("INSERT INTO ledger (amount) VALUES (?)", index)
                        try connection.run("INSERT INTO ledger (amount) VALUES (?)", -index)
                    }
                }
            } catch {
                problems.record("writer: \(error)")
            }
        }
        for reader in 0..<readerThreads {
            DispatchQueue.global().async(group: group) {
                var lastCount = 0
                for _ in 0..<300 {
                    do {
                        let (count, sum) = try database.read { connection in
                            try connection.firstRow("SELECT count(*), coalesce(sum(amount), 0) FROM ledger") { ($0.int(0), $0.int(1)) }
                        } ?? (-1, -1)
                        if sum != 0 || count % 2 != 0 || count < lastCount {
                            problems.record("reader \(reader): count \(count) sum \(sum) after \(lastCount)")
                        }
                        lastCount = count
                        problems.succeeded()
                    } catch {
                        problems.record("reader \(reader): \(error)")
                    }
                }
            }
        }
        group.wait()

        #expect(problems.all == [])
        #expect(problems.successCount == readerThreads * 300)
        let final = try database.read { try $0.scalar("SELECT count(*) FROM ledger") }
        #expect(final == Int64(writes * 2))
    }

    @Test func concurrentWritersAreSerializedAndNoneIsLost() throws {
        let file = TemporaryDatabase("concurrent-writers")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        let problems = ProblemLog()
        let group = DispatchGroup()
        for writer in 0..<4 {
            DispatchQueue.global().async(group: group) {
                for _ in 0..<50 {
                    do {
                        try database.write { connection in
                            let total = try connection.scalar("SELECT count(*) FROM ledger") ?? 0
                            try connection.run("INSERT INTO ledger (id, amount) VALUES (?, ?)", total + 1, writer)
                        }
                    } catch {
                        problems.record("writer \(writer): \(error)")
                    }
                }
            }
        }
        group.wait()
        #expect(problems.all == [])
        #expect(try database.read { try $0.scalar("SELECT count(*) FROM ledger") } == 200)
    }
}
