import Foundation
import HTML
import Mail
import Reminders

/// Reminders of one kind that came due together as one e-mail, in plain text and HTML, with an
/// unsubscribe link for their kind (RFC 8058 one-click). One reminder: its title is the subject, then
/// what to do and a link straight to the page and field that puts it right. Several (an evening's
/// import without photos comes due on one day): one e-mail listing each with its link, never one each.
struct ReminderMail {
    /// One or more, of one family, in the order they are listed.
    let reminders: [Reminder]
    let to: String
    let from: String
    /// `https://home.example.com`, without a trailing slash.
    let siteURL: String
    let unsubscribeKey: String

    /// How many reminders an e-mail lists before "and N more".
    static let listed = 100

    private var reminder: Reminder { reminders[0] }
    var family: ReminderFamily { ReminderFamily.of(reminder.kind) }
    var fixURL: String { fixURL(reminder) }
    func fixURL(_ reminder: Reminder) -> String { siteURL + ReminderRoutes.fix(reminder.fix) }
    var unsubscribeURL: String { siteURL + ReminderMailRoutes.unsubscribe(key: unsubscribeKey, kind: reminder.kind.family) }
    var accountURL: String { siteURL + AccountRoutes.account.url() }
    var homeURL: String { siteURL + ItemRoutes.list.url() }
    var subject: String { reminders.count == 1 ? reminder.title : "\(family.name): \(reminders.count) reminders" }
    private var shown: ArraySlice<Reminder> { reminders.prefix(Self.listed) }
    private var more: Int { reminders.count - shown.count }

    /// `<local@domain>`, the domain the sender's.
    static func messageID(_ local: String, from: String) -> String {
        "<\(local)@\(from.split(separator: "@").last.map(String.init) ?? "homepwner")>"
    }

    func message(at date: Date, accountID: Int64) -> MailMessage {
        MailMessage(
            from: MailAddress(from, name: "Homepwner"), to: MailAddress(to), subject: subject, text: text, html: html,
            headers: [("List-Unsubscribe", "<\(unsubscribeURL)>"), ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
                      ("Auto-Submitted", "auto-generated")],
            // The same for every attempt at this occasion: a server that got it twice can tell.
            messageID: Self.messageID("\(reminder.id.replacingOccurrences(of: ":", with: "."))\(reminders.count > 1 ? ".and-\(reminders.count - 1)" : "").\(accountID)", from: from),
            date: date)
    }

    var text: String {
        let body = reminders.count == 1 ? """
            \(reminder.title)

            \(reminder.detail)

            Put it right: \(fixURL)
            """ : listText
        return """
        \(body)

        --
        Homepwner e-mails each reminder once. No more e-mails about \(family.name.lowercased()): \(unsubscribeURL)
        Choose which reminders come by e-mail on your account page: \(accountURL)

        """
    }

    var html: String {
        let document = HTMLDocument(HTML.html(.lang("en")) {
            head {
                meta(.charset("utf-8"))
                title(subject)
            }
            body {
                h1 { subject }
                if reminders.count == 1 {
                    p { reminder.detail }
                    p { a(.href(fixURL)) { "Put it right" } }
                } else {
                    list
                }
                hr()
                p {
                    "Homepwner e-mails each reminder once. "
                    a(.href(unsubscribeURL)) { "No more e-mails about \(family.name.lowercased())" }
                    ". Choose which reminders come by e-mail on "
                    a(.href(accountURL)) { "your account page" }
                    "."
                }
            }
        })
        return String(decoding: document.renderedBytes(), as: UTF8.self)
    }

    /// Each reminder's title with its link, then "and N more" past `listed`: the e-mail of several,
    /// and a section of a weekly digest.
    var listText: String {
        shown.map { "- \($0.title)\n  \(fixURL($0))" }.joined(separator: "\n") + (more > 0 ? "\n- and \(more) more: \(homeURL)" : "")
    }

    var list: HTMLNode {
        ul {
            for reminder in shown { li { a(.href(fixURL(reminder))) { reminder.title } } }
            if more > 0 { li { a(.href(homeURL)) { "and \(more) more" } } }
        }
    }
}
