import HTTPServer

/// An error raised by a page or API handler, with what a person or client should do about it.
struct AppError: CataloguedError, CustomStringConvertible {
    let errorCode: ErrorCode
    let message: String
    var fieldMessages: [(field: String, message: String)] = []
    var headers = HTTPHeaders()

    init(_ code: ErrorCode, message: String) {
        self.errorCode = code
        self.message = message
    }

    var description: String { "\(status.code) \(code): \(message)" }
}
