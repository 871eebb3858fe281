import Claims
import HTML
import Inventory

/// `/coverage`: before any loss, the inventory against the policy, in one sentence a person can act
/// on, each scheduled item against its rider, and the policy's facts (which every new claim starts from).
struct CoveragePage {
    struct ScheduledRow {
        let name: String
        let url: String
        let value: String
        let rider: String
        let shortfall: String?
    }

    let headline: String
    let advice: [String]
    let scheduled: [ScheduledRow]
    let form: ClaimForm
    let errors: ValidationError?
    let currency: Currency
    let saved: Bool
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: "Coverage", context: context, pageClass: "coverage",
                   bar: TopBar(back: (label: "Items", url: ItemRoutes.list.url()), title: "Coverage",
                               trailing: [a(.class("bar-button"), .href(ClaimRoutes.list.url())) { "Claims" }]),
                   content: content).document()
    }

    private var content: HTMLNode {
        div(.class("coverage-layout")) {
            section(.class("card coverage-summary"), .aria("labelledby", "coverage-title")) {
                h2(.id("coverage-title")) { headline }
                for line in advice { p { line } }
            }
            if !scheduled.isEmpty {
                section(.class("card"), .aria("labelledby", "scheduled-title")) {
                    h2(.id("scheduled-title")) { "Scheduled items and their riders" }
                    div(.class("table-scroll")) {
                        table(.class("figures")) {
                            thead { tr { th(.scope("col")) { "Item" }; th(.scope("col")) { "Worth" }; th(.scope("col")) { "Rider" }; th(.scope("col")) { "Short by" } } }
                            tbody {
                                for row in scheduled {
                                    tr(.class(row.shortfall == nil ? "" : "short")) {
                                        th(.scope("row")) { a(.href(row.url)) { row.name } }
                                        td(.class("amount")) { row.value }
                                        td(.class("amount")) { row.rider }
                                        td(.class("amount")) { row.shortfall ?? "Covered" }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            policyForm
        }
    }

    private var policyForm: HTMLNode {
        let controls = FormControls(errors: errors, idPrefix: "policy")
        return HTML.form(.class("card policy-form"), .method("post"), .action(ClaimRoutes.coverage.url()), .novalidate) {
            CSRFField(token: context.csrfToken).node
            h2 { "Your policy" }
            p(.class("muted")) { "Every new claim starts from these facts." }
            if errors != nil { p(.class("form-error"), .role("alert")) { "Check the fields marked below; nothing was saved." } }
            if saved { p(.class("form-saved"), .role("status")) { "Saved." } }
            controls.money("Contents limit", name: "contentsLimit", value: form.contentsLimit, currency: currency,
                           hint: "What the policy pays for your belongings (coverage C on a US homeowners policy).")
            controls.text("Insurer", name: ClaimText.insurer.rawValue, value: form[.insurer], extra: [.maxlength(ClaimText.insurer.maxLength)])
            controls.text("Policy number", name: ClaimText.policyNumber.rawValue, value: form[.policyNumber], extra: [.maxlength(ClaimText.policyNumber.maxLength)])
            controls.text("Policyholder", name: ClaimText.policyholder.rawValue, value: form[.policyholder],
                          extra: [.maxlength(ClaimText.policyholder.maxLength), .autocomplete("name")])
            controls.textArea("Insured address", name: ClaimText.address.rawValue, value: form[.address], maxLength: ClaimText.address.maxLength, rows: 2)
            PolicyFields(form: form, controls: controls, currency: currency).node
            if context.canEdit {
                div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { "Save Policy" } }
            }
        }
    }
}
