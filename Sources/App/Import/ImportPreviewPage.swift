import HTML
import Inventory
import Messages

/// What the preview shows, as plain values.
struct ImportPreviewModel: Sendable {
    let fileName: String
    let plan: ImportPlan
    let importURL: String
    let discardURL: String
    /// Why the import just tried did not happen (the inventory changed since the preview), if so.
    var refusal: Message?

    /// How many names each list shows before "and N more".
    static let namesShown = 50
    /// How many problems are listed; the API lists every one.
    static let problemsShown = 1_000
}

/// `/import/{token}`: what importing the file would do, before anything is written: counts, the
/// places and tags it makes, the items it adds and changes, and every row that cannot be read.
struct ImportPreviewPage {
    let model: ImportPreviewModel
    let context: PageContext

    private var plan: ImportPlan { model.plan }
    private var isZip: Bool { plan.format?.isZip == true }

    func document() -> HTMLDocument {
        PageLayout(title: context.text("import.preview.title"), context: context, pageClass: "import",
                   bar: TopBar(back: (label: context.text("files.import-page.title"), url: ImportRoutes.start.url()), title: context.text("import.preview.bar-title")),
                   content: content, translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("import-layout")) {
            section(.class("card import-card"), .aria("labelledby", "import-file")) {
                h2(.id("import-file")) { model.fileName }
                if let format = plan.format {
                    p(.class("muted import-format"), .data("format", format.rawValue)) { Self.formatSentence(format, context) }
                }
                if let refusal = model.refusal { p(.class("notice warning"), .role("alert")) { context.text(refusal) } }
                dl(.class("import-counts")) {
                    count(plan.rowsRead, isZip ? "items-read" : "rows-read", id: "rows")
                    if plan.problems.isEmpty {
                        count(plan.additions.count, "to-add", id: "added")
                        count(plan.updates.count, "to-update", id: "updated")
                        count(plan.newLocations.count, "places-to-make", id: "locations")
                        count(plan.newTags.count, "tags-to-make", id: "tags")
                        if isZip {
                            count(plan.photos, "photos-to-add", id: "photos")
                            count(plan.documents, "documents-to-add", id: "documents")
                            if plan.videos > 0 { count(plan.videos, "videos-to-add", id: "videos") }
                        }
                    } else if isZip {
                        count(plan.problems.count, "problems", id: "problems")
                    } else {
                        // Nothing is imported while a row can't be, so what the good rows would do is not counted.
                        count(plan.additions.count + plan.updates.count, "rows-ready", id: "ready")
                        count(Set(plan.problems.map { $0.line ?? 0 }).count, "rows-unreadable", id: "problems")
                    }
                }
                if plan.canImport {
                    let sold = (plan.additions + plan.updates).filter(\.noLongerOwned).count
                    if sold > 0 {
                        p(.class("muted")) { context.text("import.preview.sold", ["count": .count(sold)]) }
                    }
                    p(.class("muted")) {
                        context.text(plan.format == .homepwnerExport ? "import.preview.currency-export" : "import.preview.currency", ["currency": .text(plan.currency.code)])
                    }
                } else {
                    p(.class("notice warning"), .role("alert"), .id("import-blocked")) { context.text(blockedMessage) }
                }
                div(.class("form-actions import-actions")) {
                    HTML.form(.method("post"), .action(model.discardURL)) {
                        CSRFField(token: context.csrfToken).node
                        button(.class("button"), .type("submit"), .data("action", "discard")) { context.text("import.preview.choose-another") }
                    }
                    if plan.canImport {
                        HTML.form(.method("post"), .action(model.importURL)) {
                            CSRFField(token: context.csrfToken).node
                            button(.class("button primary"), .type("submit"), .data("action", "import")) {
                                context.text("import.preview.import", ["count": .count(plan.additions.count + plan.updates.count)])
                            }
                        }
                    }
                }
            }
            if !plan.problems.isEmpty { problems }
            if !plan.notices.isEmpty { notices }
            if plan.canImport {
                names("new-places", plan.newLocations, id: "import-new-locations")
                names("new-tags", plan.newTags, id: "import-new-tags")
                names("to-add", plan.additions.map { $0.name.isEmpty ? context.text("import.preview.unnamed-draft") : $0.name }, id: "import-additions")
                names("to-update", plan.updates.map(\.name), id: "import-updates")
            }
            if !plan.ignoredColumns.isEmpty {
                section(.class("card import-card"), .aria("labelledby", "import-ignored")) {
                    h2(.id("import-ignored")) { context.text(isZip ? "import.preview.not-imported" : "import.preview.columns-not-imported") }
                    p(.class("muted")) { plan.ignoredColumns.joined(separator: context.text("import.preview.name-separator")) }
                }
            }
        }
    }

