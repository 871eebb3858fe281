import Accounts
import Foundation
import HTML
import Inventory
import Localization

/// `/signin`: name and password, "remember me", and where to go next.
struct SignInPage {
    let next: String
    let name: String
    /// The token that proves the form came from this page (its cookie goes out with the page).
    let formToken: String?
    let message: String?
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: context.text("account.signin.title"), context: context, pageClass: "signin", bar: TopBar(title: "Homepwner"), content: content,
                   translated: true).document()
    }

    private var content: HTMLNode {
        HTML.form(.class("card narrow auth-card"), .method("post"), .action(AccountRoutes.signIn.url())) {
            h2 { context.text("account.signin.heading") }
            if let message { p(.class("form-error"), .role("alert")) { message } }
            CSRFField(token: formToken).node
            input(.type("hidden"), .name("next"), .value(next))
            div(.class("field")) {
                label(.for("signin-name")) { context.text("account.field.name") }
                input(.id("signin-name"), .name("name"), .type("text"), .value(name), .autocomplete("username"), .required, .autofocus)
            }
            div(.class("field")) {
                label(.for("signin-password")) { context.text("account.field.password") }
                input(.id("signin-password"), .name("password"), .type("password"), .autocomplete("current-password"), .required)
            }
            label(.class("checkbox")) {
                input(.type("checkbox"), .name("remember"), .value("1"))
                span { context.text("account.signin.remember") }
            }
            div(.class("form-actions")) {
                button(.class("button primary"), .type("submit")) { context.text("account.signin.title") }
            }
        }
    }
}

/// `/setup/{token}`: the first owner account, from the one-time link the server printed.
struct SetupPage {
    let actionURL: String
    let name: String
    let formToken: String?
    let message: String?
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: context.text("account.setup.title"), context: context, pageClass: "signin", bar: TopBar(title: context.text("account.setup.welcome")),
                   content: content, translated: true).document()
    }

    private var content: HTMLNode {
        HTML.form(.class("card narrow auth-card"), .method("post"), .action(actionURL)) {
            h2 { context.text("account.setup.heading") }
            p { context.text("account.setup.intro") }
            if let message { p(.class("form-error"), .role("alert")) { message } }
            CSRFField(token: formToken).node
            div(.class("field")) {
                label(.for("setup-name")) { context.text("account.field.name") }
                input(.id("setup-name"), .name("name"), .type("text"), .value(name), .autocomplete("username"), .required, .autofocus)
            }
            div(.class("field")) {
                label(.for("setup-password")) { context.text("account.field.new-password", ["count": .count(AccountStore.minimumPasswordLength)]) }
                input(.id("setup-password"), .name("password"), .type("password"), .autocomplete("new-password"), .required)
            }
            div(.class("field")) {
                label(.for("setup-confirm")) { context.text("account.setup.password-again") }
                input(.id("setup-confirm"), .name("confirm"), .type("password"), .autocomplete("new-password"), .required)
            }
            div(.class("form-actions")) {
                button(.class("button primary"), .type("submit")) { context.text("account.setup.create") }
            }
        }
    }
}

