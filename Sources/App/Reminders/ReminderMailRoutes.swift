/// Every path of reminders by e-mail, spelled once.
enum ReminderMailRoutes {
    /// An e-mail's unsubscribe link for one kind of reminder (`{kind}`, a family), or for every kind
    /// (`all`, a weekly digest's): `GET` shows a page with a button, `POST` (the button, or a mail
    /// program's RFC 8058 one-click) turns that e-mail off. `{token}` is the account's unsubscribe
    /// key, the only access.
    static let unsubscribe = RoutePath("/unsubscribe/{token}/{kind}")
    /// The account page's form: where, which kinds, and when (as they fall due or once a week).
    static let settings = RoutePath("/account/reminder-mail")

    /// `{kind}` in the link that turns off every kind at once.
    static let allKinds = "all"

    static func unsubscribe(key: String, kind: String) -> String { unsubscribe.url(key, kind) }
    static func unsubscribeAll(key: String) -> String { unsubscribe.url(key, allKinds) }
}
