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
    }

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
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
