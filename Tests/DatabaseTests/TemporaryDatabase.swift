import Database
import Foundation
import Synchronization

/// A database file under the temporary directory with a unique name, removed (with its WAL
/// companions) by `remove()`.
struct TemporaryDatabase {
    let path: String

    init(_ label: String = "db") {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("homepwner-\(label)-\(UUID().uuidString).sqlite").path
    }

    func open(_ migrations: [Migration] = [], readerCount: Int = 4, householdGuard: HouseholdGuard = .report) throws -> Database {
        try Database(path: path, migrations: migrations, readerCount: readerCount, householdGuard: householdGuard)
    }

    func remove() {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}

struct TestFailure: Error, Equatable {
    let reason: String
}

/// Messages collected from background threads, checked on the test's thread.
final class ProblemLog: Sendable {
    private let messages = Mutex<[String]>([])
    private let successes = Atomic<Int>(0)

    func record(_ message: String) { messages.withLock { $0.append(message) } }
    func succeeded() { successes.add(1, ordering: .relaxed) }

    var all: [String] { messages.withLock { $0 } }
    var successCount: Int { successes.load(ordering: .relaxed) }
}
