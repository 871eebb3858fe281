import Foundation

/// What a handler answers: a status, header fields and a body.
public struct Response: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: Body

    public enum Body: Sendable {
        case bytes([UInt8])
        /// A file: sent with `sendfile`, or read and sent in one write with the headers when small.
        case file(OpenFile)
        /// Made while it is sent: see `init(status:headers:stream:)`.
        case stream(@Sendable (ResponseBodyWriter) throws -> Void)
    }

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A body of unknown length, made while it is sent: `produce` runs on a thread of its own once
    /// the head is on its way and writes the body in pieces as it makes them (chunked transfer
    /// encoding, no `Content-Length`). Memory stays bounded whatever the size: a write waits while
    /// the client is behind. A client that goes makes the next write throw; a `produce` that throws
    /// cuts the connection, so the client sees a failed download, never one that looks complete
    /// (an HTTP/1.0 client, which cannot be told, sees the connection close). Not run for `HEAD`.
    /// What must be checked before answering (access, the request's parameters, a read that can
    /// fail) belongs in the handler, which can still answer with an error.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(),
                stream produce: @escaping @Sendable (ResponseBodyWriter) throws -> Void) {
        self.init(status: status, headers: headers, body: .stream(produce))
    }

    public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .bytes(Array(text.utf8)))
    }

    public static func html(_ bytes: [UInt8], status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(bytes))
    }

    /// JSON from an `Encodable` value: ISO 8601 dates, keys as the type names them.
    public static func json(_ value: some Encodable, status: HTTPStatus = .ok) throws -> Response {
        let data = try JSONCoding.encoder.encode(value)
        return Response(status: status, headers: ["Content-Type": "application/json"], body: .bytes(Array(data)))
    }

    /// A redirect the browser follows with `GET` (Post/Redirect/Get).
    public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> Response {
        Response(status: status, headers: ["Location": location], body: .bytes([]))
    }

    public static let noContent = Response(status: .noContent)
}

/// The JSON coders every handler shares, configured once.
public enum JSONCoding {
    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }()
}
