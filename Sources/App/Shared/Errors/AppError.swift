import HTTPServer
import Messages

/// An error raised by a page or API handler, with what a person or client should do about it.
struct AppError: CataloguedError, CustomStringConvertible {
    let errorCode: ErrorCode
    let wording: Message
    var fieldWordings: [(field: String, message: Message)] = []
    var headers = HTTPHeaders()

    init(_ code: ErrorCode, _ wording: Message) {
        self.errorCode = code
        self.wording = wording
    }

    var message: String { wording.english }

    var description: String { "\(status.code) \(code): \(message)" }
}
