/// Thrown by a handler that finds, on a network thread and before it changes anything, that it must
/// do slow work after all (remake a lost rendition): the server runs the request again on a worker, where `Request.isOnNetworkThread`
/// is false. Cheaper than asking before every request whether it will be slow.
public struct WorkerRequired: Error {
    public init() {}
}
