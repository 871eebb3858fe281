import Accounts

/// Every path of accounts and signing in, spelled once.
enum AccountRoutes {
    static let signIn = RoutePath("/signin")
    static let signOut = RoutePath("/signout")
    static let setup = RoutePath("/setup/{token}")
    static let account = RoutePath("/account")
    static let password = RoutePath("/account/password")
    static let tokens = RoutePath("/account/tokens")
    static let revokeToken = RoutePath("/account/tokens/{id}/revoke")
    static let users = RoutePath("/users")
    static let user = RoutePath("/users/{id}")
    static let removeUser = RoutePath("/users/{id}/remove")
    /// The account page's button for a new calendar feed.
    static let calendar = RoutePath("/account/calendar")
    /// The account page's choice of language.
    static let language = RoutePath("/account/language")
    static let api = RoutePath("/account", in: APIRoutes.v1)
    static let apiCalendar = RoutePath("/account/calendar", in: APIRoutes.v1)

    /// Sign-in, then back to `next` (already escaped as a query value).
    static func signIn(escapedNext next: String) -> String { "\(signIn.url())?next=\(next)" }
    static func setup(_ token: String) -> String { setup.url(token) }
    /// The account page, saying how the password change went.
    static func account(passwordNotice: String) -> String { "\(account.url())?password=\(passwordNotice)" }
    static func revokeToken(_ id: APITokenInfo.ID) -> String { revokeToken.url(id) }
    static func user(_ id: Account.ID) -> String { user.url(id) }
    /// The Accounts page, saying the offline copy's switch was saved (`on` or `off`).
    static func users(offlineCopySaved keeps: Bool) -> String { "\(users.url())?offline-copy=\(keeps ? "on" : "off")" }
    static func removeUser(_ id: Account.ID) -> String { removeUser.url(id) }
}
