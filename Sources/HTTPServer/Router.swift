import Messages

/// Finds the route for a request: `404` when no pattern matches the path, `405` (with `Allow`) when
/// patterns match but not for this method. `HEAD` is answered by the `GET` route, unless a `HEAD`
/// route of its own matches.
public struct Router: Responder, RequestPolicy {
    public private(set) var routes: [Route] = []
    /// Indices of the routes that can match a path, by its first segment ("" for the root): every
    /// request is matched against a handful of routes, not all of them. Patterns whose first
    /// segment is a parameter are listed under every key.
    private var candidatesByFirstSegment: [String: [Int]] = [:]
    private var routesStartingWithParameter: [Int] = []
    /// The largest body a route accepts unless it says otherwise, in bytes.
    public let defaultMaxBodySize: Int

    public init(defaultMaxBodySize: Int = 1 << 20) {
        self.defaultMaxBodySize = defaultMaxBodySize
    }

    /// Adds a route; under `group`, its pattern follows the group's prefix and it carries the
    /// group's metadata as well as its own.
    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, in group: RouteGroup? = nil, maxBodySize: Int? = nil, isSlow: Bool = false,
        metadata: RouteMetadata = RouteMetadata(), _ handler: @escaping @Sendable (Request) throws -> Response
    ) {
        let route = Route(method: method, pattern: (group?.prefix ?? "") + pattern, maxBodySize: maxBodySize, isSlow: isSlow,
                          metadata: group.map { $0.metadata.merging(metadata) } ?? metadata, handler: handler)
        let index = routes.count
        routes.append(route)
        switch route.segments.first {
        case .literal(let first)?:
            candidatesByFirstSegment[first, default: routesStartingWithParameter].append(index)
        case nil:
            candidatesByFirstSegment["", default: routesStartingWithParameter].append(index)
        case .parameter?, .rest?:
            routesStartingWithParameter.append(index)
            for key in candidatesByFirstSegment.keys { candidatesByFirstSegment[key]!.append(index) }
        }
    }

    /// The indices of the routes that may match `path`, in the order they were added.
    private func candidates(for path: [String]) -> [Int] {
        candidatesByFirstSegment[path.first ?? ""] ?? routesStartingWithParameter
    }

    public mutating func get(_ pattern: String, _ handler: @escaping @Sendable (Request) throws -> Response) {
        add(.get, pattern, handler)
    }

    public mutating func post(_ pattern: String, maxBodySize: Int? = nil, isSlow: Bool = false,
                              _ handler: @escaping @Sendable (Request) throws -> Response) {
        add(.post, pattern, maxBodySize: maxBodySize, isSlow: isSlow, handler)
    }

    public mutating func put(_ pattern: String, maxBodySize: Int? = nil, isSlow: Bool = false,
                             _ handler: @escaping @Sendable (Request) throws -> Response) {
        add(.put, pattern, maxBodySize: maxBodySize, isSlow: isSlow, handler)
    }

    public mutating func patch(_ pattern: String, _ handler: @escaping @Sendable (Request) throws -> Response) {
        add(.patch, pattern, handler)
    }

    public mutating func delete(_ pattern: String, _ handler: @escaping @Sendable (Request) throws -> Response) {
        add(.delete, pattern, handler)
    }

    /// Runs the route the server found for the request (`plan`); without one, explains why: `404`
    /// when no pattern matches the path, `405` when none is for this method.
    public func respond(to request: Request) throws -> Response {
        if let route = request.route { return try route.handler(request) }
        var allowed: [HTTPMethod] = []
        // Each method once: `/items/new` and `/items/{id}` both match the path `/items/new`.
        for index in candidates(for: request.pathSegments) where routes[index].match(request.pathSegments) != nil {
            let method = routes[index].method
            if !allowed.contains(method) { allowed.append(method) }
            if method == .get, !allowed.contains(.head) { allowed.append(.head) }
        }
        guard !allowed.isEmpty else { throw HTTPError.notFound() }
        let allow = allowed.map(\.rawValue).joined(separator: ", ")
        throw HTTPError(
            .methodNotAllowed,
            Message("error.server.method-not-allowed", "\(request.method) is not supported here; use \(allow).",
                    ["method": .text("\(request.method)"), "allowed": .text(allow)]),
            headers: ["Allow": allow]
        )
    }

    /// The route a request reaches (`HEAD` reaches the `GET` route) with what it captured, its body
    /// limit and slowness: from the method and path alone, once per request, before the body.
    public func plan(method: HTTPMethod, pathSegments: [String]) -> RequestPlan {
        // A route of its own for HEAD (a resumable upload's offset) comes before the GET route.
        if method == .head {
            let own = plan(exactly: .head, pathSegments: pathSegments)
            return own.route == nil ? plan(exactly: .get, pathSegments: pathSegments) : own
        }
        return plan(exactly: method, pathSegments: pathSegments)
    }

    private func plan(exactly method: HTTPMethod, pathSegments: [String]) -> RequestPlan {
        for index in candidates(for: pathSegments) where routes[index].method == method {
            let route = routes[index]
            guard let parameters = route.match(pathSegments) else { continue }
            return RequestPlan(maxBodySize: route.maxBodySize ?? defaultMaxBodySize, isSlow: route.isSlow, route: route, parameters: parameters)
        }
        return RequestPlan(maxBodySize: defaultMaxBodySize, isSlow: false)
    }
}
