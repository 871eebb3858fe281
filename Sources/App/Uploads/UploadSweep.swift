import Foundation
import Home
import Uploads

/// Removes expired uploads with their bytes: at start, then every `interval`, on a thread of its
/// own (a removal is a row and an unlink each). Expiry goes by the store's clock.
final class UploadSweep: BackgroundService, @unchecked Sendable {
    private let uploads: UploadStore
    private let interval: TimeInterval
    private let log: @Sendable (String) -> Void
    /// Guards `stopping`, `running`.
    private let condition = NSCondition()
    private var stopping = false
    private var running = false

    init(uploads: UploadStore, interval: TimeInterval = 600, log: @escaping @Sendable (String) -> Void) {
        self.uploads = uploads
        self.interval = interval
        self.log = log
    }

    func start() {
        condition.lock()
        running = true
        condition.unlock()
        let thread = Thread { [self] in run() }
        thread.name = "upload-sweep"
        thread.start()
    }

    /// Sweeps once now (what the thread does each round).
    func sweep() {
        do {
            let removed = try uploads.removeExpired()
            if removed > 0 { log("Removed \(removed) expired upload\(removed == 1 ? "" : "s") with their bytes.") }
        } catch {
            log("Expired uploads could not be removed: \(error). The next sweep tries again.")
        }
    }

    private func run() {
        condition.lock()
        while !stopping {
            condition.unlock()
            sweep()
            condition.lock()
            if !stopping { _ = condition.wait(until: Date().addingTimeInterval(interval)) }
        }
        running = false
        condition.broadcast()
        condition.unlock()
    }

    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running { condition.wait() }
        condition.unlock()
    }
}
