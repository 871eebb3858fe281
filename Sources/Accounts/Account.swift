import Database
import Foundation

/// Someone who signs in.
public struct Account: Sendable, Equatable, Identifiable {
    public typealias ID = RowID<Account>

    public let id: ID
    public let name: String
    public let role: Role
    /// Library roots (absolute paths) this account may see.
    public let libraryGrants: Set<String>
    public let created: Date
    /// The language its pages are in, as a BCP 47 tag (`de`, `pt-BR`); nil: the one its browser
    /// asks for. This module keeps the tag; the app knows which languages it ships.
    public let language: String?

    public init(id: ID, name: String, role: Role, libraryGrants: Set<String>, created: Date, language: String? = nil) {
        self.id = id
        self.name = name
        self.role = role
        self.libraryGrants = libraryGrants
        self.created = created
        self.language = language
    }
}

/// An API token as its owner sees it later (the secret itself is shown only once).
public struct APITokenInfo: Sendable, Equatable, Identifiable {
    public typealias ID = RowID<APITokenInfo>

    public let id: ID
    public let name: String
    /// The first characters, to tell tokens apart.
    public let prefix: String
    public let created: Date
    public let lastUsed: Date?
}

/// Who is making a request, once a session or token has been checked.
public struct Caller: Sendable, Equatable {
    public let account: Account
    /// The session's CSRF token; nil for API tokens (which are not sent by browsers on their own).
    public let csrfToken: String?
    /// How the caller proved who they are.
    public let via: Credential

    public enum Credential: Sendable, Equatable {
        case session
        case apiToken
        /// No accounts yet, on loopback: the local user may do everything.
        case openAccess
    }

    public init(account: Account, csrfToken: String?, via: Credential) {
        self.account = account
        self.csrfToken = csrfToken
        self.via = via
    }
}
