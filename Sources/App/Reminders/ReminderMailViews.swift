import Foundation
import HTML
import Localization
import Messages
import Inventory
import Reminders

/// `/unsubscribe/{token}/{kind}`: one button that turns a kind of reminder's e-mail off (or every
/// kind's, `all`), and then what was done.
struct UnsubscribePage {
    /// What the link turns off.
    enum Families {
        case one(ReminderFamily)
        case all

        var kinds: [ReminderFamily] {
            switch self {
            case .one(let family): [family]
            case .all: ReminderFamily.all
            }
        }
    }

    let families: Families
    let done: Bool
    let actionURL: String
    let context: PageContext

    func document() -> HTMLDocument {
        let title = context.text("reminders.unsubscribe.title")
        return PageLayout(title: title, context: context, pageClass: "signin", bar: TopBar(title: title), content: content, translated: true).document()
    }

    private var content: HTMLNode {
        section(.class("card narrow auth-card unsubscribe-card"), .aria("labelledby", "unsubscribe-title")) {
            switch families {
            case .one(let family):
                let about: [String: MessageArgument] = ["about": .text(context.localizer.nameInSentence(of: family))]
                h2(.id("unsubscribe-title")) { context.localizer.name(of: family) }
                if done {
                    p(.role("status")) { context.text("reminders.unsubscribe.done-one", about) }
                } else {
                    p { context.text("reminders.unsubscribe.ask-one", about) }
                }
            case .all:
                h2(.id("unsubscribe-title")) { context.text("reminders.unsubscribe.all-title") }
                if done {
                    p(.role("status")) { context.text("reminders.unsubscribe.done-all") }
                } else {
                    p { context.text("reminders.unsubscribe.ask-all") }
                }
            }
            if !done {
                HTML.form(.method("post"), .action(actionURL)) {
                    input(.type("hidden"), .name("List-Unsubscribe"), .value("One-Click"))
                    div(.class("form-actions")) {
                        button(.class("button primary"), .type("submit")) { context.text("reminders.unsubscribe.stop") }
                    }
                }
            }
        }
    }
}

/// The account page's "Reminders by e-mail": whether this server sends e-mail at all, the address
/// they go to, a checkbox per kind, and whether they come as they fall due or once a week.
struct ReminderMailSection {
    let email: String?
    /// Whether the server was started with a mail server (`serve --smtp-url`).
    let sends: Bool
    let off: Set<String>
    /// The weekly digest's day; nil: as they fall due.
    var digest: Weekday? = nil
    let saved: Bool
    /// The address last sent could not be one (its form is shown again with the reason).
    var emailRefused = false
    let csrfToken: String?
    /// The page's language.
    var words = Localization.bundled.localizer(for: .template)

    static let emailRefusal = Message("reminders.mail.email-refused",
                                      "That is not an e-mail address: give one address, such as name@example.com, or leave it empty.")

    var node: HTMLNode {
        section(.class("card account-card reminder-mail"), .aria("labelledby", "reminder-mail-title")) {
            h2(.id("reminder-mail-title")) { words.text("reminders.mail.title") }
            if !sends {
                p(.class("notice warning")) { words.text("reminders.mail.no-server", ["option": "homepwner serve --smtp-url"]) }
            }
            p(.class("muted")) { words.text("reminders.mail.how") }
            if saved { p(.class("notice success"), .role("status")) { words.text("reminders.mail.saved") } }
            HTML.form(.method("post"), .action(ReminderMailRoutes.settings.url())) {
                CSRFField(token: csrfToken).node
                let errors = emailRefused ? ValidationError(errors: [FieldError(field: "email", Self.emailRefusal)]) : nil
                FormControls(errors: errors, idPrefix: "reminder-mail", format: DisplayFormat(words: words)).text(
                    words.text("reminders.mail.address"), name: "email", value: email ?? "", type: "email",
                    hint: words.text("reminders.mail.address-hint"), extra: [.autocomplete("email")])
                ReminderKindChoices(legend: words.text("reminders.mail.kinds"), off: off, words: words).node
                fieldset(.class("reminder-mail-when")) {
                    legend { words.text("reminders.mail.when") }
                    label(.class("checkbox")) {
                        HTMLNode.element("input", [.type("radio"), .name("when"), .value("due")] + (digest == nil ? [.checked] : []), isVoid: true)
                        words.text("reminders.mail.as-due")
                    }
                    div(.class("reminder-mail-weekly")) {
                        label(.class("checkbox")) {
                            HTMLNode.element("input", [.type("radio"), .id("reminder-mail-weekly"), .name("when"), .value("weekly")] + (digest == nil ? [] : [.checked]),
                                             isVoid: true)
                            words.text("reminders.mail.weekly")
                        }
                        label(.class("visually-hidden"), .for("reminder-mail-weekday")) { words.text("reminders.mail.weekday") }
                        select(.id("reminder-mail-weekday"), .name("weekday"), .data("chooses", "reminder-mail-weekly")) {
                            for weekday in Weekday.allCases {
                                HTMLNode.element("option", [.value(weekday.id)] + (weekday == (digest ?? .monday) ? [.selected] : []), children: [.text(words.text("reminders.weekday.\(weekday.id)"))])
                            }
                        }
                    }
                }
                div(.class("form-actions")) {
                    button(.class("button"), .type("submit")) { words.text("account.save") }
                }
            }
        }
    }
}

/// A checkbox per kind of reminder, ticked unless the account turned it off on a channel: the
/// account page's e-mail and calendar forms (each ticked box posts `kind`).
struct ReminderKindChoices {
    let legend: String
    let off: Set<String>
    /// The page's language.
    var words = Localization.bundled.localizer(for: .template)

    var node: HTMLNode {
        fieldset(.class("reminder-kinds")) {
            HTML.legend { legend }
            for family in ReminderFamily.all {
                label(.class("checkbox")) {
                    HTMLNode.element("input", [.type("checkbox"), .name("kind"), .value(family.id)] + (off.contains(family.id) ? [] : [.checked]), isVoid: true)
                    words.name(of: family)
                }
            }
        }
    }
}
