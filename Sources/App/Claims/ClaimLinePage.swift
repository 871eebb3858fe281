import HTML
import Inventory
import Localization

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

    /// The page's words, in the page's language (the account's).
    private func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { context.text("claim.line." + key, arguments) }

    func document() -> HTMLDocument {
        PageLayout(title: say("title", ["item": .text(itemName), "claim": .text(claimName)]), context: context, pageClass: "claim-line",
                   bar: TopBar(back: (label: claimName, url: claimURL), title: itemName), content: content, translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("claims-layout")) {
            section(.class("card"), .aria("labelledby", "figures-title")) {
                h2(.id("figures-title")) { say("figures") }
                dl(.class("totals")) {
                    for figure in figures { div { dt { figure.label }; dd { figure.value } } }
                }
                if let warning { p(.class("claim-warnings")) { warning } }
                p(.class("line-basis")) { basis }
                p { a(.href(itemURL)) { say("open-item", ["name": .text(itemName)]) } }
            }
            if canChange { editCard }
        }
    }

    private var editCard: HTMLNode {
        let controls = FormControls(errors: errors, idPrefix: "line", format: context.format)
        return section(.class("card"), .aria("labelledby", "line-edit-title")) {
            h2(.id("line-edit-title")) { say("edit") }
            HTML.form(.class("claim-form"), .method("post"), .action(formURL), .novalidate) {
                CSRFField(token: context.csrfToken).node
                form.numbers.hiddenField
                if errors != nil { p(.class("form-error"), .role("alert")) { context.text("item.detail.check-fields") } }
                div(.class("field-row")) {
                    controls.text(say("form.quantity-lost", ["held": .text(quantityHeld)]), name: "quantityLost", value: form.quantityLost,
                                  extra: [.inputmode("decimal"), .autocomplete("off")])
                    controls.choice(say("category"), name: "category", selected: form.category, options: categories)
                }
                div(.class("field-row")) {
                    controls.money(say("form.acv-override"), name: "actualCashValueOverride", value: form.actualCashValue, currency: currency,
                                   hint: say("form.acv-override.hint"))
                    controls.text(say("form.reason"), name: "overrideReason", value: form.overrideReason, hint: say("form.reason.hint"), extra: [.maxlength(200)])
                }
                h3 { say("form.after") }
                div(.class("field-row")) {
                    controls.money(say("form.paid"), name: "paid", value: form.paid, currency: currency)
                    controls.money(say("form.replaced-cost"), name: "replacedCost", value: form.replacedCost, currency: currency,
                                   hint: say("form.replaced-cost.hint"))
                    controls.text(say("form.replaced-date"), name: "replacedDate", value: form.replacedDate, type: "date")
                }
                div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { say("form.save") } }
            }
            HTML.form(.class("line-remove"), .method("post"), .action(removeURL)) {
                CSRFField(token: context.csrfToken).node
                button(.class("button destructive"), .type("submit")) { say("remove") }
            }
        }
    }
}
