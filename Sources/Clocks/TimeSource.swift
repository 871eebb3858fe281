import Foundation
import Synchronization

/// Where every store and page reads the time of day ("now", and through Inventory "today"): session
/// timeouts, setup links, the sign-in throttle's waits, warranties and claim deadlines, the date on
/// a report. The server uses `WallClock`; a test hands in a `TestClock` and moves it on instead of
/// sleeping. (Not Swift's `Clock`: these are calendar dates, stored and compared as such.)
public protocol TimeSource: Sendable {
    var now: Date { get }
}

/// The system's time of day.
public struct WallClock: TimeSource {
    public init() {}
    public var now: Date { Date() }
}

/// A time of day that stands still until it is moved.
public final class TestClock: TimeSource {
    private let current: Mutex<Date>

    /// Starts at `start` (by default, the time it is made).
    public init(_ start: Date = Date()) { current = Mutex(start) }

    public var now: Date { current.withLock { $0 } }

    /// Moves the time on (or back, for a negative interval).
    public func advance(by interval: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(interval) }
    }
}