    /// Why nothing can be imported from the file.
    private var blockedMessage: Message {
        if let problem = plan.problems.first, plan.rowsRead == 0 || (isZip && plan.problems.count == 1) {
            return problem.message.contains("Nothing") ? problem.wording
                : Message("import.preview.blocked-one", problem.message + " Nothing can be imported from this file.", ["why": .message(problem.wording)])
        }
        if isZip {
            return Message("import.preview.blocked-zip", "Nothing will be imported until every problem listed below is fixed: in Homebox, then back up again and choose the new zip.")
        }
        return Message("import.preview.blocked-rows", "Nothing will be imported until every row can be: fix the rows listed below in the file (in Homebox or a spreadsheet), "
                       + "then choose it again.")
    }

    /// "A Homebox backup (v0.26 and later): items, places, tags, custom fields, photos and documents."
    static func formatSentence(_ format: ImportFormat, _ context: PageContext) -> String {
        context.text("import.preview.format." + format.rawValue)
    }

    /// A count and what it counts (`import.preview.count.<what>`).
    private func count(_ number: Int, _ what: String, id: String) -> HTMLNode {
        div(.class("import-count"), .data("count", id)) {
            dt { context.text("import.preview.count." + what, ["count": .count(number)]) }
            dd { context.format.integer(number) }
        }
    }

    /// "Line 12 · HB.quantity": where in the file a problem or notice is.
    private func place(_ problem: ImportProblem, wholeFile: Bool) -> String {
        let line = problem.line.map { context.text("import.preview.line", ["line": .count($0)]) } ?? (wholeFile && problem.column == nil ? context.text("import.preview.the-file") : nil)
        return [line, problem.column].compactMap { $0 }.joined(separator: context.text("common.list-separator"))
    }

    private var problems: HTMLNode {
        section(.class("card import-card import-problems"), .aria("labelledby", "import-problems")) {
            h2(.id("import-problems")) { context.text("import.preview.problems", ["count": .count(plan.problems.count)]) }
            ol(.class("problem-list")) {
                for problem in plan.problems.prefix(ImportPreviewModel.problemsShown) {
                    li(.class("problem")) {
                        p(.class("problem-where")) { place(problem, wholeFile: true) }
                        p(.class("problem-why")) { context.text(problem.wording) }
                    }
                }
            }
            if plan.problems.count > ImportPreviewModel.problemsShown {
                p(.class("muted")) { context.text("import.preview.more-problems", ["count": .count(plan.problems.count - ImportPreviewModel.problemsShown)]) }
            }
        }
    }

    /// What is imported otherwise than the file says (a quantity rounded), each where and why.
    private var notices: HTMLNode {
        section(.class("card import-card"), .aria("labelledby", "import-notices")) {
            h2(.id("import-notices")) { context.text("import.preview.values-changed", ["count": .count(plan.notices.count)]) }
            ul(.class("problem-list")) {
                for notice in plan.notices.prefix(ImportPreviewModel.problemsShown) {
                    li(.class("problem")) {
                        p(.class("problem-where")) { place(notice, wholeFile: false) }
                        p(.class("problem-why")) { context.text(notice.wording) }
                    }
                }
            }
            if plan.notices.count > ImportPreviewModel.problemsShown {
                p(.class("muted")) { context.text("import.preview.more-notices", ["count": .count(plan.notices.count - ImportPreviewModel.problemsShown)]) }
            }
        }
    }

    private func names(_ what: String, _ names: [String], id: String) -> HTMLNode {
        guard !names.isEmpty else { return .empty }
        return section(.class("card import-card"), .aria("labelledby", id)) {
            h2(.id(id)) { context.text("import.preview.names." + what, ["count": .count(names.count)]) }
            ul(.class("import-names")) {
                for name in names.prefix(ImportPreviewModel.namesShown) { li { name } }
            }
            if names.count > ImportPreviewModel.namesShown {
                p(.class("muted")) { context.text("import.preview.more-names", ["count": .count(names.count - ImportPreviewModel.namesShown)]) }
            }
        }
    }
}
