import Dispatch
import Foundation
import Home
import Synchronization

/// `homepwner serve --backup-to DIR --backup-every 24h`: runs a `BackupJob` on a thread of its own,
/// each time the interval has passed since the last successful one (as the data folder's status
/// says, so a restart does not delay it), and after a failure again within the hour. `stop()` asks a
/// running backup to stop between files and waits for the thread to end.
public final class BackupScheduler: BackgroundService {
    public let job: BackupJob
    public let interval: TimeInterval
    /// How soon after a failure the backup is tried again (at most `interval`).
    public let retryAfterFailure: TimeInterval
    private let log: @Sendable (String) -> Void
    private let stopRequested = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    private let started = Atomic<Bool>(false)
    private let running = Atomic<Bool>(false)
    /// What this scheduler's own runs found, for when the status file cannot be written.
    private let known = Mutex(BackupStatus())

    public init(job: BackupJob, interval: TimeInterval, retryAfterFailure: TimeInterval = 3_600, log: @escaping @Sendable (String) -> Void) {
        self.job = job
        self.interval = interval
        self.retryAfterFailure = min(retryAfterFailure, interval)
        self.log = log
    }

    /// When the next backup is due, given what the status file says.
    public func nextDue(after status: BackupStatus, now: Date = Date()) -> Date {
        guard let last = status.lastAttempt else { return now }
        return last.succeeded ? last.startedAt.addingTimeInterval(interval) : last.finishedAt.addingTimeInterval(retryAfterFailure)
    }

    /// The data folder's backup status: the status file's, or this scheduler's own record when the
    /// file is older (it could not be written).
    public var status: BackupStatus {
        let file = job.status?.read() ?? BackupStatus()
        let own = known.withLock { $0 }
        return (file.lastAttempt?.finishedAt ?? .distantPast) >= (own.lastAttempt?.finishedAt ?? .distantPast) ? file : own
    }

    /// Whether a backup is being made right now.
    public var isRunning: Bool { running.load(ordering: .acquiring) }

    public func start() {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let thread = Thread { [self] in
            defer { ended.signal() }
            job.store.removeUnfinishedIfIdle()
            while !stopRequested.load(ordering: .acquiring) {
                let due = nextDue(after: status)
                let wait = due.timeIntervalSinceNow
                if wait > 0 {
                    // Woken early only by stop(); waits of over a day are taken a day at a time.
                    _ = wake.wait(timeout: .now() + .milliseconds(Int(min(wait, 86_400) * 1_000)))
                    continue
                }
                running.store(true, ordering: .releasing)
                do {
                    let outcome = try job.run(shouldStop: { stopRequested.load(ordering: .acquiring) }, log: log)
                    known.withLock { $0.record(outcome.attempt) }
                    if let problem = outcome.problem { log("Backup failed: \(problem)") }
                } catch {
                    log("\(error)")
                }
                running.store(false, ordering: .releasing)
            }
        }
        thread.name = "backup"
        thread.start()
    }

    /// Stops the schedule: a backup in progress stops between files and leaves nothing behind.
    public func stop() {
        stopRequested.store(true, ordering: .releasing)
        guard started.load(ordering: .acquiring) else { return }
        wake.signal()
        ended.wait()
        ended.signal()
    }
}
