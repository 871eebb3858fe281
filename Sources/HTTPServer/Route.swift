/// Who may call a route. The server only records it; middleware enforces it.
public enum RouteAccess: String, Sendable, CaseIterable {
    /// Anyone, signed in or not (health check, sign-in, static files).
    case `public`
    /// Any signed-in caller: reading.
    case read
    /// Callers who may change items and photos.
    case write
    /// Any signed-in caller, changing only their own account (password, API tokens, sign-out).
    case account
    /// Callers who manage accounts and settings.
    case manage
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
    /// Who may call it; enforced by the application's middleware.
    public let access: RouteAccess
    let segments: [Segment]
    private let parameterCount: Int
    let handler: @Sendable (Request) throws -> Response

    init(method: HTTPMethod, pattern: String, maxBodySize: Int?, isSlow: Bool, access: RouteAccess,
         handler: @escaping @Sendable (Request) throws -> Response) {
        self.method = method
        self.pattern = pattern
        self.maxBodySize = maxBodySize
        self.isSlow = isSlow
        self.access = access
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
