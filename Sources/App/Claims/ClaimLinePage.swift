import HTML
import Inventory

/// `/claims/{id}/lines/{itemId}`: one line's figures and how they were reached, and what the
/// household may change: the quantity lost, the category, its own value with a reason, and the
/// tracker (paid, replaced).
struct ClaimLinePage {
    let claimName: String
    let claimURL: String
    let formURL: String
    let removeURL: String
    let itemName: String
    let itemURL: String
    /// What the item holds, with its unit ("2.5 gal", "8"): the most the quantity lost can be.
    let quantityHeld: String
    let figures: [(label: String, value: String)]
    /// A payment above what the line can be owed; nil when none.
    let warning: String?
    let basis: String
    /// The category options: "" first (the guess, named), then every category with its years.
    let categories: [(value: String, label: String)]
    let form: ClaimLineForm
    let errors: ValidationError?
    let currency: Currency
    let canChange: Bool
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: "\(itemName) — \(claimName)", context: context, pageClass: "claim-line",
                   bar: TopBar(back: (label: claimName, url: claimURL), title: itemName), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("claims-layout")) {
            section(.class("card"), .aria("labelledby", "figures-title")) {
                h2(.id("figures-title")) { "Its figures" }
                dl(.class("totals")) {
                    for figure in figures { div { dt { figure.label }; dd { figure.value } } }
                }
                if let warning { p(.class("claim-warnings")) { warning } }
                p(.class("line-basis")) { basis }
                p { a(.href(itemURL)) { "Open “\(itemName)” (its photos, receipts, purchase date)" } }
            }
            if canChange { editCard }
        }
    }

    private var editCard: HTMLNode {
        let controls = FormControls(errors: errors, idPrefix: "line")
        return section(.class("card"), .aria("labelledby", "line-edit-title")) {
            h2(.id("line-edit-title")) { "Change this line" }
            HTML.form(.class("claim-form"), .method("post"), .action(formURL), .novalidate) {
                CSRFField(token: context.csrfToken).node
                if errors != nil { p(.class("form-error"), .role("alert")) { "Check the fields marked below; nothing was saved." } }
                div(.class("field-row")) {
                    controls.text("Quantity lost, of \(quantityHeld)", name: "quantityLost", value: form.quantityLost,
                                  extra: [.inputmode("decimal"), .autocomplete("off")])
                    controls.choice("Category", name: "category", selected: form.category, options: categories)
                }
                div(.class("field-row")) {
                    controls.money("Actual cash value of one, set by hand", name: "actualCashValueOverride", value: form.actualCashValue, currency: currency,
                                   hint: "Leave empty to use the worked-out figure.")
                    controls.text("Why", name: "overrideReason", value: form.overrideReason, hint: "For example “unopened, still boxed”.", extra: [.maxlength(200)])
                }
                h3 { "After the claim" }
                div(.class("field-row")) {
                    controls.money("Paid by the insurer", name: "paid", value: form.paid, currency: currency)
                    controls.money("Replaced for", name: "replacedCost", value: form.replacedCost, currency: currency,
                                   hint: "Attach the new receipt to the item; depreciation is recovered once it is replaced.")
                    controls.text("Replaced on", name: "replacedDate", value: form.replacedDate, type: "date")
                }
                div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { "Save Line" } }
            }
            HTML.form(.class("line-remove"), .method("post"), .action(removeURL)) {
                CSRFField(token: context.csrfToken).node
                button(.class("button destructive"), .type("submit")) { "Remove from Claim" }
            }
        }
    }
}
