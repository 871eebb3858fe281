import Dispatch
import Foundation
import HTTPServer
import Synchronization
import ThreadNames

/// The thread a background reader works on, and its rounds: a thread of its own at the lowest CPU
/// priority (never a network thread or a request's worker, so uploads and pages never wait for it),
/// that reads batch after batch until nothing is left, then rests and looks again, each item only
/// once the server has been without requests for a while (`courtesy`). Its owner says what the
/// next batch is and how to read each item of it; the worker says when to stop.
final class LowPriorityWorker: Sendable {
    /// Its thread's name as `top -H` shows it (at most 15 bytes are kept).
    private let name: String
    /// How long it rests when everything is read, before it looks for new work.
    private let restInterval: DispatchTimeInterval
    /// When it may go on with its reading; nil: at once.
    private let courtesy: RequestCourtesy?
    /// Whether it is waiting now for requests to end before its next step (for the tests).
    private let waitingForRequests = Atomic<Bool>(false)
    private let log: @Sendable (String) -> Void
    private let stopping = Atomic<Bool>(false)
    private let started = Atomic<Bool>(false)
    private let wakeUp = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(name: String, restInterval: DispatchTimeInterval, courtesy: RequestCourtesy?, log: @escaping @Sendable (String) -> Void) {
        self.name = name
        self.restInterval = restInterval
        self.courtesy = courtesy
        self.log = log
    }

    /// Runs `work` once on the worker's thread (it returns when the worker is stopped); a second start does nothing.
    func start(_ work: @escaping @Sendable () -> Void) {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let thread = Thread { [self] in
            // Linux gives each thread its own nice value, and "process 0" is the calling thread
            // (setpriority(2), NOTES): this one yields the cores to everything else.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            ThreadName.setForCurrentThread(name)
            work()
            finished.signal()
        }
        thread.qualityOfService = .background
        // zxing-cpp's detectors recurse; the default 512 KiB of a Foundation thread is too little for some photos.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Looks for work now, instead of after its rest.
    func wake() { wakeUp.signal() }

    /// Asks the work to stop and waits until it has (the item in hand is finished).
    func stop() {
        stopping.store(true, ordering: .releasing)
        wakeUp.signal()
        guard started.load(ordering: .acquiring) else { return }
        // Passed on, so that a second stop (an app shut down twice) does not wait for ever.
        finished.wait()
        finished.signal()
    }

    var isStopping: Bool { stopping.load(ordering: .acquiring) }

    var isWaitingForRequests: Bool { waitingForRequests.load(ordering: .acquiring) }

    /// Waits, before the next step of reading, until no request has been in flight for the quiet
    /// period, or the longest wait is over, or the worker is asked to stop. Called before each item,
    /// and by the owner between the heavy steps of one.
    func giveWayToRequests() {
        guard let courtesy else { return }
        let began = ContinuousClock.now
        defer { waitingForRequests.store(false, ordering: .releasing) }
        while !isStopping {
            let quietFor = courtesy.activity.quietFor
            if let quietFor, quietFor >= courtesy.quietPeriod { return }
            let waited = ContinuousClock.now - began
            guard waited < courtesy.longestWait else { return }
            waitingForRequests.store(true, ordering: .releasing)
            // Quiet for a while already: the rest of the quiet period. A request in flight: a look
            // now and then, so that the quiet period is counted from soon after it ends.
            let pause = quietFor.map { courtesy.quietPeriod - $0 } ?? courtesy.quietPeriod / 4
            let (seconds, attoseconds) = min(pause, courtesy.longestWait - waited).components
            usleep(UInt32(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000 + 1))
        }
    }

    /// Reads in rounds until stopped, on the calling thread (the worker's): `batch` gives the next
    /// items after the last one handled in this round (nil when a round begins), `read` reads one and
    /// says whether it counted; an empty batch ends the round, whose count goes to `roundRead`, and
    /// the worker rests. A batch that cannot be had is said in the log as "Reading `what`: …", and
    /// tried again after the rest.
    func readInRounds<Item>(_ what: String, batch: (_ after: Item?) throws -> [Item], read: (Item) -> Bool, roundRead: (Int) -> Void) {
        var count = 0
        var last: Item?
        while !isStopping {
            let items: [Item]
            do {
                items = try batch(last)
            } catch {
                log("Reading \(what): \(error); trying again later.")
                rest()
                continue
            }
            if items.isEmpty {
                if count > 0 { roundRead(count) }
                count = 0
                last = nil
                rest()
                continue
            }
            for item in items where !isStopping {
                giveWayToRequests()
                guard !isStopping else { break }
                last = item
                if read(item) { count += 1 }
            }
        }
    }

    private func rest() { _ = wakeUp.wait(timeout: .now() + restInterval) }
}
