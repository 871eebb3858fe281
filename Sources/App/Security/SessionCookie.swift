import Accounts
import HTTPServer

/// The session cookie: `HttpOnly`, `SameSite=Lax`; over HTTPS (directly, or behind a trusted proxy
/// that says so) also `Secure`, with the `__Host-` prefix that pins it to this host and path.
struct SessionCookie: Sendable {
    static let plainName = "homepwner-session"
    static let secureName = "__Host-homepwner-session"

    /// The session id the request carries. Over HTTPS only the `__Host-` cookie counts: a plain one
    /// could have been planted over HTTP.
    static func sessionID(in request: Request, secure: Bool) -> String? {
        guard let header = request.headers["Cookie"] else { return nil }
        let wanted = secure ? secureName : plainName
        for piece in header.split(separator: ";") {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0] == wanted { return pair[1] }
        }
        return nil
    }

    /// `Set-Cookie` for a new session; without "remember me" it lasts until the browser closes.
    static func set(_ id: String, secure: Bool, remember: Bool, maxAge: Int) -> String {
        var parts = ["\(secure ? secureName : plainName)=\(id)", "Path=/", "HttpOnly", "SameSite=Lax"]
        if secure { parts.append("Secure") }
        if remember { parts.append("Max-Age=\(maxAge)") }
        return parts.joined(separator: "; ")
    }

    /// `Set-Cookie` that removes the cookie.
    static func clear(secure: Bool) -> String {
        var parts = ["\(secure ? secureName : plainName)=", "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"]
        if secure { parts.append("Secure") }
        return parts.joined(separator: "; ")
    }
}
