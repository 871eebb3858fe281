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
        let title = context.text("coverage.title")
        return PageLayout(title: title, context: context, pageClass: "coverage",
                          bar: TopBar(back: (label: context.text("item.list.title"), url: ItemRoutes.list.url()), title: title,
                                      trailing: [a(.class("bar-button"), .href(ClaimRoutes.list.url())) { context.text("claims.list.title") }]),
                          content: content, translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("coverage-layout")) {
            section(.class("card coverage-summary"), .aria("labelledby", "coverage-title")) {
                h2(.id("coverage-title")) { headline }
                for line in advice { p { line } }
            }
            if !scheduled.isEmpty {
                section(.class("card"), .aria("labelledby", "scheduled-title")) {
                    h2(.id("scheduled-title")) { context.text("coverage.scheduled-title") }
                    div(.class("table-scroll")) {
                        table(.class("figures")) {
                            thead {
                                tr {
                                    th(.scope("col")) { context.text("coverage.column.item") }; th(.scope("col")) { context.text("coverage.column.worth") }
                                    th(.scope("col")) { context.text("coverage.column.rider") }; th(.scope("col")) { context.text("coverage.column.short-by") }
                                }
                            }
                            tbody {
                                for row in scheduled {
                                    tr(.class(row.shortfall == nil ? "" : "short")) {
                                        th(.scope("row")) { a(.href(row.url)) { row.name } }
                                        td(.class("amount")) { row.value }
                                        td(.class("amount")) { row.rider }
                                        td(.class("amount")) { row.shortfall ?? context.text("coverage.covered") }
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
        let controls = FormControls(errors: errors, idPrefix: "policy", format: context.format)
        return HTML.form(.class("card policy-form"), .method("post"), .action(ClaimRoutes.coverage.url()), .novalidate) {
            CSRFField(token: context.csrfToken).node
            form.numbers.hiddenField
            h2 { context.text("coverage.policy") }
            p(.class("muted")) { context.text("coverage.policy-note") }
            if errors != nil { p(.class("form-error"), .role("alert")) { context.text("item.detail.check-fields") } }
            if saved { p(.class("form-saved"), .role("status")) { context.text("item.detail.saved") } }
            controls.money(context.text("coverage.contents-limit"), name: "contentsLimit", value: form.contentsLimit, currency: currency,
                           hint: context.text("coverage.contents-limit-hint"))
            controls.text(context.text("coverage.insurer"), name: ClaimText.insurer.rawValue, value: form[.insurer], extra: [.maxlength(ClaimText.insurer.maxLength)])
            controls.text(context.text("coverage.policy-number"), name: ClaimText.policyNumber.rawValue, value: form[.policyNumber],
                          extra: [.maxlength(ClaimText.policyNumber.maxLength)])
            controls.text(context.text("coverage.policyholder"), name: ClaimText.policyholder.rawValue, value: form[.policyholder],
                          extra: [.maxlength(ClaimText.policyholder.maxLength), .autocomplete("name")])
            controls.textArea(context.text("coverage.address"), name: ClaimText.address.rawValue, value: form[.address], maxLength: ClaimText.address.maxLength, rows: 2)
            PolicyFields(form: form, controls: controls, currency: currency, words: context.localizer).node
            controls.choice(context.text("lives.country.label"), name: "usefulLifeCountry", selected: form.usefulLifeCountry,
                            options: UsefulLifeCountry.allCases.map { ($0.rawValue, context.format.text($0.name)) }, hint: context.text("lives.country.hint"))
            if context.canEdit {
                div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { context.text("coverage.save") } }
            }
        }
    }
}
