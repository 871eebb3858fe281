import Foundation
import Synchronization
import ThreadNames

/// Runs slow handlers, `width` at a time, on threads of its own, off the network threads. Work
/// waiting for a thread waits in a queue: given to GCD, each waiting request would hold a GCD
/// thread blocked, and a burst of uploads starved every other user of GCD (timers, the library's
/// background work) while GCD slowly added threads.
///
/// Long work (`WorkerRequired.isLong`: reading a whole claim for whoever holds its link) runs on at
/// most `longWorkWidth` threads at once, all but one: however much of it strangers ask for, the other
/// slow routes (an editor's upload) always find a thread. Work is taken in the order it came, long
/// work once a place is free for it.
final class WorkerPool: Sendable {
    private let state = State()
    let width: Int
    let longWorkWidth: Int

    /// - Parameter width: threads; two at least, so that one is always free of long work.
    init(width: Int) {
        self.width = max(2, width)
        longWorkWidth = self.width - 1
        for index in 0..<self.width {
            Thread { [state, longWorkWidth] in
                ThreadName.setForCurrentThread("hp-worker-\(index)")
                state.serve(longWorkWidth: longWorkWidth)
            }.start()
        }
    }

    func run(isLong: Bool = false, _ work: @escaping @Sendable () -> Void) {
        state.queue.withLock { $0.append(work, isLong: isLong) }
        state.ready.signal()
    }

    /// Long work running now, and waiting for a place.
    var longWork: (running: Int, waiting: Int) {
        state.queue.withLock { ($0.longRunning, $0.long.count) }
    }

    /// Lets the threads finish what they have and end.
    deinit {
        state.queue.withLock { $0.stopped = true }
        for _ in 0..<width { state.ready.signal() }
    }

    /// Work in the order it came; slots before `next` are taken (and emptied, so what the work
    /// holds, a request's body above all, goes as soon as it has run).
    struct FIFO {
        typealias Work = @Sendable () -> Void
        private var waiting: [(order: Int, work: Work)?] = []
        private var next = 0

        var count: Int { waiting.count - next }
        /// When the first waiting work came.
        var firstOrder: Int? { next < waiting.count ? waiting[next]?.order : nil }

        mutating func append(_ work: @escaping Work, order: Int) { waiting.append((order, work)) }

        mutating func removeFirst() -> Work? {
            guard next < waiting.count else { return nil }
            defer {
                waiting[next] = nil
                next += 1
                if next == waiting.count {
                    waiting.removeAll(keepingCapacity: true)
                    next = 0
                }
            }
            return waiting[next]?.work
        }
    }

    /// What the threads share; each holds it, so it outlives the pool until they end.
    private final class State: Sendable {
        struct Queue {
            var other = FIFO()
            var long = FIFO()
            var arrived = 0
            var longRunning = 0
            var stopped = false

            mutating func append(_ work: @escaping FIFO.Work, isLong: Bool) {
                arrived += 1
                if isLong { long.append(work, order: arrived) } else { other.append(work, order: arrived) }
            }

            /// The work that came first of what may run now: long work only while under `longWorkWidth`.
            mutating func take(longWorkWidth: Int) -> (work: FIFO.Work, isLong: Bool)? {
                let longOrder = longRunning < longWorkWidth ? long.firstOrder : nil
                if let longOrder, longOrder < other.firstOrder ?? Int.max, let work = long.removeFirst() {
                    longRunning += 1
                    return (work, true)
                }
                return other.removeFirst().map { ($0, false) }
            }
        }

        let queue = Mutex(Queue())
        let ready = DispatchSemaphore(value: 0)

        func serve(longWorkWidth: Int) {
            while true {
                guard let next = queue.withLock({ $0.take(longWorkWidth: longWorkWidth) }) else {
                    if queue.withLock({ $0.stopped }) { return }
                    ready.wait()
                    continue
                }
                next.work()
                if next.isLong {
                    // A place for long work is free: a thread asleep takes what waits for it.
                    let waits = queue.withLock { queue in
                        queue.longRunning -= 1
                        return queue.long.count > 0
                    }
                    if waits { ready.signal() }
                }
            }
        }
    }
}
