import HTTPServer

/// Who may call a route. Routes record it; `AccessMiddleware` enforces it.
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

    /// The key under which a route's metadata holds it.
    enum Key: RequestContextKey { typealias Value = RouteAccess }
}

extension Route {
    /// Who may call this route (every route the app registers says).
    public var access: RouteAccess { metadata[RouteAccess.Key.self] ?? .manage }

    /// Whether this route belongs to the JSON API: its errors are JSON whatever the client accepts.
    var isAPI: Bool { metadata[APIRoutes.Member.self] ?? false }
}
