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

    func document() -> HTMLDocument {
        let trailing = context.canEdit
            ? [button(.class("bar-button"), .type("button"), .popovertarget("new-claim"), .aria("haspopup", "dialog")) { "New Claim" }] : []
        return PageLayout(title: "Claims", context: context, pageClass: "claims",
                          bar: TopBar(back: (label: "Items", url: ItemRoutes.list.url()), title: "Claims", trailing: trailing),
                          content: content).document()
    }

    private var content: HTMLNode {
        div(.class("claims-layout")) {
            if errors != nil {
                NewClaimForm(form: form, errors: errors, csrfToken: context.csrfToken, idPrefix: "claim-retry").card
            }
            if rows.isEmpty {
                section(.class("card empty-state claims-empty")) {
                    h2 { "No claims yet" }
                    p {
                        "After a fire, a flood or a burglary, start a claim and choose what was lost: Homepwner works out what each "
                        "thing is worth today and makes the report, the schedule and the evidence your insurer asks for."
                    }
                    p { a(.href(ClaimRoutes.coverage.url())) { "Before any loss: check your coverage" } }
                }
            } else {
                ul(.class("claim-list"), .aria("label", "Claims")) {
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
                        button(.class("bar-button"), .type("button"), .popovertarget("new-claim"), .popovertargetaction("hide")) { "Cancel" }
                        h2(.id("new-claim-title")) { "New Claim" }
                        span {}
                    }
                    NewClaimForm(form: ClaimForm(language: LanguageTag(form.language) ?? .template), errors: nil, csrfToken: context.csrfToken, idPrefix: "new-claim").body
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

    var body: HTMLNode {
        let controls = FormControls(errors: errors, idPrefix: idPrefix)
        return HTML.form(.class("picker-form claim-new-form"), .method("post"), .action(ClaimRoutes.list.url()), .novalidate) {
            CSRFField(token: csrfToken).node
            if errors != nil { p(.class("form-error"), .role("alert")) { "Check the fields marked below; nothing was saved." } }
            controls.text("Name", name: "name", value: form.name, hint: "For example “Kitchen fire, March 2026”.",
                          extra: [.maxlength(200), .autocomplete("off"), .autofocus])
            controls.text("Date of the loss", name: "lossDate", value: form.lossDate, type: "date")
            controls.text("Cause", name: "cause", value: form[.cause], hint: "Fire, flood, burglary, storm…", extra: [.maxlength(200)])
            controls.choice("Kind of loss", name: "lossKind", selected: form.lossKind,
                            options: [("", "Not said")] + LossKind.allCases.map { ($0.rawValue, $0.label) })
            controls.language("Language of the claim packet", name: "language", selected: LanguageTag(form.language),
                              hint: "The insurer’s language: the packet and the adjuster’s page are written in it.")
            button(.class("button primary"), .type("submit")) { "Start Claim" }
        }
    }

    var card: HTMLNode {
        section(.class("card"), .aria("labelledby", "\(idPrefix)-title")) {
            h2(.id("\(idPrefix)-title")) { "New Claim" }
            body
        }
    }
}
