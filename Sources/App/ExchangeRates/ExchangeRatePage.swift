import HTML
import HTTPServer
import Inventory
import Messages

/// `/settings/exchange-rates`: the ECB rates the inventory holds, and a file of them to import.
struct ExchangeRatePage {
    /// What the last import did, read back from the page's address.
    struct Outcome {
        let days: Int
        let newDays: Int
        init?(query: FormFields) {
            guard let days = query["days"].flatMap(Int.init), let newDays = query["new"].flatMap(Int.init) else { return nil }
            (self.days, self.newDays) = (days, newDays)
        }
    }

    let held: ExchangeRateSummary
    let imported: Outcome?
    let error: Message?
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: context.text("rates.title"), context: context, pageClass: "import",
                   bar: TopBar(back: (label: context.text("account.back-to-items"), url: SiteRoutes.home), title: context.text("rates.title")),
                   content: content, translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("import-layout")) {
            if let imported {
                div(.class("notice success"), .role("status")) {
                    p { context.text("rates.imported", ["count": .count(imported.days), "new": .count(imported.newDays)]) }
                }
            }
            section(.class("card import-card"), .aria("labelledby", "rates-held")) {
                h2(.id("rates-held")) { context.text("rates.held") }
                if let first = held.first, let last = held.last {
                    p { context.text("rates.held-days", ["count": .count(held.days), "first": .text(context.format.day(first)), "last": .text(context.format.day(last))]) }
                } else {
                    p { context.text("rates.none") }
                }
                p(.class("muted")) { context.text("rates.how-converted") }
            }
            if context.canEdit {
                HTML.form(.class("card import-card"), .method("post"), .action(ExchangeRateRoutes.page.url()), .enctype("multipart/form-data")) {
                    CSRFField(token: context.csrfToken).node
                    h2 { context.text("rates.import-heading") }
                    p(.class("muted")) { context.text("rates.import-how") }
                    let controls = FormControls(errors: error.map { ValidationError(errors: [FieldError(field: "file", $0)]) }, idPrefix: "rates", format: context.format)
                    controls.field(context.text("rates.file"), name: "file") { id, describedBy in
                        var attributes: [Attribute] = [.id(id), .name("file"), .type("file"), .required, .accept(".zip,.csv,.xml,application/zip,text/csv,application/xml,text/xml")]
                        if let describedBy { attributes.append(.aria("describedby", describedBy)) }
                        if error != nil { attributes.append(.aria("invalid", "true")) }
                        return .element("input", attributes, isVoid: true)
                    }
                    div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { context.text("rates.import") } }
                }
            }
        }
    }
}