/// `/account`: who you are, your password, and your API tokens (a new one is shown once).
struct AccountPage {
    let account: Account
    let tokens: [APITokenInfo]
    /// A token just created: its secret, shown this once.
    let newToken: String?
    let message: String?
    let error: String?
    /// For owners: the latest burst of failed sign-ins, in words.
    let failedSignIns: String?
    /// When the account's calendar feed was made (nil: it has none), and its address when just made.
    var calendarCreated: Date? = nil
    var newCalendarURL: String? = nil
    /// The kinds of reminder the account keeps out of its calendar, and whether that was just saved.
    var calendarOff: Set<String> = []
    var calendarKindsSaved = false
    /// Which reminders come by e-mail.
    var reminderMail: ReminderMailSection? = nil
    var language: AccountLanguageSection? = nil
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: context.text("account.title"), context: context, pageClass: "account",
                   bar: TopBar(back: (label: context.text("account.back-to-items"), url: SiteRoutes.home), title: context.text("account.title")),
                   content: content, translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("account-layout")) {
            if let message { p(.class("notice success"), .role("status")) { message } }
            if let error { p(.class("notice warning"), .role("alert")) { error } }
            if let failedSignIns { p(.class("notice warning failed-sign-ins"), .role("status")) { failedSignIns } }
            section(.class("card account-card")) {
                h2 { account.name }
                p { context.text("account.role-line", ["role": .text(account.role.name(context.localizer))]) }
            }
            if let newToken {
                section(.class("card account-card new-token"), .role("status")) {
                    h2 { context.text("account.token.new") }
                    p { context.text("account.token.copy-now") }
                    code(.class("token-secret")) { newToken }
                }
            }
            section(.class("card account-card")) {
                h2 { context.text("account.token.heading") }
                p { context.text("account.token.about") }
                if tokens.isEmpty {
                    p(.class("muted")) { context.text("account.token.none") }
                } else {
                    ul(.class("token-list")) {
                        for token in tokens {
                            li {
                                span(.class("token-name")) { token.name }
                                code { token.prefix + "…" }
                                HTML.form(.method("post"), .action(AccountRoutes.revokeToken(token.id))) {
                                    CSRFField(token: context.csrfToken).node
                                    button(.class("button destructive small"), .type("submit")) { context.text("account.token.revoke") }
                                }
                            }
                        }
                    }
                }
                HTML.form(.method("post"), .action(AccountRoutes.tokens.url()), .class("inline-form")) {
                    CSRFField(token: context.csrfToken).node
                    label(.for("token-name")) { context.text("account.token.name") }
                    input(.id("token-name"), .name("name"), .type("text"), .placeholder(context.text("account.token.name-example")), .required, .maxlength(100))
                    button(.class("button"), .type("submit")) { context.text("account.token.create") }
                }
            }
            if let language { language.node }
            calendarSection
            if let reminderMail { reminderMail.node }
            section(.class("card account-card")) {
                h2 { context.text("account.password.heading") }
                HTML.form(.method("post"), .action(AccountRoutes.password.url())) {
                    CSRFField(token: context.csrfToken).node
                    div(.class("field")) {
                        label(.for("current-password")) { context.text("account.password.current") }
                        input(.id("current-password"), .name("current"), .type("password"), .autocomplete("current-password"), .required)
                    }
                    div(.class("field")) {
                        label(.for("new-password")) { context.text("account.password.new") }
                        input(.id("new-password"), .name("password"), .type("password"), .autocomplete("new-password"), .required)
                    }
                    // Ticked: a password is changed most often because someone else may know it.
                    if !tokens.isEmpty {
                        label(.class("checkbox")) {
                            input(.type("checkbox"), .name("revoke-tokens"), .value("1"), .checked)
                            span { context.text("account.password.revoke-tokens", ["count": .count(tokens.count)]) }
                        }
                    }
                    button(.class("button"), .type("submit")) { context.text("account.password.change") }
                }
            }
        }
    }
}

extension AccountPage {
    /// The reminders' calendar feed: its address shown once, when made; a new one ends the old.
    var calendarSection: HTMLNode {
        section(.class("card account-card calendar-feed"), .aria("labelledby", "calendar-title")) {
            h2(.id("calendar-title")) { context.text("account.calendar.heading") }
            p { context.text("account.calendar.about") }
            if let newCalendarURL {
                div(.class("new-token"), .role("status")) {
                    p { context.text("account.calendar.copy-now") }
                    code(.class("token-secret calendar-url")) { newCalendarURL }
                }
            } else if let calendarCreated {
                p(.class("muted")) {
                    let day = CalendarDate(calendarCreated)
                    MessageWithLink(text: { context.text("account.calendar.made-on", ["day": .text($0)]) }) {
                        time(.datetime(day.iso)) { context.format.day(day) }
                    }.node
                }
            } else {
                p(.class("muted")) { context.text("account.calendar.none") }
            }
            HTML.form(.method("post"), .action(AccountRoutes.calendar.url())) {
                CSRFField(token: context.csrfToken).node
                button(.class("button"), .type("submit")) { context.text(calendarCreated == nil ? "account.calendar.make" : "account.calendar.make-new") }
            }
            if calendarKindsSaved { p(.class("notice success"), .role("status")) { context.text("account.calendar.kinds-saved") } }
            HTML.form(.method("post"), .action(ReminderRoutes.calendarKinds.url())) {
                CSRFField(token: context.csrfToken).node
                ReminderKindChoices(legend: context.text("account.calendar.show"), off: calendarOff, words: context.localizer).node
                div(.class("form-actions")) {
                    button(.class("button"), .type("submit")) { context.text("account.save") }
                }
            }
        }
    }
}

