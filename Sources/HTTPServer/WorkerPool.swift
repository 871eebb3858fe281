import Foundation
import Synchronization

/// Runs slow handlers, `width` at a time, on threads of its own, off the network threads. Work
/// waiting for a thread waits in a queue: given to GCD, each waiting request would hold a GCD
/// thread blocked, and a burst of uploads starved every other user of GCD (timers, the library's
/// background work) while GCD slowly added threads.
final class WorkerPool: Sendable {
    private let state = State()
    private let width: Int

    init(width: Int) {
        self.width = max(1, width)
        for index in 0..<self.width {
            let thread = Thread { [state] in state.serve() }
            // Linux keeps 15 characters of a thread name.
            thread.name = "hp-worker-\(index)"
            thread.start()
        }
    }

    func run(_ work: @escaping @Sendable () -> Void) {
        state.queue.withLock { $0.waiting.append(work) }
        state.ready.signal()
    }

    /// Lets the threads finish what they have and end.
    deinit {
        state.queue.withLock { $0.stopped = true }
        for _ in 0..<width { state.ready.signal() }
    }

    /// What the threads share; each holds it, so it outlives the pool until they end.
    private final class State: Sendable {
        struct Queue {
            /// Work in the order it came; slots before `next` are taken (and emptied, so what the work
            /// holds, a request's body above all, goes as soon as it has run).
            var waiting: [(@Sendable () -> Void)?] = []
            var next = 0
            var stopped = false

            mutating func take() -> (@Sendable () -> Void)? {
                guard next < waiting.count else { return nil }
                defer {
                    waiting[next] = nil
                    next += 1
                    if next == waiting.count {
                        waiting.removeAll(keepingCapacity: true)
                        next = 0
                    }
                }
                return waiting[next]
            }
        }

        let queue = Mutex(Queue())
        let ready = DispatchSemaphore(value: 0)

        func serve() {
            while true {
                ready.wait()
                let next = queue.withLock { $0.take() }
                guard let work = next else {
                    if queue.withLock({ $0.stopped }) { return }
                    continue
                }
                work()
            }
        }
    }
}
