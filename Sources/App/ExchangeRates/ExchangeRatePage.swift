import HTML
import HTTPServer
import Inventory

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
    let error: String?
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: "Exchange rates", context: context, pageClass: "import",
                   bar: TopBar(back: (label: "Items", url: SiteRoutes.home), title: "Exchange rates"), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("import-layout")) {
            if let imported {
                div(.class("notice success"), .role("status")) {
                    p { "The file held \(imported.days.grouped) day\(imported.days == 1 ? "" : "s") of rates; \(imported.newDays.grouped) of them \(imported.newDays == 1 ? "was" : "were") new." }
                }
            }
            section(.class("card import-card"), .aria("labelledby", "rates-held")) {
                h2(.id("rates-held")) { "Rates held" }
                if let first = held.first, let last = held.last {
                    p { "The European Central Bank’s euro reference rates for \(held.days.grouped) day\(held.days == 1 ? "" : "s"), from \(DisplayFormat.day(first)) to \(DisplayFormat.day(last))." }
                } else {
                    p { "None yet. A price paid in another currency needs its rate entered by hand until some are imported." }
                }
                p(.class("muted")) {
                    "An item paid in another currency is converted at the ECB’s rate of its purchase day (or the last working day before it), "
                    "through the euro, unless you enter the rate yourself."
                }
            }
            if context.canEdit {
                HTML.form(.class("card import-card"), .method("post"), .action(ExchangeRateRoutes.page.url()), .enctype("multipart/form-data")) {
                    CSRFField(token: context.csrfToken).node
                    h2 { "Import the ECB’s rates" }
                    p(.class("muted")) {
                        "Download eurofxref-hist.zip (every day since 1999) or the latest day’s eurofxref.csv or eurofxref-daily.xml "
                        "from the ECB’s page of euro foreign exchange reference rates, then choose it here. Importing a file again changes nothing; a newer one adds its days."
                    }
                    let controls = FormControls(errors: error.map { ValidationError(errors: [FieldError(field: "file", message: $0)]) }, idPrefix: "rates")
                    controls.field("ECB rates file (.zip, .csv or .xml)", name: "file") { id, describedBy in
                        var attributes: [Attribute] = [.id(id), .name("file"), .type("file"), .required, .accept(".zip,.csv,.xml,application/zip,text/csv,application/xml,text/xml")]
                        if let describedBy { attributes.append(.aria("describedby", describedBy)) }
                        if error != nil { attributes.append(.aria("invalid", "true")) }
                        return .element("input", attributes, isVoid: true)
                    }
                    div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { "Import" } }
                }
            }
        }
    }
}
