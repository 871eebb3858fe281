/// What every page needs besides its own content: the content-hashed URLs of the stylesheet, script
/// and icon, and who is signed in (with the CSRF token their forms carry).
struct PageContext: Sendable {
    let stylesheet: String
    let script: String
    let icon: String
    /// The signed-in account's name; nil when nobody is (or when the server is open to the local user).
    var userName: String? = nil
    /// The calling account's id (0 for the local user of an open server), in the page for the
    /// device's outbox: its captures are sent only while the account that took them is signed in.
    var accountID: String? = nil
    /// The session's CSRF token, put in every form and in a meta tag for scripts.
    var csrfToken: String? = nil
    /// Whether the caller may change items and photos (editors and owners).
    var canEdit = true
    /// Whether the caller manages accounts (owners).
    var canManage = true
}
