import HTTPServer

/// An error raised by a page or API handler, with what a person or client should do about it.
struct AppError: HTTPResponseError, CustomStringConvertible {
    let status: HTTPStatus
    let code: String
    let message: String
    var fieldMessages: [(field: String, message: String)] = []
    var headers = HTTPHeaders()

    init(_ status: HTTPStatus, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    var description: String { "\(status.code) \(code): \(message)" }
}
