import HTTPServer

/// One of Homepwner's cookies: always `HttpOnly`, for the whole site; over HTTPS (directly, or behind
/// a trusted proxy that says so) also `Secure`, with the `__Host-` prefix that pins it to this host.
struct SiteCookie: Sendable {
    let plainName: String
    let sameSite: String

    /// The session id; kept past the browser's closing only with "keep me signed in".
    static let session = SiteCookie(plainName: "homepwner-session", sameSite: "Lax")
    /// Marks a browser that has signed in before, for the sign-in throttle; sent only with this
    /// site's own requests (the sign-in form posts to this site).
    static let device = SiteCookie(plainName: "homepwner-device", sameSite: "Strict")
    /// The token forms carry before there is a session (sign-in, setup, open access): the field must
    /// match the cookie, which another site can neither read nor set.
    static let form = SiteCookie(plainName: "homepwner-form", sameSite: "Lax")

    func name(secure: Bool) -> String { secure ? "__Host-" + plainName : plainName }

    /// What the request holds for this cookie. Over HTTPS only the `__Host-` name counts: a plain one
    /// could have been planted over HTTP. Every `Cookie` line is read (HTTP/2 proxies split them).
    func value(in request: Request, secure: Bool) -> Value {
        var found: [String] = []
        for value in request.headers.cookies(named: name(secure: secure)) where !value.isEmpty && !found.contains(value) {
            found.append(value)
        }
        switch found.count {
        case 0: return .none
        case 1: return .one(found[0])
        default: return .ambiguous(found)
        }
    }

    /// A cookie sent once, or more than once with different values. Browsers send a cookie planted
    /// for a longer path (or a parent domain) first, so "the first one wins" would let it choose.
    enum Value: Equatable {
        case none
        case one(String)
        case ambiguous([String])

        /// The value when there is exactly one.
        var only: String? {
            if case .one(let value) = self { value } else { nil }
        }

        var all: [String] {
            switch self {
            case .none: []
            case .one(let value): [value]
            case .ambiguous(let values): values
            }
        }
    }

    /// `Set-Cookie` for `value`, kept `maxAge` seconds, or without it until the browser closes.
    func set(_ value: String, secure: Bool, maxAge: Int? = nil) -> String {
        var parts = ["\(name(secure: secure))=\(value)", "Path=/", "HttpOnly", "SameSite=\(sameSite)"]
        if secure { parts.append("Secure") }
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        return parts.joined(separator: "; ")
    }

    /// `Set-Cookie` that removes the cookie.
    func clear(secure: Bool) -> String {
        var parts = ["\(name(secure: secure))=", "Path=/", "HttpOnly", "SameSite=\(sameSite)", "Max-Age=0"]
        if secure { parts.append("Secure") }
        return parts.joined(separator: "; ")
    }
}
