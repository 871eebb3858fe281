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

    /// Where the server fetches rates from (`serve --exchange-rates-url`), and its last fetch.
    struct Fetching {
        let source: String
        let last: ExchangeRateFetch?
    }

    let held: ExchangeRateSummary
    let imported: Outcome?
    let error: Message?
    /// Nil when the server does not fetch rates.
    var fetching: Fetching? = nil
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
            if let fetching { fetchCard(fetching) }
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

    /// Where the rates are fetched from, what the last fetch did, and a button to fetch now.
    private func fetchCard(_ fetching: Fetching) -> HTMLNode {
        section(.class("card import-card"), .id("rates-fetch"), .aria("labelledby", "rates-fetch-heading")) {
            h2(.id("rates-fetch-heading")) { context.text("rates.fetch.heading") }
            // The address reads left to right on an Arabic page too.
            p { MessageWithLink(text: { context.text("rates.fetch.source", ["url": .text($0)]) }) { code(.dir("ltr")) { fetching.source } }.node }
            if let last = fetching.last {
                let when = { time(.datetime(DisplayFormat.iso8601(last.at))) { context.format.dayAndTime(last.at) } }
                switch last.outcome {
                case .success(let imported):
                    p(.class("notice success"), .id("rates-fetch-outcome")) {
                        MessageWithLink(text: { context.text("rates.fetch.last-imported", ["time": .text($0), "count": .count(imported.daysInFile), "new": .count(imported.newDays)]) }, element: when).node
                    }
                case .failure(let error):
                    div(.class("notice warning"), .id("rates-fetch-outcome")) {
                        p { MessageWithLink(text: { context.text("rates.fetch.last-failed", ["time": .text($0)]) }, element: when).node }
                        p { context.text(error.wording) }
                    }
                }
            } else {
                p(.id("rates-fetch-outcome")) { context.text("rates.fetch.not-yet") }
            }
            if context.canEdit {
                HTML.form(.method("post"), .action(ExchangeRateRoutes.fetch.url())) {
                    CSRFField(token: context.csrfToken).node
                    div(.class("form-actions")) { button(.class("button"), .type("submit")) { context.text("rates.fetch.now") } }
                }
            }
        }
    }
}
