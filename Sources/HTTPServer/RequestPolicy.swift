/// What the server must know about a request from its method and path alone, before the body:
/// how large a body to accept, and whether handling it is slow enough to move off the network threads.
public protocol RequestPolicy: Sendable {
    func plan(method: HTTPMethod, pathSegments: [String]) -> RequestPlan
}

public struct RequestPlan: Sendable {
    public var maxBodySize: Int
    /// Slow requests (image processing) run on a worker pool while their connection is suspended,
    /// so they never hold up the threads serving everyone else.
    public var isSlow: Bool

    public init(maxBodySize: Int, isSlow: Bool) {
        self.maxBodySize = maxBodySize
        self.isSlow = isSlow
    }
}
