import Synchronization

/// What a database's readers did, counted: read transactions (each `read` or `readTransaction`) and
/// SQLite's virtual-machine steps in them (a row a query visits costs steps whether it returns it or
/// passes over it in a scan). Counted, never timed, so a test shows that a page's reads do not grow
/// with rows it does not show — the same numbers on every machine however busy it is.
package final class ReadWork: Sendable {
    private let transactionCount = Atomic<Int>(0)
    private let stepCount = Atomic<Int>(0)

    package init() {}

    package var transactions: Int { transactionCount.load(ordering: .relaxed) }
    package var steps: Int { stepCount.load(ordering: .relaxed) }

    func addTransaction() { transactionCount.add(1, ordering: .relaxed) }
    func add(steps: Int32) { stepCount.add(Int(steps), ordering: .relaxed) }
}
