/// What the server must know about a request from its method and path alone, before the body:
/// how large a body to accept, whether handling it is slow enough to move off the network threads,
/// and the route that will handle it.
public protocol RequestPolicy: Sendable {
    func plan(method: HTTPMethod, pathSegments: [String]) -> RequestPlan
}

public struct RequestPlan: Sendable {
    public var maxBodySize: Int
    /// Slow requests (image processing) run on a worker pool while their connection is suspended,
    /// so they never hold up the threads serving everyone else.
    public var isSlow: Bool
    /// The route for this method and path, and what its pattern captured; nil when there is none.
    public var route: Route?
    public var parameters: RouteParameters

    public init(maxBodySize: Int, isSlow: Bool, route: Route? = nil, parameters: RouteParameters = RouteParameters()) {
        self.maxBodySize = maxBodySize
        self.isSlow = isSlow
        self.route = route
        self.parameters = parameters
    }
}
