import HTTPServer

/// Headers that keep pages from being framed, sniffed or scripted from elsewhere.
struct SecurityHeaders: Middleware {
    /// The service worker and the manifest are named although `default-src`/`script-src 'self'`
    /// already allow them: what may run as a worker (which sees every request of the site) and where
    /// the installed app's description comes from stay our own files even if `script-src` ever
    /// widens. The worker is registered from an ES module, never an inline script.
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:",
        "connect-src 'self'", "worker-src 'self'", "manifest-src 'self'",
        "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    func respond(to request: Request, next: any Responder) throws -> Response {
        var response = try next.respond(to: request)
        Self.apply(to: &response, for: request)
        // Over HTTPS, the browser is pinned to HTTPS (HSTS).
        if request.isSecure { response.headers["Strict-Transport-Security"] = "max-age=31536000" }
        return response
    }

    /// Adds the headers, and on an adjuster's link more: its address is its only credential, so it
    /// travels on in no `Referer` and no cache keeps what it showed (errors too). Also used for
    /// errors the server answers before any middleware runs.
    static func apply(to response: inout Response, for request: Request) {
        apply(to: &response)
        if ClaimLinkRoutes.isShared(request) {
            response.headers["Referrer-Policy"] = "no-referrer"
            response.headers["Cache-Control"] = "no-store"
        }
    }

    static func apply(to response: inout Response) {
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        // Framing and scripts concern pages only; a photo or JSON is never a page (and on a
        // cached photo GET, every header counts). Pages and JSON hold someone's inventory: no cache
        // keeps them, not even the browser's after signing out.
        let type = response.headers["Content-Type"]
        if type?.hasPrefix("text/html") == true {
            response.headers["X-Frame-Options"] = "DENY"
            response.headers["Content-Security-Policy"] = Self.contentSecurityPolicy
        }
        if type?.hasPrefix("text/html") == true || type?.hasPrefix("application/json") == true {
            response.headers["Cache-Control"] = response.headers["Cache-Control"] ?? "no-store"
        }
    }
}
