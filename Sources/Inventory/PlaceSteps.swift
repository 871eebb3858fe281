import Synchronization

/// The work of the algorithms over places, counted: one step for each place an algorithm reads or
/// reaches (a row read, a place entered in the tree, a name of a path looked up). Counted only
/// while a caller asks, so a test compares the steps at n and 4n places — the same number on every
/// machine however busy it is — instead of timing them against a bound a loaded machine misses.
package enum PlaceSteps {
    package final class Tally: Sendable {
        private let count = Atomic<Int>(0)

        package var steps: Int { count.load(ordering: .relaxed) }

        func add(_ steps: Int) { count.add(steps, ordering: .relaxed) }
    }

    @TaskLocal static var tally: Tally?

    /// `body`'s result and the steps it took over places (on this task: its own calls, not other requests').
    package static func counting<T>(_ body: () throws -> T) rethrows -> (result: T, steps: Int) {
        let tally = Tally()
        let result = try $tally.withValue(tally) { try body() }
        return (result, tally.steps)
    }

    static func add(_ steps: Int) {
        tally?.add(steps)
    }
}
