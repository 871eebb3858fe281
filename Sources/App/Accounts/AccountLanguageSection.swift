import HTML
import Inventory
import Localization

/// The account page's choice of language: one Homepwner ships, or the one the browser asks for.
struct AccountLanguageSection {
    /// The account's choice; nil: the browser's.
    let chosen: LanguageTag?
    /// What the browser asks for now, among the shipped ones.
    let browsers: LanguageTag
    let saved: Bool
    let csrfToken: String?
    let words: Localizer

    var node: HTMLNode {
        section(.class("card account-card language-setting"), .aria("labelledby", "language-title")) {
            h2(.id("language-title")) { words.text("account.language.heading") }
            p(.class("muted")) { words.text("account.language.about") }
            if saved { p(.class("notice success"), .role("status")) { words.text("account.language.saved") } }
            HTML.form(.method("post"), .action(AccountRoutes.language.url())) {
                CSRFField(token: csrfToken).node
                FormControls(errors: nil, idPrefix: "account").language(words.text("account.language.label"), name: "language", selected: chosen,
                                                                        browsers: words.text("account.language.browsers", ["language": .text(browsers.ownName)]))
                div(.class("form-actions")) {
                    button(.class("button"), .type("submit")) { words.text("account.save") }
                }
            }
        }
    }
}
