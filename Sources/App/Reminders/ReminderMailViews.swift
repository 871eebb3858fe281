import Foundation
import HTML
import Reminders

/// `/unsubscribe/{token}/{kind}`: one button that turns a kind of reminder's e-mail off, and then
/// what was done.
struct UnsubscribePage {
    let family: ReminderFamily
    let done: Bool
    let actionURL: String
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: "Reminder E-mails", context: context, pageClass: "signin", bar: TopBar(title: "Reminder E-mails"), content: content).document()
    }

    private var content: HTMLNode {
        section(.class("card narrow auth-card unsubscribe-card"), .aria("labelledby", "unsubscribe-title")) {
            h2(.id("unsubscribe-title")) { family.name }
            if done {
                p(.role("status")) { "You get no more e-mails about \(family.name.lowercased()). Turn them on again on your account page, once signed in." }
            } else {
                p { "Stop e-mails about \(family.name.lowercased())? Other reminders still come, and Due soon on the home page and your calendar still show these." }
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

/// The account page's "Reminders by e-mail": where they go, whether this server sends e-mail at
/// all, and a checkbox per kind.
struct ReminderMailSection {
    let email: String?
    /// Whether the server was started with a mail server (`serve --smtp-url`).
    let sends: Bool
    let off: Set<String>
    let saved: Bool
    let csrfToken: String?

    var node: HTMLNode {
        section(.class("card account-card reminder-mail"), .aria("labelledby", "reminder-mail-title")) {
            h2(.id("reminder-mail-title")) { "Reminders by e-mail" }
            if !sends {
                p(.class("notice warning")) { "This server sends no e-mail: it was started without a mail server (homepwner serve --smtp-url). Due soon on the home page and the calendar still show what is due." }
            }
            if let email {
                p { "Each reminder is e-mailed once to \(email), on the day it falls due." }
            } else {
                p(.class("muted")) { "No e-mail address yet: set one with PATCH /api/v1/account ({\"email\": …}) to get reminders by e-mail." }
            }
            if saved { p(.class("notice success"), .role("status")) { "Saved which reminders come by e-mail." } }
            HTML.form(.method("post"), .action(ReminderMailRoutes.settings.url())) {
                CSRFField(token: csrfToken).node
                fieldset(.class("reminder-mail-kinds")) {
                    legend { "E-mail me about" }
                    for family in ReminderFamily.all {
                        label(.class("checkbox")) {
                            if off.contains(family.id) {
                                input(.type("checkbox"), .name("kind"), .value(family.id))
                            } else {
                                input(.type("checkbox"), .name("kind"), .value(family.id), .checked)
                            }
                            family.name
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
