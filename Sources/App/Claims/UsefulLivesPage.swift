import HTML

/// `/useful-lives`: the years each category of belongings lasts, which depreciation is worked out
/// from; each with its default and where that comes from, and the household's own years.
struct UsefulLivesPage {
    struct Row {
        let category: String
        let label: String
        /// As typed: years, or "" for not depreciated.
        let years: String
        let defaultText: String
        let source: String
    }

    let rows: [Row]
    let sources: [String]
    let message: String?
    let saved: Bool
    let canChange: Bool
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: "Useful Lives", context: context, pageClass: "useful-lives",
                   bar: TopBar(back: (label: "Claims", url: ClaimRoutes.list.url()), title: "Useful Lives"), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("claims-layout")) {
            section(.class("card"), .aria("labelledby", "useful-lives-how")) {
                h2(.id("useful-lives-how")) { "How depreciation is worked out" }
                p {
                    "A thing loses value evenly over its useful life: a television with a 10-year life is worth 60% of a new one after 4 years. "
                    "No item loses more than 90%. Leave a category empty if it does not lose value (jewellery, art)."
                }
                if saved { p(.class("form-saved"), .role("status")) { "Saved." } }
                if let message { p(.class("form-error"), .role("alert")) { message } }
            }
            HTML.form(.class("card useful-lives-form"), .method("post"), .action(ClaimRoutes.usefulLives.url()), .novalidate) {
                CSRFField(token: context.csrfToken).node
                div(.class("table-scroll")) {
                    table(.class("figures")) {
                        thead { tr { th(.scope("col")) { "Category" }; th(.scope("col")) { "Years" }; th(.scope("col")) { "Default and source" } } }
                        tbody {
                            for row in rows {
                                tr {
                                    th(.scope("row")) { label(.for("years-\(row.category)")) { row.label } }
                                    td {
                                        input(.type("number"), .id("years-\(row.category)"), .name(row.category), .value(row.years), .min(1), .max(100),
                                              .inputmode("numeric"), .class("years-input"))
                                    }
                                    td(.class("muted")) { row.defaultText; br(); small { row.source } }
                                }
                            }
                        }
                    }
                }
                if canChange { div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { "Save Useful Lives" } } }
            }
            section(.class("card")) {
                h2 { "Sources" }
                ul { for source in sources { li { source } } }
            }
        }
    }
}
