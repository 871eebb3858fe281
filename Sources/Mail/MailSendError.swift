/// Why a message was not handed over, told apart by what the sender must do next.
public enum MailSendError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing of the message left: the server could not be reached, TLS or sign-in failed. Try again later.
    case unreachable(String)
    /// The server refused for now (a 4xx reply). Try again later.
    case refusedForNow(code: Int, String)
    /// The server refused for good (a 5xx reply to the sender, the recipient or the message).
    case refused(code: Int, String)
    /// The message went out but no answer came: it may have been delivered. Never sent again.
    case answerLost(String)

    /// Whether trying again later may succeed without sending twice.
    public var isTemporary: Bool {
        switch self {
        case .unreachable, .refusedForNow: true
        case .refused, .answerLost: false
        }
    }

    public var description: String {
        switch self {
        case .unreachable(let reason): "The mail server could not be reached: \(reason)"
        case .refusedForNow(let code, let reason): "The mail server refused for now (\(code)): \(reason)"
        case .refused(let code, let reason): "The mail server refused the message (\(code)): \(reason)"
        case .answerLost(let reason): "The mail server's answer was lost after the message was sent: \(reason)"
        }
    }
}
