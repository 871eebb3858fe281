import Foundation
import HTML
import Localization
import Inventory
import Mail
import Reminders

/// An account's weekly digest: everything that came due up to its day and was not e-mailed yet, in
/// one e-mail, plain text and HTML. A section per kind, in `ReminderFamily.all`'s order, lists each
/// reminder with the link straight to the field that puts it right ("and N more" past
/// `ReminderMail.listed`) and ends with that kind's unsubscribe link; the `List-Unsubscribe` header
/// (RFC 8058 one-click) turns every kind off, since the e-mail is all of them.
struct ReminderDigestMail {
    /// The digest's day: its weekday's latest on or before the day it is sent.
    let day: CalendarDate
    /// One per kind, each the reminders of one family.
    let sections: [ReminderMail]
    let to: String
    let from: String
    /// `https://home.example.com`, without a trailing slash.
    let siteURL: String
    let unsubscribeKey: String
    /// The recipient's language (`ReminderMail.words(for:)`).
    var words = Localization.bundled.localizer(for: .template)

    /// The digest's row in the ledger of reminder e-mails (`claimReminderDigest`): one a week at most.
    static func occasion(on day: CalendarDate) -> String { "digest:\(day.iso)" }

    var count: Int { sections.reduce(0) { $0 + $1.reminders.count } }
    var subject: String { words.text("mail.digest.subject", ["count": .count(count)]) }
    var unsubscribeAllURL: String { siteURL + ReminderMailRoutes.unsubscribeAll(key: unsubscribeKey) }
    var accountURL: String { siteURL + AccountRoutes.account.url() }

    func message(at date: Date, accountID: Int64) -> MailMessage {
        MailMessage(
            from: MailAddress(from, name: "Homepwner"), to: MailAddress(to), subject: subject, text: text, html: html,
            headers: [("List-Unsubscribe", "<\(unsubscribeAllURL)>"), ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
                      ("Auto-Submitted", "auto-generated")],
            // The same for every attempt at this week's digest.
            messageID: ReminderMail.messageID("digest.\(day.iso).\(accountID)", from: from),
            date: date)
    }

    var text: String {
        let body = sections.map { section in
            """
            \(section.familyName)

            \(section.listText)
            \(words.text("mail.no-more-about-text", ["about": .text(section.familyInSentence), "url": .text(section.unsubscribeURL)]))
            """
        }.joined(separator: "\n\n")
        return """
        \(subject)

        \(body)

        --
        \(words.text("mail.digest.footer-text-once", ["url": .text(unsubscribeAllURL)]))
        \(words.text("mail.digest.footer-text-account", ["url": .text(accountURL)]))

        """
    }

    var html: String {
        let document = HTMLDocument(HTML.html(.lang(words.language.tag), .dir(words.language.direction)) {
            head {
                meta(.charset("utf-8"))
                title(subject)
            }
            body {
                h1 { subject }
                for section in sections {
                    h2 { section.familyName }
                    section.list
                    p { a(.href(section.unsubscribeURL)) { words.text("mail.no-more-about", ["about": .text(section.familyInSentence)]) } }
                }
                hr()
                p {
                    ReminderMail.sentence(words, "mail.digest.footer-html", links: [
                        ("unsubscribe", a(.href(unsubscribeAllURL)) { words.text("mail.digest.no-more") }),
                        ("account", a(.href(accountURL)) { words.text("mail.account-page") }),
                    ])
                }
            }
        })
        return String(decoding: document.renderedBytes(), as: UTF8.self)
    }
}
