import Database
import Foundation
import Households
import Home
import Imaging
import Inventory
import Synchronization
import Video
import ThreadNames

/// Makes walk-throughs' candidate frames in the background, one video at a time on a thread of its
/// own (never a network thread or a request's worker: a 3-minute 1080p video takes tens of seconds).
/// At start it takes up every walk-through still `processing` (an upload before a restart, an
/// import), then each new one as it is uploaded, and every few seconds any other left `processing`.
/// `stop()` ends the video being read at its next frame (a long one takes minutes); it and the ones
/// not started stay `processing`, read from the start at the next start. Each walk-through's frames
/// are made in its own household.
final class WalkthroughFrameMaker: BackgroundService, @unchecked Sendable {
    private let items: ItemStore
    private let households: HouseholdStore
    private let log: @Sendable (String) -> Void
    private let condition = NSCondition()
    private var queue: [Job] = []

    /// A walk-through whose frames are to be made, and the household it is in.
    struct Job: Equatable {
        let household: HouseholdAccess
        let id: Walkthrough.ID
    }
    private var stopping = false
    /// `stopping`, read by the decoder after each frame without taking the lock.
    private let stopRequested = Atomic<Bool>(false)
    private var thread: Thread?
    private var finished = false

    /// How long it waits, with nothing queued, before it looks for unfinished walk-throughs again.
    static let lookInterval: TimeInterval = 10

    init(items: ItemStore, households: HouseholdStore, log: @escaping @Sendable (String) -> Void) {
        self.items = items
        self.households = households
        self.log = log
    }

    /// Every household's walk-throughs still `processing`.
    private func unfinished() -> [Job] {
        let every = (try? households.everyHousehold()) ?? []
        return every.flatMap { household in
            ((try? items.in(household).unfinishedWalkthroughs()) ?? []).map { Job(household: household, id: $0) }
        }
    }

    func start() {
        let unfinished = unfinished()
        condition.lock()
        queue = unfinished + queue.filter { !unfinished.contains($0) }
        let thread = Thread { [self] in
            ThreadName.setForCurrentThread("video-frames")
            run()
        }
        self.thread = thread
        condition.unlock()
        thread.start()
    }

    /// Queues a new walk-through's frames, in the household it was added to.
    func enqueue(_ id: Walkthrough.ID, in household: HouseholdAccess) {
        let job = Job(household: household, id: id)
        condition.lock()
        if !queue.contains(job) { queue.append(job) }
        condition.signal()
        condition.unlock()
    }

    func stop() {
        stopRequested.store(true, ordering: .releasing)
        condition.lock()
        stopping = true
        let left = queue.count
        condition.broadcast()
        while thread != nil && !finished { condition.wait() }
        condition.unlock()
        if left > 0 { log("Walk-through frames stopped: \(left) video(s) left to read at the next start.") }
    }

    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty && !stopping {
                // Now and then it looks for walk-throughs no upload told it of: an import's.
                if !condition.wait(until: Date().addingTimeInterval(Self.lookInterval)) {
                    condition.unlock()
                    let unfinished = unfinished()
                    condition.lock()
                    for job in unfinished where !queue.contains(job) { queue.append(job) }
                }
            }
            if stopping {
                finished = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let job = queue.removeFirst()
            condition.unlock()
            makeFrames(job.id, in: items.in(job.household))
        }
    }

    private func makeFrames(_ id: Walkthrough.ID, in items: ItemStore) {
        do {
            let walkthrough = try items.walkthrough(id: id)
            guard walkthrough.status == .processing, let path = items.videoPath(of: walkthrough) else { return }
            let selection: FrameSelection
            do {
                selection = try Video.candidateFrames(fileAtPath: path) { [self] in stopRequested.load(ordering: .acquiring) }
            } catch .stopped {
                log("Walk-through \(id): making its frames was stopped with the server; they are made at the next start.")
                return
            } catch {
                try items.failWalkthrough(id, because: .video(error))
                return
            }
            let poster = try items.images.prepare(selection.poster.jpeg)
            let frames = try selection.frames.map { (second: $0.second, image: try items.images.prepare($0.jpeg)) }
            try items.finishWalkthrough(id, poster: poster, frames: frames)
        } catch InventoryError.walkthroughNotFound {
            // Deleted before its turn.
        } catch {
            log("Walk-through \(id): its frames could not be made: \(error)")
            try? items.failWalkthrough(id, because: .notStored(detail: "\(error)"))
        }
    }
}
