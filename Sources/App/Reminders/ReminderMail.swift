import Foundation
import HTML
import Localization
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
    /// The recipient's language (`ReminderMail.words(for:)`): every word of the e-mail, the reminders' titles too.
    var words = Localization.bundled.localizer(for: .template)

    /// The words of e-mails to an account: its `language`, else US English (an e-mail has no browser to ask).
    static func words(for language: String?) -> Localizer {
        Localization.bundled.localizer(for: language.flatMap(Localization.bundled.language(named:)) ?? .template)
    }

    /// How many reminders an e-mail lists before "and N more".
    static let listed = 100

    private var reminder: Reminder { reminders[0] }
    var family: ReminderFamily { ReminderFamily.of(reminder.kind) }
    var fixURL: String { fixURL(reminder) }
    func fixURL(_ reminder: Reminder) -> String { siteURL + ReminderRoutes.fix(reminder) }
    var unsubscribeURL: String { siteURL + ReminderMailRoutes.unsubscribe(key: unsubscribeKey, kind: reminder.kind.family) }
    var accountURL: String { siteURL + AccountRoutes.account.url() }
    var homeURL: String { siteURL + ItemRoutes.list.url() }
    var subject: String {
        reminders.count == 1 ? wordedTitle(reminder) : words.text("mail.several-subject", ["family": .text(familyName), "count": .count(reminders.count)])
    }
    /// "Warranties ending", in the recipient's language.
    var familyName: String { words.name(of: family) }
    /// "warranties ending", inside a sentence.
    var familyInSentence: String { words.nameInSentence(of: family) }

    func wordedTitle(_ reminder: Reminder) -> String { words.title(of: reminder) }
    func wordedDetail(_ reminder: Reminder) -> String { words.detail(of: reminder) }

    /// The message `key` with each link in `links` where the language puts it: `{unsubscribe}`, `{account}`.
    static func sentence(_ words: Localizer, _ key: String, links: [(name: String, node: HTMLNode)]) -> HTMLNode {
        let markers = links.indices.map { String(UnicodeScalar(0xE000 + $0)!) }
        var nodes: [HTMLNode] = []
        var rest = words.text(key, Dictionary(uniqueKeysWithValues: zip(links.map(\.name), markers.map { MessageArgument.text($0) })))[...]
        while let (index, range) = markers.enumerated().compactMap({ index, marker in rest.range(of: marker).map { (index, $0) } }).min(by: { $0.1.lowerBound < $1.1.lowerBound }) {
            nodes += [.text(String(rest[..<range.lowerBound])), links[index].node]
            rest = rest[range.upperBound...]
        }
        return .fragment(nodes + [.text(String(rest))])
    }
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
            \(wordedTitle(reminder))

            \(wordedDetail(reminder))

            \(words.text("mail.put-it-right-text", ["url": .text(fixURL)]))
            """ : listText
        return """
        \(body)

        --
        \(words.text("mail.footer-text-once", ["about": .text(familyInSentence), "url": .text(unsubscribeURL)]))
        \(words.text("mail.footer-text-account", ["url": .text(accountURL)]))

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
                if reminders.count == 1 {
                    p { wordedDetail(reminder) }
                    p { a(.href(fixURL)) { words.text("mail.put-it-right") } }
                } else {
                    list
                }
                hr()
                p {
                    Self.sentence(words, "mail.footer-html", links: [
                        ("unsubscribe", a(.href(unsubscribeURL)) { words.text("mail.no-more-about", ["about": .text(familyInSentence)]) }),
                        ("account", a(.href(accountURL)) { words.text("mail.account-page") }),
                    ])
                }
            }
        })
        return String(decoding: document.renderedBytes(), as: UTF8.self)
    }

    /// Each reminder's title with its link, then "and N more" past `listed`: the e-mail of several,
    /// and a section of a weekly digest.
    var listText: String {
        shown.map { "- \(wordedTitle($0))\n  \(fixURL($0))" }.joined(separator: "\n")
            + (more > 0 ? "\n- \(words.text("mail.and-more", ["count": .count(more)])): \(homeURL)" : "")
    }

    var list: HTMLNode {
        ul {
            for reminder in shown { li { a(.href(fixURL(reminder))) { wordedTitle(reminder) } } }
            if more > 0 { li { a(.href(homeURL)) { words.text("mail.and-more", ["count": .count(more)]) } } }
        }
    }
}
