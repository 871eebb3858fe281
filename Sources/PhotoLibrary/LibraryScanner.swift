import Database
import Dispatch
import Foundation
import Synchronization
import ThreadNames

/// Finds the photos in the library's roots and stores what their headers say: a scan on a thread
/// of its own, on demand or on a timer, with its status (progress, or why no root can be read).
/// After a scan it has the renditions pool make the thumbnails still missing. Roots are never written to.
public final class LibraryScanner: Sendable {
    /// Absolute paths of the roots, as configured.
    public let roots: [String]
    let database: Database
    let ids: KeyedID
    /// Row ids of the roots in `library_roots`, by path.
    let rootIDs: [String: Int64]
    let maxPixels: Int
    /// Where scans store what they find; told of every change.
    let catalogue: LibraryCatalogue
    let renditions: LibraryRenditions
    let statusBox: Mutex<LibraryStatus>
    let isScanning = Atomic<Bool>(false)
    /// Set once by `stop()`: nothing new starts in the background.
    let isStopped = Atomic<Bool>(false)
    /// Background scans running.
    let backgroundWork = DispatchGroup()
    /// The timer of `keepScanned(every:)`, while it runs.
    let periodicScan = Mutex<ScanTimer?>(nil)

    init(roots: [String], database: Database, ids: KeyedID, rootIDs: [String: Int64], maxPixels: Int,
         catalogue: LibraryCatalogue, renditions: LibraryRenditions) {
        self.roots = roots
        self.database = database
        self.ids = ids
        self.rootIDs = rootIDs
        self.maxPixels = maxPixels
        self.catalogue = catalogue
        self.renditions = renditions
        var status = LibraryStatus()
        status.isConfigured = !roots.isEmpty
        status.rootProblems = roots.compactMap(DirectoryWalker.problem(withRoot:))
        if !roots.isEmpty, status.rootProblems.count == roots.count {
            status.state = .inaccessible
            status.problem = status.rootProblems.first
        }
        statusBox = Mutex(status)
    }

    /// Where the scan stands: scanning (with progress), ready, or inaccessible (with why); with the
    /// photos found unreadable when their thumbnails were made.
    public var status: LibraryStatus {
        var status = statusBox.withLock { $0 }
        status.unreadablePhotos = (try? catalogue.unreadablePhotos()) ?? []
        return status
    }

    /// Scans every root once, in the background; returns at once. A scan already running is not
    /// started twice.
    public func startBackgroundScan(then: (@Sendable (LibraryStatus) -> Void)? = nil) {
        guard !isStopped.load(ordering: .relaxed) else { return }
        // Scanning from this moment, so nobody reads "ready" before the scan has begun.
        statusBox.withLock { status in
            if status.state == .ready, !roots.isEmpty { status.state = .scanning }
        }
        backgroundWork.enter()
        let thread = Thread { [self] in
            ThreadName.setForCurrentThread("library-scan")
            defer { backgroundWork.leave() }
            let status = scan()
            then?(status)
        }
        thread.start()
    }

    /// Keeps the library up to date while the server runs: a scan every `interval` (unchanged files
    /// cost a `stat` each), and `refreshIfStale()` for pages. Folders change under a running server,
    /// from other programs and from `homepwner scan`; nothing else would notice.
    public func keepScanned(every interval: Duration) {
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        let nanoseconds = Int(interval.components.seconds) * 1_000_000_000 + Int(interval.components.attoseconds / 1_000_000_000)
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds), leeway: .seconds(5))
        timer.setEventHandler { [weak self] in self?.startBackgroundScan() }
        timer.resume()
        let scanTimer = ScanTimer(timer)
        // A timer replaced or stopped is cancelled as its ScanTimer goes.
        periodicScan.withLock { $0 = scanTimer }
    }

    /// Stops the scans `keepScanned(every:)` started (a scan in progress runs to its end).
    public func stopKeepingScanned() {
        periodicScan.withLock { $0 = nil }
    }

    /// Stops everything the library does in the background and waits for it: no scan or rendition
    /// starts from now, a scan in progress stops after the batch it is storing, the rendition pool
    /// after the photos it is on. What was stored stays; the next scan carries on from there.
    public func stop() {
        isStopped.store(true, ordering: .relaxed)
        stopKeepingScanned()
        backgroundWork.wait()
        renditions.stop()
    }

    /// When a page of the library is opened: a scan, in the background, if the last one ended over
    /// `age` ago, and at once when no root could be read before but one can now (the disk the
    /// "not found" page asked for was mounted). Only while `keepScanned(every:)` runs.
    public func refreshIfStale(age: Duration = .seconds(60)) {
        guard periodicScan.withLock({ $0 != nil }) else { return }
        let status = self.status
        switch status.state {
        case .scanning:
            return
        case .inaccessible:
            let problems = roots.compactMap(DirectoryWalker.problem(withRoot:))
            guard problems.count < roots.count else { return }
            // Scanning from now, so the page being made shows progress rather than the old problem.
            statusBox.withLock { $0.state = .scanning; $0.problem = nil; $0.rootProblems = problems }
        case .ready:
            if let finished = status.scanFinished, Date().timeIntervalSince(finished) < Double(age.components.seconds) { return }
        }
        startBackgroundScan()
    }
}

/// A Dispatch timer, which Swift does not know to be Sendable: it is only resumed and cancelled,
/// both safe from any thread.
final class ScanTimer: @unchecked Sendable {
    let source: any DispatchSourceTimer
    init(_ source: any DispatchSourceTimer) { self.source = source }
    deinit { source.cancel() }
}
