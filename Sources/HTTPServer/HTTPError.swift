/// An error that knows the response it becomes: its status, a short machine-readable code and a
/// message that tells a person what happened and what to do.
public protocol HTTPResponseError: Error {
    var status: HTTPStatus { get }
    /// A stable identifier for clients (`invalid-json`, `not-found`, …).
    var code: String { get }
    var message: String { get }
    /// Extra header fields (`Allow` for `405`, …).
    var headers: HTTPHeaders { get }
    /// Per-field messages, keyed by the field's name, when the error is about a form or JSON object.
    var fieldMessages: [(field: String, message: String)] { get }
}

extension HTTPResponseError {
    public var headers: HTTPHeaders { HTTPHeaders() }
    public var fieldMessages: [(field: String, message: String)] { [] }

    /// `{"error": {"code", "message", "fields"?: {name: message}}}`.
    public func jsonResponse() -> Response {
        let fields = fieldMessages.isEmpty ? nil : Dictionary(fieldMessages.map { ($0.field, $0.message) }, uniquingKeysWith: { first, _ in first })
        let body = ErrorBody(error: .init(code: code, message: message, fields: fields))
        var response = (try? Response.json(body, status: status)) ?? Response.text(message, status: status)
        for (name, value) in headers { response.headers[name] = value }
        return response
    }
}

struct ErrorBody: Encodable {
    struct Detail: Encodable {
        let code: String
        let message: String
        let fields: [String: String]?
    }
    let error: Detail
}

/// A plain HTTP error raised by the server or a handler.
public struct HTTPError: HTTPResponseError, CustomStringConvertible {
    public let status: HTTPStatus
    public let code: String
    public let message: String
    public let headers: HTTPHeaders

    public init(_ code: ServerErrorCode, message: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = code.status
        self.code = code.rawValue
        self.message = message
        self.headers = headers
    }

    public var description: String { "\(status): \(message)" }

    public static func notFound(_ what: String = "This page") -> HTTPError {
        HTTPError(.notFound, message: "\(what) does not exist. Check the address, or go back to the list.")
    }

    public static func badRequest(_ message: String, code: ServerErrorCode = .badRequest) -> HTTPError {
        HTTPError(code, message: message)
    }
}