/// `/users`: the owner's view of every account, with roles and library grants, and whether devices
/// keep an offline copy.
struct UsersPage {
    let accounts: [Account]
    let roots: [String]
    let message: String?
    let error: String?
    /// The latest burst of failed sign-ins, in words.
    let failedSignIns: String?
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: context.text("account.users.title"), context: context, pageClass: "account",
                   bar: TopBar(back: (label: context.text("account.back-to-items"), url: SiteRoutes.home), title: context.text("account.users.title")),
                   content: content, translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("account-layout")) {
            if let message { p(.class("notice success"), .role("status")) { message } }
            if let error { p(.class("notice warning"), .role("alert")) { error } }
            if let failedSignIns { p(.class("notice warning failed-sign-ins"), .role("status")) { failedSignIns } }
            offlineCopyCard
            for account in accounts {
                section(.class("card account-card")) {
                    h2 { account.name }
                    HTML.form(.method("post"), .action(AccountRoutes.user(account.id))) {
                        CSRFField(token: context.csrfToken).node
                        div(.class("field")) {
                            label(.for("role-\(account.id)")) { context.text("account.users.role") }
                            select(.id("role-\(account.id)"), .name("role")) {
                                for role in Role.allCases.reversed() {
                                    role == account.role
                                        ? option(.value(role.rawValue), .selected) { role.name(context.localizer) }
                                        : option(.value(role.rawValue)) { role.name(context.localizer) }
                                }
                            }
                        }
                        if !roots.isEmpty {
                            fieldset(.class("grants")) {
                                legend { context.text("account.users.libraries") }
                                for root in roots {
                                    label(.class("checkbox")) {
                                        account.libraryGrants.contains(root)
                                            ? input(.type("checkbox"), .name("library"), .value(root), .checked)
                                            : input(.type("checkbox"), .name("library"), .value(root))
                                        span { root }
                                    }
                                }
                            }
                        }
                        button(.class("button"), .type("submit")) { context.text("account.save") }
                    }
                    HTML.form(.method("post"), .action(AccountRoutes.removeUser(account.id))) {
                        CSRFField(token: context.csrfToken).node
                        button(.class("button destructive small"), .type("submit")) { context.text("account.users.remove", ["name": .text(account.name)]) }
                    }
                }
            }
            section(.class("card account-card")) {
                h2 { context.text("account.users.add-heading") }
                HTML.form(.method("post"), .action(AccountRoutes.users.url())) {
                    CSRFField(token: context.csrfToken).node
                    div(.class("field")) {
                        label(.for("new-name")) { context.text("account.field.name") }
                        input(.id("new-name"), .name("name"), .type("text"), .required, .autocomplete("off"))
                    }
                    div(.class("field")) {
                        label(.for("new-password")) { context.text("account.field.new-password", ["count": .count(AccountStore.minimumPasswordLength)]) }
                        input(.id("new-password"), .name("password"), .type("password"), .autocomplete("new-password"), .required)
                    }
                    div(.class("field")) {
                        label(.for("new-role")) { context.text("account.users.role") }
                        select(.id("new-role"), .name("role")) {
                            option(.value("viewer")) { context.text("account.users.viewer-does") }
                            option(.value("editor")) { context.text("account.users.editor-does") }
                            option(.value("owner")) { context.text("account.users.owner-does") }
                        }
                    }
                    button(.class("button primary"), .type("submit")) { context.text("account.users.add") }
                }
            }
        }
    }
}

extension UsersPage {
    /// What the Accounts page says after the offline copy's switch was saved (`?offline-copy=on|off`).
    static func offlineCopyNotice(_ saved: String?, _ words: Localizer) -> String? {
        switch saved {
        case "on": words.text("account.offline.on")
        case "off": words.text("account.offline.off")
        default: nil
        }
    }

    fileprivate var offlineCopyCard: HTMLNode {
        section(.class("card account-card offline-copy-setting"), .aria("labelledby", "offline-copy-setting-title")) {
            h2(.id("offline-copy-setting-title")) { context.text("account.offline.heading") }
            p(.class("muted")) { context.text("account.offline.about") }
            HTML.form(.method("post"), .action(SettingsRoutes.offlineCopy.url())) {
                CSRFField(token: context.csrfToken).node
                label(.class("checkbox")) {
                    context.keepsOfflineCopy
                        ? input(.type("checkbox"), .name("offlineCopy"), .id("offline-copy-setting"), .checked)
                        : input(.type("checkbox"), .name("offlineCopy"), .id("offline-copy-setting"))
                    span { context.text("account.offline.keep") }
                }
                button(.class("button"), .type("submit")) { context.text("account.save") }
            }
        }
    }
}

extension Role {
    /// The role's name in the page's language ("Owner", "Eigentümer").
    func name(_ words: Localizer) -> String { words.text("account.role.\(rawValue)") }
}
