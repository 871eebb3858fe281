import Foundation
import HTTPServer
import Messages

/// The JSON API described in OpenAPI 3.1: `openapi.json` beside this file, written by hand so a
/// change to the API is a readable diff. Served at `/api/v1/openapi.json` for clients and code
/// generators; `OpenAPIDocumentTests` fail when it and the router (or the JSON the app writes) differ.
struct OpenAPIDocument: Sendable {
    let bytes: [UInt8]
    let etag: String

    init(bytes: [UInt8]) {
        self.bytes = bytes
        etag = "\"\(ContentHash.hex(of: bytes))\""
    }

    /// The document bundled with the app.
    static func bundled() throws -> OpenAPIDocument {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json") else {
            throw AppError(.assetsMissing, Message("error.server.openapi-missing", "openapi.json is missing from the app bundle; rebuild Homepwner."))
        }
        return OpenAPIDocument(bytes: Array(try Data(contentsOf: url)))
    }

    /// Public, like the rest of what describes the site rather than the household: it holds no data.
    func register(in router: inout AppRouter) {
        router.get(APIRoutes.document, access: .public) { request in response(to: request) }
    }

    /// The document, revalidated with its ETag: it changes only with a new build, but its URL does not.
    func response(to request: Request) -> Response {
        if EntityTag.noneMatchHits(request.headers["If-None-Match"], current: etag) {
            return Response(status: .notModified, headers: ["ETag": etag])
        }
        return Response(headers: ["Content-Type": "application/json", "Cache-Control": "no-cache", "ETag": etag], body: .bytes(bytes))
    }
}
