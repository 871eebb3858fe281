import HTTPServer

/// Behind a reverse proxy on this machine that Homepwner was told to trust (`--trust-proxy`), every
/// request comes from loopback: then the proxy's word counts for the scheme (`X-Forwarded-Proto`) and
/// the client's address (the last `X-Forwarded-For`, the one it appended). Worked out once per request
/// into its context; without a trusted proxy the connection's own say, at no cost.
struct ProxyTrust: Middleware {
    func respond(to request: Request, next: any Responder) throws -> Response {
        try next.respond(to: Self.resolved(request))
    }

    static func resolved(_ request: Request) -> Request {
        guard AppConfiguration.isLoopback(request.remoteAddress) else { return request }
        var request = request
        let forwarded = request.headers["X-Forwarded-For"]?.split(separator: ",").last?.trimmingSpacesAndTabs() ?? ""
        request.context[ForwardedClientKey.self] = ForwardedClient(
            address: forwarded.isEmpty ? request.remoteAddress : forwarded,
            isSecure: request.isTLS || request.headers["X-Forwarded-Proto"]?.lowercased() == "https")
        return request
    }
}

/// The client as a trusted proxy describes it.
struct ForwardedClient: Sendable {
    let address: String
    let isSecure: Bool
}

enum ForwardedClientKey: RequestContextKey {
    typealias Value = ForwardedClient
}

extension Request {
    /// Whether the request reached Homepwner over HTTPS: directly, or through a trusted proxy.
    var isSecure: Bool { context[ForwardedClientKey.self]?.isSecure ?? isTLS }

    /// Where the person is: the peer, or behind a trusted proxy the address it forwarded.
    var clientAddress: String { context[ForwardedClientKey.self]?.address ?? remoteAddress }
}

private extension Substring {
    func trimmingSpacesAndTabs() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
