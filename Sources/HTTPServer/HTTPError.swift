import Messages

/// An error that knows the response it becomes: its status, a short machine-readable code and a
/// message that tells a person what happened and what to do.
public protocol HTTPResponseError: Error {
    var status: HTTPStatus { get }
    /// A stable identifier for clients (`invalid-json`, `not-found`, …).
    var code: String { get }
    /// `wording` in US English, unless the error says otherwise.
    var message: String { get }
    /// Extra header fields (`Allow` for `405`, …).
    var headers: HTTPHeaders { get }
    /// Per-field messages, keyed by the field's name, when the error is about a form or JSON object.
    var fieldMessages: [(field: String, message: String)] { get }
    /// What happened and what to do, as a value the app writes in the reader's language: every error
    /// words its own, as nothing here knows a language.
    var wording: Message { get }
    /// `fieldMessages` as values.
    var fieldWordings: [(field: String, message: Message)] { get }
}

extension HTTPResponseError {
    public var headers: HTTPHeaders { HTTPHeaders() }
    public var fieldMessages: [(field: String, message: String)] { fieldWordings.map { ($0.field, $0.message.english) } }
    public var message: String { wording.english }
    public var fieldWordings: [(field: String, message: Message)] { [] }

    /// `{"error": {"code", "message", "fields"?: {name: message}}}`, its messages written by `write`
    /// (in the reader's language); US English without it.
    public func jsonResponse(writing write: (Message) -> String = \.english) -> Response {
        let written: [(String, String)] = fieldWordings.isEmpty ? fieldMessages.map { ($0.field, $0.message) } : fieldWordings.map { ($0.field, write($0.message)) }
        let fields = written.isEmpty ? nil : Dictionary(written, uniquingKeysWith: { first, _ in first })
        let message = write(wording)
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
    public let wording: Message
    public let headers: HTTPHeaders

    public init(_ code: ServerErrorCode, _ wording: Message, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = code.status
        self.code = code.rawValue
        self.wording = wording
        self.headers = headers
    }

    public var description: String { "\(status): \(message)" }

    /// What does not exist, each in its own words (a language puts "this photo" in its own case).
    public enum Missing: String, Sendable {
        case page = "This page", file = "This file", photo = "This photo", video = "This video"
        case documentFile = "This document's file", documentThumbnail = "This document's thumbnail"

        var key: String {
            switch self {
            case .page: "error.not-found.page"
            case .file: "error.not-found.file"
            case .photo: "error.not-found.photo"
            case .video: "error.not-found.video"
            case .documentFile: "error.not-found.document-file"
            case .documentThumbnail: "error.not-found.document-thumbnail"
            }
        }
    }

    public static func notFound(_ what: Missing = .page) -> HTTPError {
        HTTPError(.notFound, Message(what.key, "\(what.rawValue) does not exist. Check the address, or go back to the list."))
    }
}
