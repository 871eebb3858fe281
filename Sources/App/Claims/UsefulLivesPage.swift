import Claims
import HTML
import Inventory

/// `/useful-lives`: the years each category of belongings lasts, which depreciation is worked out
/// from; each with its default and where that comes from, and the household's own years. In the
/// page's language; the guides' titles and publishers stay in theirs (`lang`).
struct UsefulLivesPage {
    struct Row {
        let category: String
        /// As typed: years, or "" for not depreciated.
        let years: String
        let defaultYears: Int?
        /// Where the default comes from, in the page's language.
        let note: String
    }

    let rows: [Row]
    let sources: [DepreciationSource]
    /// The name of the table the defaults are from (the policy's choice).
    let tableName: String
    let message: String?
    let saved: Bool
    let canChange: Bool
    let context: PageContext

    func document() -> HTMLDocument {
        let title = context.text("lives.title")
        return PageLayout(title: title, context: context, pageClass: "useful-lives",
                          bar: TopBar(back: (label: context.text("claims.list.title"), url: ClaimRoutes.list.url()), title: title), content: content,
                          translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("claims-layout")) {
            section(.class("card"), .aria("labelledby", "useful-lives-how")) {
                h2(.id("useful-lives-how")) { context.text("lives.how") }
                p { context.text("lives.how-text") }
                p {
                    context.text("lives.country.in-use", ["table": .text(tableName)]) + " "
                    a(.href(ClaimRoutes.coverage.url())) { context.text("lives.country.change") }
                }
                if saved { p(.class("form-saved"), .role("status")) { context.text("item.detail.saved") } }
                if let message { p(.class("form-error"), .role("alert")) { message } }
            }
            HTML.form(.class("card useful-lives-form"), .method("post"), .action(ClaimRoutes.usefulLives.url()), .novalidate) {
                CSRFField(token: context.csrfToken).node
                div(.class("table-scroll")) {
                    table(.class("figures")) {
                        thead {
                            tr {
                                th(.scope("col")) { context.text("lives.column.category") }; th(.scope("col")) { context.text("lives.column.years") }
                                th(.scope("col")) { context.text("lives.column.default") }
                            }
                        }
                        tbody {
                            for row in rows {
                                tr {
                                    th(.scope("row")) { label(.for("years-\(row.category)")) { Self.categoryName(row.category, context) } }
                                    td {
                                        input(.type("number"), .id("years-\(row.category)"), .name(row.category), .value(row.years), .min(1), .max(100),
                                              .inputmode("numeric"), .class("years-input"))
                                    }
                                    td(.class("muted")) {
                                        row.defaultYears.map { context.text("lives.default-years", ["count": .count($0)]) } ?? context.text("lives.default-none")
                                        br()
                                        small { row.note }
                                    }
                                }
                            }
                        }
                    }
                }
                if canChange { div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { context.text("lives.save") } } }
            }
            section(.class("card")) {
                h2 { context.text("lives.sources") }
                ul { for source in sources { li { citation(source) } } }
            }
        }
    }

    /// "Title (Publisher), URL, read 2026-12-02: what was taken", the title and publisher in English.
    private func citation(_ source: DepreciationSource) -> HTMLNode {
        let work = "\u{1}", used = Self.usedKeys.first { $0.source == source }.map { context.text($0.key) } ?? source.usedFor
        let read = CalendarDate(iso: source.read).map(context.format.day) ?? source.read
        let text = context.text("lives.citation", ["work": .text(work), "url": .text(source.url), "date": .text(read), "used": .text(used)])
        let parts = text.components(separatedBy: work)
        return .fragment([.text(parts[0]), HTMLNode.element("span", [.lang(source.language)], children: [.text("\(source.name) (\(source.publisher))")]),
                          .text(parts.dropFirst().joined())])
    }

    /// A category's name in the page's language.
    static func categoryName(_ category: String, _ context: PageContext) -> String { context.text("packet.category.\(category)") }

    private static let usedKeys: [(source: DepreciationSource, key: String)] = [
        (.claimsPages, "lives.used.claimsPages"), (.njcRelocationDirective, "lives.used.njcRelocationDirective"),
        (.allowanceList, "lives.used.allowanceList"), (.jewelleryPractice, "lives.used.jewelleryPractice"),
        (.textileCleanersTable, "lives.country.used.textileCleanersTable"),
    ]
}
