/// Thrown by a handler that finds, on a network thread and before it changes anything, that it must
/// do slow work after all (remake a lost rendition): the server runs the request again on a worker, where `Request.isOnNetworkThread`
/// is false. Cheaper than asking before every request whether it will be slow.
public struct WorkerRequired: Error {
    /// Long work anyone may ask for many times over (reading a whole claim for whoever holds its
    /// link): it runs on all workers but one at most (`WorkerPool`), so the other slow routes always
    /// find one.
    public var isLong: Bool
    /// What the handler took for the request before throwing (its place in a limit of its own): the
    /// request on the worker carries it (`Request.workerTicket`), and the server holds it until the
    /// request is over — its answer sent, a streamed one to its end, or its client gone.
    public var ticket: (any AnyObject & Sendable)?

    public init(isLong: Bool = false, ticket: (any AnyObject & Sendable)? = nil) {
        self.isLong = isLong
        self.ticket = ticket
    }
}
