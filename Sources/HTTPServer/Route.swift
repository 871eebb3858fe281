/// What an application records about a route for its middleware to read (who may call it, whether it
/// answers in JSON): typed values keyed by type, stored like a request's context.
public typealias RouteMetadata = RequestContext

/// A prefix shared by several routes (`/api/v1`) and metadata every route under it carries.
public struct RouteGroup: Sendable {
    public let prefix: String
    public let metadata: RouteMetadata

    public init(_ prefix: String, metadata: RouteMetadata = RouteMetadata()) {
        self.prefix = prefix
        self.metadata = metadata
    }
}

/// A method and a path pattern (`/api/v1/items/{id}`, `/static/{path...}`) bound to a handler.
public final class Route: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        /// Matches the rest of the path, one or more segments, joined by `/`.
        case rest(String)
    }

    public let method: HTTPMethod
    public let pattern: String
    /// The largest body this route accepts, in bytes; nil for the router's default.
    public let maxBodySize: Int?
    /// Whether the handler is always slow (decodes images, …) and runs off the network threads. A
    /// handler that is only sometimes slow throws `WorkerRequired` when it finds out.
    public let isSlow: Bool
    /// What the application recorded about it for its middleware.
    public let metadata: RouteMetadata
    let segments: [Segment]
    private let parameterCount: Int
    let handler: @Sendable (Request) throws -> Response

    init(method: HTTPMethod, pattern: String, maxBodySize: Int?, isSlow: Bool, metadata: RouteMetadata = RouteMetadata(),
         handler: @escaping @Sendable (Request) throws -> Response) {
        self.method = method
        self.pattern = pattern
        self.maxBodySize = maxBodySize
        self.isSlow = isSlow
        self.metadata = metadata
        self.handler = handler
        self.segments = pattern.split(separator: "/").map { piece in
            guard piece.hasPrefix("{"), piece.hasSuffix("}") else { return .literal(String(piece)) }
            let name = piece.dropFirst().dropLast()
            return name.hasSuffix("...") ? .rest(String(name.dropLast(3))) : .parameter(String(name))
        }
        self.parameterCount = segments.count { if case .literal = $0 { false } else { true } }
    }

    /// The captured parameters when `path` matches the pattern, else nil.
    func match(_ path: [String]) -> RouteParameters? {
        let endsWithRest = if case .rest? = segments.last { true } else { false }
        guard path.count == segments.count || (endsWithRest && path.count > segments.count) else { return nil }
        // Literals first: most candidates fail there, before anything is allocated.
        for (index, segment) in segments.enumerated() {
            if case .literal(let literal) = segment, path[index] != literal { return nil }
        }
        var parameters = RouteParameters(capacity: parameterCount)
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .literal: continue
            case .parameter(let name): parameters.append(name, path[index])
            case .rest(let name): parameters.append(name, path[index...].joined(separator: "/"))
            }
        }
        return parameters
    }
}
