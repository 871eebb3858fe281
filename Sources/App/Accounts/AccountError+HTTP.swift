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

    public var fieldWordings: [(field: String, message: Message)] {
        switch self {
        case .nameTaken, .invalidName: [(field: "name", message: wording)]
        case .weakPassword: [(field: "password", message: wording)]
        case .invalidEmail: [(field: "email", message: wording)]
        case .accountNotFound, .lastOwner, .tokenNotFound: []
        }
    }
}
