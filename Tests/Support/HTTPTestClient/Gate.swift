import Foundation
import Synchronization

/// Where a test's slow handlers wait until it lets them go, counting how many it holds: what a held
/// handler holds up is then a fact the test sees, not a matter of how long a sleep lasts.
public final class Gate: Sendable {
    private let state = Mutex<(held: Int, isOpen: Bool)>((0, false))

    public init() {}

    /// Waits until the gate opens (a minute at most, so a failed test leaves no thread behind for good).
    public func pass() {
        state.withLock { $0.held += 1 }
        let deadline = ContinuousClock.now + .seconds(60)
        while !state.withLock({ $0.isOpen }), ContinuousClock.now < deadline { usleep(1_000) }
    }

    public func open() {
        state.withLock { $0.isOpen = true }
    }

    public struct NotReached: Error, CustomStringConvertible {
        public let description: String
    }

    /// Waits until `count` handlers wait at the gate (10 s at most, then throws).
    public func waitUntilHolding(_ count: Int) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while state.withLock({ $0.held }) < count {
            guard ContinuousClock.now < deadline else {
                throw NotReached(description: "\(state.withLock { $0.held }) handlers reached the gate, not \(count)")
            }
            usleep(1_000)
        }
    }
}
