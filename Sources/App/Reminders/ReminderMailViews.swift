import Foundation
import HTML
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
        PageLayout(title: "Reminder E-mails", context: context, pageClass: "signin", bar: TopBar(title: "Reminder E-mails"), content: content).document()
    }

    private var content: HTMLNode {
        section(.class("card narrow auth-card unsubscribe-card"), .aria("labelledby", "unsubscribe-title")) {
            switch families {
            case .one(let family):
                h2(.id("unsubscribe-title")) { family.name }
                if done {
                    p(.role("status")) { "You get no more e-mails about \(family.name.lowercased()). Turn them on again on your account page, once signed in." }
                } else {
                    p { "Stop e-mails about \(family.name.lowercased())? Other reminders still come, and Due soon on the home page and your calendar still show these." }
                }
            case .all:
                h2(.id("unsubscribe-title")) { "All reminders" }
                if done {
                    p(.role("status")) { "You get no more reminder e-mails, of any kind. Turn them on again on your account page, once signed in." }
                } else {
                    p { "Stop every reminder e-mail, of all kinds? Due soon on the home page and your calendar still show what is due." }
                }
            }
            if !done {
                HTML.form(.method("post"), .action(actionURL)) {
                    input(.type("hidden"), .name("List-Unsubscribe"), .value("One-Click"))
                    div(.class("form-actions")) {
                        button(.class("button primary"), .type("submit")) { "Stop These E-mails" }
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

    static let emailRefusal = "That is not an e-mail address: give one address, such as name@example.com, or leave it empty."

    var node: HTMLNode {
        section(.class("card account-card reminder-mail"), .aria("labelledby", "reminder-mail-title")) {
            h2(.id("reminder-mail-title")) { "Reminders by e-mail" }
            if !sends {
                p(.class("notice warning")) { "This server sends no e-mail: it was started without a mail server (homepwner serve --smtp-url). Due soon on the home page and the calendar still show what is due." }
            }
            p(.class("muted")) { "Each reminder is e-mailed once: from 08:00 on the day it falls due (what comes due together comes in one e-mail), or once a week, the week’s reminders in one e-mail." }
            if saved { p(.class("notice success"), .role("status")) { "Saved where, which and when reminders come by e-mail." } }
            HTML.form(.method("post"), .action(ReminderMailRoutes.settings.url())) {
                CSRFField(token: csrfToken).node
                let errors = emailRefused ? ValidationError(errors: [FieldError(field: "email", message: Self.emailRefusal)]) : nil
                FormControls(errors: errors, idPrefix: "reminder-mail").text(
                    "E-mail address", name: "email", value: email ?? "", type: "email",
                    hint: "Where reminders go; leave it empty for none.", extra: [.autocomplete("email")])
                ReminderKindChoices(legend: "E-mail me about", off: off).node
                fieldset(.class("reminder-mail-when")) {
                    legend { "Send them" }
                    label(.class("checkbox")) {
                        HTMLNode.element("input", [.type("radio"), .name("when"), .value("due")] + (digest == nil ? [.checked] : []), isVoid: true)
                        "As they fall due"
                    }
                    div(.class("reminder-mail-weekly")) {
                        label(.class("checkbox")) {
                            HTMLNode.element("input", [.type("radio"), .id("reminder-mail-weekly"), .name("when"), .value("weekly")] + (digest == nil ? [] : [.checked]),
                                             isVoid: true)
                            "Once a week, on"
                        }
                        label(.class("visually-hidden"), .for("reminder-mail-weekday")) { "Day of the weekly e-mail" }
                        select(.id("reminder-mail-weekday"), .name("weekday"), .data("chooses", "reminder-mail-weekly")) {
                            for weekday in Weekday.allCases {
                                HTMLNode.element("option", [.value(weekday.id)] + (weekday == (digest ?? .monday) ? [.selected] : []), children: [.text(weekday.name)])
                            }
                        }
                    }
                }
                div(.class("form-actions")) {
                    button(.class("button"), .type("submit")) { "Save" }
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

    var node: HTMLNode {
        fieldset(.class("reminder-kinds")) {
            HTML.legend { legend }
            for family in ReminderFamily.all {
                label(.class("checkbox")) {
                    HTMLNode.element("input", [.type("checkbox"), .name("kind"), .value(family.id)] + (off.contains(family.id) ? [] : [.checked]), isVoid: true)
                    family.name
                }
            }
        }
    }
}
