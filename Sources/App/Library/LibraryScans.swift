import Home
import PhotoLibrary

/// The library's background work while the server runs, as one background service: a scan at start
/// (then `afterFirstScan`), one every `rescanInterval`, and the renditions they prefill; stopped
/// with the server, a scan in progress after the batch it is storing.
struct LibraryScans: BackgroundService {
    let library: PhotoLibrary
    /// Scan at start (and keep scanning); false leaves the library as the last scan left it.
    let scansAtStart: Bool
    let rescanInterval: Duration?
    let afterFirstScan: @Sendable () -> Void
    let log: @Sendable (String) -> Void

    func start() {
        guard scansAtStart, !library.roots.isEmpty else { return }
        library.startBackgroundScan { _ in afterFirstScan() }
        if let rescanInterval { library.keepScanned(every: rescanInterval) }
    }

    func stop() {
        let wasScanning = library.scanner.status.state == .scanning
        library.stop()
        guard wasScanning else { return }
        let status = library.scanner.status
        log("The library scan was stopped at \(status.scanned) of \(status.total) files; the next scan carries on from there.")
    }
}
