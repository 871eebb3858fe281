import Foundation

/// A background service's thread: runs its work at once, then again `interval` after each run ends,
/// until `stop()`, which wakes it from its wait and returns once the run under way has finished.
public final class PeriodicThread: @unchecked Sendable {
    private let name: String
    private let interval: TimeInterval
    /// Guards `stopping`, `running`.
    private let condition = NSCondition()
    private var stopping = false
    private var running = false

    public init(name: String, interval: TimeInterval) {
        self.name = name
        self.interval = interval
    }

    public func start(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        running = true
        condition.unlock()
        let thread = Thread { [self] in
            condition.lock()
            while !stopping {
                condition.unlock()
                work()
                condition.lock()
                if !stopping { _ = condition.wait(until: Date().addingTimeInterval(interval)) }
            }
            running = false
            condition.broadcast()
            condition.unlock()
        }
        thread.name = name
        thread.start()
    }

    public func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running { condition.wait() }
        condition.unlock()
    }
}
