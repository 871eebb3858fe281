/// Work that goes on in the background while the server runs: the library's scans, the backup
/// schedule (and the ones to come). Each is started once and stopped once, through
/// `BackgroundServices`.
public protocol BackgroundService: Sendable {
    /// Starts the work; returns at once.
    func start()
    /// Stops the work and waits until it has stopped, leaving nothing half-made; says in the log what
    /// it stopped. Called once, also when `start()` was not.
    func stop()
}

/// Every background service of a running server, in one list: started together once it serves,
/// and stopped together by its one stop path (`HomepwnerApp.shutdown()`, which SIGTERM and SIGINT
/// reach too).
public struct BackgroundServices: Sendable {
    public let services: [any BackgroundService]

    public init(_ services: [any BackgroundService]) { self.services = services }

    public func start() {
        for service in services { service.start() }
    }

    /// Stops them one after another, the last started first, each waited for (a backup stops between
    /// files, a scan after its batch). On the caller's thread: a service's work may need Dispatch's
    /// threads to finish (the scan's and the renditions' `concurrentPerform`), so none is held waiting.
    public func stop() {
        for service in services.reversed() { service.stop() }
    }
}
