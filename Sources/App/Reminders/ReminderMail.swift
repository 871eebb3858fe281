import Foundation
import HTML
import Mail
import Reminders

/// One reminder as an e-mail: its title as the subject, what to do, a link straight to the page and
/// field that puts it right, and an unsubscribe link for its kind (RFC 8058 one-click), in plain
/// text and HTML.
struct ReminderMail {
    let reminder: Reminder
    let to: String
    let from: String
    /// `https://home.example.com`, without a trailing slash.
    let siteURL: String
    let unsubscribeKey: String

    var family: ReminderFamily { ReminderFamily.of(reminder.kind) }
    var fixURL: String { siteURL + ReminderRoutes.fix(reminder.fix) }
    var unsubscribeURL: String { siteURL + ReminderMailRoutes.unsubscribe(key: unsubscribeKey, kind: reminder.kind.family) }
    var accountURL: String { siteURL + AccountRoutes.account.url() }

    func message(at date: Date, accountID: Int64) -> MailMessage {
        let domain = from.split(separator: "@").last.map(String.init) ?? "homepwner"
        return MailMessage(
            from: MailAddress(from, name: "Homepwner"), to: MailAddress(to), subject: reminder.title, text: text, html: html,
            headers: [("List-Unsubscribe", "<\(unsubscribeURL)>"), ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
                      ("Auto-Submitted", "auto-generated")],
            // The same for every attempt at this occasion: a server that got it twice can tell.
            messageID: "<\(reminder.id.replacingOccurrences(of: ":", with: ".")).\(accountID)@\(domain)>", date: date)
    }

    var text: String {
        """
        \(reminder.title)

        \(reminder.detail)

        Put it right: \(fixURL)

        --
        Homepwner e-mails each reminder once. No more e-mails about \(family.name.lowercased()): \(unsubscribeURL)
        Choose which reminders come by e-mail on your account page: \(accountURL)

        """
    }

    var html: String {
        let document = HTMLDocument(HTML.html(.lang("en")) {
            head {
                meta(.charset("utf-8"))
                title(reminder.title)
            }
            body {
                h1 { reminder.title }
                p { reminder.detail }
                p { a(.href(fixURL)) { "Put it right" } }
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
}
