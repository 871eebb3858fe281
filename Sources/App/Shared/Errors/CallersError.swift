import Accounts
import HTTPServer
import Messages

/// A handler's error with the caller `AccessMiddleware` found, for `ErrorResponder` (outside it) to
/// answer in the caller's language, the account's. Everything else is the error's own.
struct CallersError: HTTPResponseError {
    let error: any HTTPResponseError
    let caller: Caller?

    var status: HTTPStatus { error.status }
    var code: String { error.code }
    var message: String { error.message }
    var headers: HTTPHeaders { error.headers }
    var fieldMessages: [(field: String, message: String)] { error.fieldMessages }
    var wording: Message { error.wording }
    var fieldWordings: [(field: String, message: Message)] { error.fieldWordings }
}
