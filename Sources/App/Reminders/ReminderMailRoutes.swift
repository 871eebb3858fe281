/// Every path of reminders by e-mail, spelled once.
enum ReminderMailRoutes {
    /// An e-mail's unsubscribe link for one kind of reminder (`{kind}`, a family): `GET` shows a page
    /// with a button, `POST` (the button, or a mail program's RFC 8058 one-click) turns that kind's
    /// e-mail off. `{token}` is the account's unsubscribe key, the only access.
    static let unsubscribe = RoutePath("/unsubscribe/{token}/{kind}")
    /// The account page's form: which kinds come by e-mail.
    static let settings = RoutePath("/account/reminder-mail")

    static func unsubscribe(key: String, kind: String) -> String { unsubscribe.url(key, kind) }
}
