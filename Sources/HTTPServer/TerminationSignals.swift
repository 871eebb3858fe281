import Dispatch
import Foundation

/// SIGINT and SIGTERM, caught from the moment this is made until `wait()` has seen one: their default
/// action (ending the process at once, mid-write) is ignored meanwhile. Made before a server starts, so
/// that a signal sent as soon as it announces itself (`serve --ready-file`) is a graceful stop too.
public final class TerminationSignals {
    private let arrived = DispatchSemaphore(value: 0)
    private var sources: [any DispatchSourceSignal] = []

    public init() {
        sources = [SIGINT, SIGTERM].map { [arrived] number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { arrived.signal() }
            source.resume()
            return source
        }
    }

    /// Blocks until SIGINT or SIGTERM arrives (or has arrived since this was made).
    public func wait() {
        arrived.wait()
        sources.forEach { $0.cancel() }
    }
}
