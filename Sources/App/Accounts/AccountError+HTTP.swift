import Accounts
import HTTPServer

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

    public var fieldMessages: [(field: String, message: String)] {
        switch self {
        case .nameTaken, .invalidName: [(field: "name", message: description)]
        case .weakPassword: [(field: "password", message: description)]
        case .invalidEmail: [(field: "email", message: description)]
        case .accountNotFound, .lastOwner, .tokenNotFound: []
        }
    }
}
