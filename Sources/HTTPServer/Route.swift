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
public struct Route: Sendable {
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
    /// Whether the handler is slow (decodes images, …) and should run off the network threads.
    public let slowness: Slowness
    /// Who may call it; enforced by the application's middleware.
    public let access: RouteAccess
    let segments: [Segment]
    let handler: @Sendable (Request) throws -> Response

    /// When a route's handler runs on the worker pool instead of a network thread.
    public enum Slowness: Sendable {
        case never
        case always
        /// Decided per request from the route's parameters, cheaply (a `stat`, not the work itself).
        case when(@Sendable ([String: String]) -> Bool)
    }

    init(method: HTTPMethod, pattern: String, maxBodySize: Int?, slowness: Slowness, access: RouteAccess,
         handler: @escaping @Sendable (Request) throws -> Response) {
        self.method = method
        self.pattern = pattern
        self.maxBodySize = maxBodySize
        self.slowness = slowness
        self.access = access
        self.handler = handler
        self.segments = pattern.split(separator: "/").map { piece in
            guard piece.hasPrefix("{"), piece.hasSuffix("}") else { return .literal(String(piece)) }
            let name = piece.dropFirst().dropLast()
            return name.hasSuffix("...") ? .rest(String(name.dropLast(3))) : .parameter(String(name))
        }
    }

    /// The captured parameters when `path` matches the pattern, else nil.
    func match(_ path: [String]) -> [String: String]? {
        var parameters: [String: String] = [:]
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .literal(let literal):
                guard index < path.count, path[index] == literal else { return nil }
            case .parameter(let name):
                guard index < path.count else { return nil }
                parameters[name] = path[index]
            case .rest(let name):
                guard index < path.count else { return nil }
                parameters[name] = path[index...].joined(separator: "/")
                return parameters
            }
        }
        return path.count == segments.count ? parameters : nil
    }
}
