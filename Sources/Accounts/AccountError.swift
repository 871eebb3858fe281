import Messages

/// Why an account operation did not happen; nothing was changed.
public enum AccountError: Error, Sendable, Equatable {
    case nameTaken(String)
    /// What the name breaks, in words the app writes in the reader's language.
    case invalidName(Message)
    /// What the password breaks (too short, too long).
    case weakPassword(Message)
    case accountNotFound(String)
    /// Removing or demoting this owner would leave no owner.
    case lastOwner
    case tokenNotFound
    /// The e-mail address given cannot be one; the reason says what to fix.
    case invalidEmail(Message)
}

extension AccountError: CustomStringConvertible {
    /// What happened and what to do, in words the app writes in the reader's language.
    public var wording: Message {
        switch self {
        case .nameTaken(let name):
            Message("error.server.account-name-taken", "An account named “\(name)” already exists. Choose another name.", ["name": .text(name)])
        case .invalidName(let reason), .weakPassword(let reason), .invalidEmail(let reason): reason
        case .accountNotFound(let name): Message("error.server.account-not-found", "There is no account named “\(name)”.", ["name": .text(name)])
        case .lastOwner: Message("error.server.last-owner", "This is the last owner account; make another account an owner first.")
        case .tokenNotFound: Message("error.server.token-not-found", "There is no such API token; it may have been revoked already.")
        }
    }

    public var description: String { wording.english }
}
