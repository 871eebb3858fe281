import Foundation
import Home
import Uploads

/// Removes expired uploads with their bytes: at start, then every `interval`, on a thread of its
/// own (a removal is a row and an unlink each). Expiry goes by the store's clock.
final class UploadSweep: BackgroundService, Sendable {
    private let uploads: UploadStore
    private let log: @Sendable (String) -> Void
    private let thread: PeriodicThread

    init(uploads: UploadStore, interval: TimeInterval = 600, log: @escaping @Sendable (String) -> Void) {
        self.uploads = uploads
        self.log = log
        thread = PeriodicThread(name: "upload-sweep", interval: interval)
    }

    func start() { thread.start { [self] in sweep() } }

    func stop() { thread.stop() }

    /// Sweeps once now (what the thread does each round).
    func sweep() {
        do {
            let removed = try uploads.removeExpired()
            if removed > 0 { log("Removed \(removed) expired upload\(removed == 1 ? "" : "s") with their bytes.") }
        } catch {
            log("Expired uploads could not be removed: \(error). The next sweep tries again.")
        }
    }
}
