import Accounts
import HTTPServer
import Messages

extension AccountError: CataloguedError {
    var errorCode: ErrorCode {
        switch self {
        case .nameTaken: .accountNameTaken
        case .invalidName: .invalidAccountName
        case .weakPassword: .weakPassword
        case .accountNotFound: .accountNotFound
        case .lastOwner: .lastOwner
        case .tokenNotFound: .tokenNotFound
        case .invalidEmail: .invalidEmail
        }
    }

    public var message: String { description }

    /// A name's rule in the reader's language; the rest in US English still.
    public var wording: Message {
        if case .invalidName(let reason) = self { reason } else { Message(english: description) }
    }

    public var fieldWordings: [(field: String, message: Message)] {
        switch self {
        case .nameTaken, .invalidName: [(field: "name", message: wording)]
        case .weakPassword: [(field: "password", message: wording)]
        case .invalidEmail: [(field: "email", message: wording)]
        case .accountNotFound, .lastOwner, .tokenNotFound: []
        }
    }
}
