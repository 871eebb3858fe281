import Dispatch
import Synchronization

/// Whether the server is answering anyone now, and for how long it has not been: what background
/// work that must never delay a page or an upload (the photo readers) looks at before each step.
/// The server counts every request in as its head is read and out as its answer is sent (or its
/// client has gone), whatever its body: an upload arriving in parts is in flight from its first
/// byte to its answer. Per request, two atomic operations and a clock read (the access log reads
/// the clock there already).
public final class RequestActivity: Sendable {
    private let inFlight = Atomic<Int>(0)
    /// When the last request ended (`DispatchTime`'s nanoseconds: CLOCK_MONOTONIC), or this was made.
    private let lastEnded: Atomic<UInt64>

    public init() { lastEnded = Atomic(DispatchTime.now().uptimeNanoseconds) }

    func begin() { inFlight.add(1, ordering: .relaxed) }

    func end() {
        // The latest of the ends, whichever of two requests ending together stores last; before the
        // count goes down, so that whoever sees the count at zero sees this end too.
        lastEnded.max(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
        inFlight.subtract(1, ordering: .releasing)
    }

    /// Requests begun and not yet answered.
    public var requestsInFlight: Int { inFlight.load(ordering: .acquiring) }

    /// How long no request has been in flight; nil while one is.
    public var quietFor: Duration? {
        guard inFlight.load(ordering: .acquiring) == 0 else { return nil }
        let now = DispatchTime.now().uptimeNanoseconds, ended = lastEnded.load(ordering: .relaxed)
        return .nanoseconds(Int64(now - min(now, ended)))
    }
}
