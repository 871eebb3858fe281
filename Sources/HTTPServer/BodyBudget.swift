import Synchronization

/// What all request bodies together may take: bytes in memory, and bytes in spool files.
final class BodyBudget: Sendable {
    let memoryLimit: Int
    let spoolLimit: Int
    private let memory = Atomic<Int>(0)
    private let spool = Atomic<Int>(0)

    init(memoryLimit: Int, spoolLimit: Int) {
        self.memoryLimit = memoryLimit
        self.spoolLimit = spoolLimit
    }

    func reserveMemory(_ bytes: Int) -> Bool { Self.reserve(bytes, in: memory, limit: memoryLimit) }
    func releaseMemory(_ bytes: Int) { memory.subtract(bytes, ordering: .relaxed) }
    func reserveSpool(_ bytes: Int) -> Bool { Self.reserve(bytes, in: spool, limit: spoolLimit) }
    func releaseSpool(_ bytes: Int) { spool.subtract(bytes, ordering: .relaxed) }

    var memoryInUse: Int { memory.load(ordering: .relaxed) }
    var spoolInUse: Int { spool.load(ordering: .relaxed) }

    private static func reserve(_ bytes: Int, in counter: borrowing Atomic<Int>, limit: Int) -> Bool {
        guard counter.add(bytes, ordering: .relaxed).newValue > limit else { return true }
        counter.subtract(bytes, ordering: .relaxed)
        return false
    }
}
