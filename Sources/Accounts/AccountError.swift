import Messages

/// Why an account operation did not happen; nothing was changed.
public enum AccountError: Error, Sendable, Equatable {
    case nameTaken(String)
    /// What the name breaks, in words the app writes in the reader's language.
    case invalidName(Message)
    case weakPassword(String)
    case accountNotFound(String)
    /// Removing or demoting this owner would leave no owner.
    case lastOwner
    case tokenNotFound
    /// The e-mail address given cannot be one; the reason says what to fix.
    case invalidEmail(String)
}

extension AccountError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .nameTaken(let name): "An account named “\(name)” already exists. Choose another name."
        case .invalidName(let reason): reason.english
        case .weakPassword(let reason): reason
        case .accountNotFound(let name): "There is no account named “\(name)”."
        case .lastOwner: "This is the last owner account; make another account an owner first."
        case .tokenNotFound: "There is no such API token; it may have been revoked already."
        case .invalidEmail(let reason): reason
        }
    }
}
