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

    var node: HTMLNode {
        section(.class("card account-card language-setting"), .aria("labelledby", "language-title")) {
            h2(.id("language-title")) { "Language" }
            p(.class("muted")) { "The language of your pages. The item list, the item’s page and the adjuster’s page are translated so far; other pages stay in English until they are." }
            if saved { p(.class("notice success"), .role("status")) { "Saved your language." } }
            HTML.form(.method("post"), .action(AccountRoutes.language.url())) {
                CSRFField(token: csrfToken).node
                FormControls(errors: nil, idPrefix: "account").language("Show pages in", name: "language", selected: chosen, browsers: browsers)
                div(.class("form-actions")) {
                    button(.class("button"), .type("submit")) { "Save" }
                }
            }
        }
    }
}
