import HTTPServer
import Messages

/// An error raised by a page or API handler, with what a person or client should do about it.
struct AppError: CataloguedError, CustomStringConvertible {
    let errorCode: ErrorCode
    let wording: Message
    var fieldWordings: [(field: String, message: Message)] = []
    var headers = HTTPHeaders()

    init(_ code: ErrorCode, message: String) {
        self.init(code, Message(english: message))
    }

    init(_ code: ErrorCode, _ wording: Message) {
        self.errorCode = code
        self.wording = wording
    }

    var message: String { wording.english }

    /// Per-field messages in US English (words not in the catalogues yet).
    var fieldMessages: [(field: String, message: String)] {
        get { fieldWordings.map { ($0.field, $0.message.english) } }
        set { fieldWordings = newValue.map { ($0.field, Message(english: $0.message)) } }
    }

    var description: String { "\(status.code) \(code): \(message)" }
}
