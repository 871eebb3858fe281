/// What the server must know about a request from its method and path alone, before the body:
/// how large a body to accept, and whether handling it is slow enough to move off the network threads.
public protocol RequestPolicy: Sendable {
    func maxBodySize(method: HTTPMethod, pathSegments: [String]) -> Int
    /// Slow requests (image processing) run on a worker pool while their connection is suspended,
    /// so they never hold up the threads serving everyone else.
    func isSlow(method: HTTPMethod, pathSegments: [String]) -> Bool
}
