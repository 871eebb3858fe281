import HTTPServer

/// The JSON API's group: every route under `/api/v1` answers in JSON, errors included.
enum APIRoutes {
    static let v1: RouteGroup = {
        var metadata = RouteMetadata()
        metadata[Member.self] = true
        return RouteGroup("/api/v1", metadata: metadata)
    }()

    /// The API described in OpenAPI 3.1 (`OpenAPIDocument`).
    static let document = RoutePath("/openapi.json", in: v1)

    enum Member: RequestContextKey { typealias Value = Bool }

    /// Whether `pathSegments` fall under the API, routed or not (a mistyped API path gets a JSON 404).
    static func contains(_ pathSegments: [String]) -> Bool {
        pathSegments.starts(with: v1.prefix.split(separator: "/").map(String.init))
    }
}

extension Request {
    /// Whether to answer in JSON rather than HTML: an API route, or a script's `fetch` asking for JSON.
    var prefersJSON: Bool {
        (route?.isAPI ?? APIRoutes.contains(pathSegments)) || acceptsJSONRatherThanHTML
    }
}

extension Request {
    /// Whether a browser loads the answer as the page itself (a link followed, a form sent): the
    /// fetch metadata every current browser sends, never a script's `fetch` or an API client.
    var isDocumentNavigation: Bool {
        headers["Sec-Fetch-Mode"] == "navigate" && headers["Sec-Fetch-Dest"] == "document" && !acceptsJSONRatherThanHTML
    }
}
