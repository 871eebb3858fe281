import HTML
import Localization

/// The account page's choice of language: one Homepwner ships, or the one the browser asks for.
/// Each language is named in its own words, and marked as such, so someone who cannot read the
/// page's can still find theirs.
struct AccountLanguageSection {
    /// The account's choice; nil: the browser's.
    let chosen: LanguageTag?
    /// What the browser asks for now, among the shipped ones.
    let browsers: LanguageTag
    let languages: [LanguageTag]
    let saved: Bool
    let csrfToken: String?

    var node: HTMLNode {
        section(.class("card account-card language-setting"), .aria("labelledby", "language-title")) {
            h2(.id("language-title")) { "Language" }
            p(.class("muted")) { "The language of your pages. The item list is translated so far; other pages stay in English until they are." }
            if saved { p(.class("notice success"), .role("status")) { "Saved your language." } }
            HTML.form(.method("post"), .action(AccountRoutes.language.url())) {
                CSRFField(token: csrfToken).node
                div(.class("field")) {
                    label(.for("account-language")) { "Show pages in" }
                    select(.id("account-language"), .name("language")) {
                        HTMLNode.element("option", [.value("")] + (chosen == nil ? [.selected] : []),
                                         children: [.text("The browser’s language (now \(browsers.ownName))")])
                        for language in languages {
                            HTMLNode.element("option", [.value(language.tag), .lang(language.tag)] + (language == chosen ? [.selected] : []),
                                             children: [.text(language.ownName)])
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
