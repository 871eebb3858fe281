import Accounts
import Foundation
import HTML
import Inventory

/// `/signin`: name and password, "remember me", and where to go next.
struct SignInPage {
    let next: String
    let name: String
    /// The token that proves the form came from this page (its cookie goes out with the page).
    let formToken: String?
    let message: String?
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: "Sign In", context: context, pageClass: "signin", bar: TopBar(title: "Homepwner"), content: content).document()
    }

    private var content: HTMLNode {
        HTML.form(.class("card narrow auth-card"), .method("post"), .action(AccountRoutes.signIn.url())) {
            h2 { "Sign in" }
            if let message { p(.class("form-error"), .role("alert")) { message } }
            CSRFField(token: formToken).node
            input(.type("hidden"), .name("next"), .value(next))
            div(.class("field")) {
                label(.for("signin-name")) { "Name" }
                input(.id("signin-name"), .name("name"), .type("text"), .value(name), .autocomplete("username"), .required, .autofocus)
            }
            div(.class("field")) {
                label(.for("signin-password")) { "Password" }
                input(.id("signin-password"), .name("password"), .type("password"), .autocomplete("current-password"), .required)
            }
            label(.class("checkbox")) {
                input(.type("checkbox"), .name("remember"), .value("1"))
                span { "Keep me signed in on this device" }
            }
            div(.class("form-actions")) {
                button(.class("button primary"), .type("submit")) { "Sign In" }
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
        PageLayout(title: "Set Up", context: context, pageClass: "signin", bar: TopBar(title: "Welcome"), content: content).document()
    }

    private var content: HTMLNode {
        HTML.form(.class("card narrow auth-card"), .method("post"), .action(actionURL)) {
            h2 { "Create the owner account" }
            p { "This account manages Homepwner: its items, its photos, who else may sign in, and which photo libraries they see." }
            if let message { p(.class("form-error"), .role("alert")) { message } }
            CSRFField(token: formToken).node
            div(.class("field")) {
                label(.for("setup-name")) { "Name" }
                input(.id("setup-name"), .name("name"), .type("text"), .value(name), .autocomplete("username"), .required, .autofocus)
            }
            div(.class("field")) {
                label(.for("setup-password")) { "Password (at least \(AccountStore.minimumPasswordLength) characters)" }
                input(.id("setup-password"), .name("password"), .type("password"), .autocomplete("new-password"), .required)
            }
            div(.class("field")) {
                label(.for("setup-confirm")) { "Password again" }
                input(.id("setup-confirm"), .name("confirm"), .type("password"), .autocomplete("new-password"), .required)
            }
            div(.class("form-actions")) {
                button(.class("button primary"), .type("submit")) { "Create Account" }
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
        PageLayout(title: "Account", context: context, pageClass: "account",
                   bar: TopBar(back: (label: "Items", url: SiteRoutes.home), title: "Account"), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("account-layout")) {
            if let message { p(.class("notice success"), .role("status")) { message } }
            if let error { p(.class("notice warning"), .role("alert")) { error } }
            if let failedSignIns { p(.class("notice warning failed-sign-ins"), .role("status")) { failedSignIns } }
            section(.class("card account-card")) {
                h2 { account.name }
                p { "Role: \(account.role.rawValue.capitalized)" }
            }
            if let newToken {
                section(.class("card account-card new-token"), .role("status")) {
                    h2 { "Your new API token" }
                    p { "Copy it now: it is shown only this once. Send it as “Authorization: Bearer …”." }
                    code(.class("token-secret")) { newToken }
                }
            }
            section(.class("card account-card")) {
                h2 { "API tokens" }
                p { "Tokens let scripts use the JSON API as you, with your role. They never work in a URL." }
                if tokens.isEmpty {
                    p(.class("muted")) { "No tokens yet." }
                } else {
                    ul(.class("token-list")) {
                        for token in tokens {
                            li {
                                span(.class("token-name")) { token.name }
                                code { token.prefix + "…" }
                                HTML.form(.method("post"), .action(AccountRoutes.revokeToken(token.id))) {
                                    CSRFField(token: context.csrfToken).node
                                    button(.class("button destructive small"), .type("submit")) { "Revoke" }
                                }
                            }
                        }
                    }
                }
                HTML.form(.method("post"), .action(AccountRoutes.tokens.url()), .class("inline-form")) {
                    CSRFField(token: context.csrfToken).node
                    label(.for("token-name")) { "New token’s name" }
                    input(.id("token-name"), .name("name"), .type("text"), .placeholder("Backup script"), .required, .maxlength(100))
                    button(.class("button"), .type("submit")) { "Create Token" }
                }
            }
            if let language { language.node }
            calendarSection
            if let reminderMail { reminderMail.node }
            section(.class("card account-card")) {
                h2 { "Change password" }
                HTML.form(.method("post"), .action(AccountRoutes.password.url())) {
                    CSRFField(token: context.csrfToken).node
                    div(.class("field")) {
                        label(.for("current-password")) { "Current password" }
                        input(.id("current-password"), .name("current"), .type("password"), .autocomplete("current-password"), .required)
                    }
                    div(.class("field")) {
                        label(.for("new-password")) { "New password" }
                        input(.id("new-password"), .name("password"), .type("password"), .autocomplete("new-password"), .required)
                    }
                    // Ticked: a password is changed most often because someone else may know it.
                    if !tokens.isEmpty {
                        label(.class("checkbox")) {
                            input(.type("checkbox"), .name("revoke-tokens"), .value("1"), .checked)
                            span { tokens.count == 1 ? "Also revoke my API token (scripts using it stop working)"
                                                     : "Also revoke my \(tokens.count) API tokens (scripts using them stop working)" }
                        }
                    }
                    button(.class("button"), .type("submit")) { "Change Password" }
                }
            }
        }
    }
}

extension AccountPage {
    /// The reminders' calendar feed: its address shown once, when made; a new one ends the old.
    var calendarSection: HTMLNode {
        section(.class("card account-card calendar-feed"), .aria("labelledby", "calendar-title")) {
            h2(.id("calendar-title")) { "Reminders calendar" }
            p { "Subscribe to it in your phone’s or computer’s calendar to see what is due: warranties ending, the proof of loss, the policy’s renewal. Anyone with its address can read it." }
            if let newCalendarURL {
                div(.class("new-token"), .role("status")) {
                    p { "Your calendar’s address. Copy it now: it is shown only this once." }
                    code(.class("token-secret calendar-url")) { newCalendarURL }
                }
            } else if let calendarCreated {
                p(.class("muted")) { "You made a calendar address on \(DisplayFormat.day(CalendarDate(calendarCreated))). Its address was shown then; make a new one to see one again (the old one stops working)." }
            } else {
                p(.class("muted")) { "No calendar address yet." }
            }
            HTML.form(.method("post"), .action(AccountRoutes.calendar.url())) {
                CSRFField(token: context.csrfToken).node
                button(.class("button"), .type("submit")) { calendarCreated == nil ? "Make a Calendar Address" : "Make a New Calendar Address" }
            }
            if calendarKindsSaved { p(.class("notice success"), .role("status")) { "Saved which reminders the calendar shows." } }
            HTML.form(.method("post"), .action(ReminderRoutes.calendarKinds.url())) {
                CSRFField(token: context.csrfToken).node
                ReminderKindChoices(legend: "Show in the calendar", off: calendarOff).node
                div(.class("form-actions")) {
                    button(.class("button"), .type("submit")) { "Save" }
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
        PageLayout(title: "Accounts", context: context, pageClass: "account",
                   bar: TopBar(back: (label: "Items", url: SiteRoutes.home), title: "Accounts"), content: content).document()
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
                            label(.for("role-\(account.id)")) { "Role" }
                            select(.id("role-\(account.id)"), .name("role")) {
                                for role in Role.allCases.reversed() {
                                    role == account.role
                                        ? option(.value(role.rawValue), .selected) { role.rawValue.capitalized }
                                        : option(.value(role.rawValue)) { role.rawValue.capitalized }
                                }
                            }
                        }
                        if !roots.isEmpty {
                            fieldset(.class("grants")) {
                                legend { "Photo libraries this account may see" }
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
                        button(.class("button"), .type("submit")) { "Save" }
                    }
                    HTML.form(.method("post"), .action(AccountRoutes.removeUser(account.id))) {
                        CSRFField(token: context.csrfToken).node
                        button(.class("button destructive small"), .type("submit")) { "Remove \(account.name)" }
                    }
                }
            }
            section(.class("card account-card")) {
                h2 { "Add an account" }
                HTML.form(.method("post"), .action(AccountRoutes.users.url())) {
                    CSRFField(token: context.csrfToken).node
                    div(.class("field")) {
                        label(.for("new-name")) { "Name" }
                        input(.id("new-name"), .name("name"), .type("text"), .required, .autocomplete("off"))
                    }
                    div(.class("field")) {
                        label(.for("new-password")) { "Password (at least \(AccountStore.minimumPasswordLength) characters)" }
                        input(.id("new-password"), .name("password"), .type("password"), .autocomplete("new-password"), .required)
                    }
                    div(.class("field")) {
                        label(.for("new-role")) { "Role" }
                        select(.id("new-role"), .name("role")) {
                            option(.value("viewer")) { "Viewer — reads items and photos" }
                            option(.value("editor")) { "Editor — also changes items and photos" }
                            option(.value("owner")) { "Owner — also manages accounts" }
                        }
                    }
                    button(.class("button primary"), .type("submit")) { "Add Account" }
                }
            }
        }
    }
}

extension UsersPage {
    /// What the Accounts page says after the offline copy's switch was saved (`?offline-copy=on|off`).
    static func offlineCopyNotice(_ saved: String?) -> String? {
        switch saved {
        case "on": "Devices keep an offline copy of what they open."
        case "off": "Devices no longer keep an offline copy; each removes its copy when it next opens a page."
        default: nil
        }
    }

    fileprivate var offlineCopyCard: HTMLNode {
        section(.class("card account-card offline-copy-setting"), .aria("labelledby", "offline-copy-setting-title")) {
            h2(.id("offline-copy-setting-title")) { "Offline copy" }
            p(.class("muted")) {
                "Each device keeps the item list, the items, places and the last claim it opened, to read them when the server "
                + "cannot be reached. Signing out removes a device’s copy; turning this off removes every device’s."
            }
            HTML.form(.method("post"), .action(SettingsRoutes.offlineCopy.url())) {
                CSRFField(token: context.csrfToken).node
                label(.class("checkbox")) {
                    context.keepsOfflineCopy
                        ? input(.type("checkbox"), .name("offlineCopy"), .id("offline-copy-setting"), .checked)
                        : input(.type("checkbox"), .name("offlineCopy"), .id("offline-copy-setting"))
                    span { "Keep an offline copy on devices" }
                }
                button(.class("button"), .type("submit")) { "Save" }
            }
        }
    }
}
