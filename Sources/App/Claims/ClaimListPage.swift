import Claims
import HTML
import Inventory
import Localization

/// `/claims`: every claim, open ones with their deadline, and New Claim — a popover anchored to the
/// button at regular width, a full-screen sheet at compact width (a plain form without scripts).
struct ClaimListPage {
    struct Row {
        let name: String
        let url: String
        let status: ClaimStatus
        let summary: String
    }

    let rows: [Row]
    let form: ClaimForm
    let errors: ValidationError?
    let context: PageContext

    /// The page's words, in the page's language (the account's, not a claim's).
    private func say(_ key: String) -> String { context.text("claims.list." + key) }

    func document() -> HTMLDocument {
        let trailing = context.canEdit
            ? [button(.class("bar-button"), .type("button"), .popovertarget("new-claim"), .aria("haspopup", "dialog")) { say("new") }] : []
        return PageLayout(title: say("title"), context: context, pageClass: "claims",
                          bar: TopBar(back: (label: context.text("item.list.title"), url: ItemRoutes.list.url()), title: say("title"), trailing: trailing),
                          content: content, translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("claims-layout")) {
            if errors != nil {
                NewClaimForm(form: form, errors: errors, csrfToken: context.csrfToken, idPrefix: "claim-retry", words: context.localizer).card
            }
            if rows.isEmpty {
                section(.class("card empty-state claims-empty")) {
                    h2 { say("empty.title") }
                    p { say("empty.text") }
                    p { a(.href(ClaimRoutes.coverage.url())) { say("empty.coverage") } }
                }
            } else {
                ul(.class("claim-list"), .aria("label", say("title"))) {
                    for row in rows {
                        li(.class("card claim-row")) {
                            a(.class("claim-row-name"), .href(row.url)) { row.name }
                            span(.class(row.status.urgent ? "claim-status urgent" : "claim-status")) { row.status.html }
                            p(.class("claim-row-summary")) { row.summary }
                        }
                    }
                }
            }
            if context.canEdit {
                div(.id("new-claim"), .class("picker claim-sheet"), .popover(), .role("dialog"), .aria("labelledby", "new-claim-title")) {
                    header(.class("sheet-bar picker-bar")) {
                        button(.class("bar-button"), .type("button"), .popovertarget("new-claim"), .popovertargetaction("hide")) { context.text("common.cancel") }
                        h2(.id("new-claim-title")) { say("new") }
                        span {}
                    }
                    NewClaimForm(form: ClaimForm(language: LanguageTag(form.language) ?? .template), errors: nil, csrfToken: context.csrfToken, idPrefix: "new-claim",
                                 words: context.localizer).body
                }
            }
        }
    }
}

/// The few facts a claim starts with; the rest is on its page.
struct NewClaimForm {
    let form: ClaimForm
    let errors: ValidationError?
    let csrfToken: String?
    let idPrefix: String
    /// The page's language.
    var words = Localization.bundled.localizer(for: .template)

    private func say(_ key: String) -> String { words.text("claims.new." + key) }

    var body: HTMLNode {
        let controls = FormControls(errors: errors, idPrefix: idPrefix)
        return HTML.form(.class("picker-form claim-new-form"), .method("post"), .action(ClaimRoutes.list.url()), .novalidate) {
            CSRFField(token: csrfToken).node
            if errors != nil { p(.class("form-error"), .role("alert")) { words.text("item.detail.check-fields") } }
            controls.text(say("name"), name: "name", value: form.name, hint: say("name.hint"),
                          extra: [.maxlength(200), .autocomplete("off"), .autofocus])
            controls.text(say("loss-date"), name: "lossDate", value: form.lossDate, type: "date")
            controls.text(say("cause"), name: "cause", value: form[.cause], hint: say("cause.hint"), extra: [.maxlength(200)])
            controls.choice(say("loss-kind"), name: "lossKind", selected: form.lossKind,
                            options: [("", say("loss-kind.none"))] + LossKind.allCases.map { ($0.rawValue, words.text("packet.loss-kind.\($0.rawValue)")) })
            controls.language(say("language"), name: "language", selected: LanguageTag(form.language), hint: say("language.hint"))
            button(.class("button primary"), .type("submit")) { say("start") }
        }
    }

    var card: HTMLNode {
        section(.class("card"), .aria("labelledby", "\(idPrefix)-title")) {
            h2(.id("\(idPrefix)-title")) { words.text("claims.list.new") }
            body
        }
    }
}
