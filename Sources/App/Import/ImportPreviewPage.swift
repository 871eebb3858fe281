import HTML
import Inventory

/// What the preview shows, as plain values.
struct ImportPreviewModel: Sendable {
    let fileName: String
    let plan: ImportPlan
    let importURL: String
    let discardURL: String
    /// Why the import just tried did not happen (the inventory changed since the preview), if so.
    var refusal: String?

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
        PageLayout(title: "Import Preview", context: context, pageClass: "import",
                   bar: TopBar(back: (label: "Import", url: ImportRoutes.start.url()), title: "Preview"), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("import-layout")) {
            section(.class("card import-card"), .aria("labelledby", "import-file")) {
                h2(.id("import-file")) { model.fileName }
                if let format = plan.format {
                    p(.class("muted import-format"), .data("format", format.rawValue)) { Self.formatSentence(format) }
                }
                if let refusal = model.refusal { p(.class("notice warning"), .role("alert")) { refusal } }
                dl(.class("import-counts")) {
                    count(plan.rowsRead, isZip ? "Items read" : "Rows read", id: "rows")
                    if plan.problems.isEmpty {
                        count(plan.additions.count, "Items to add", id: "added")
                        count(plan.updates.count, "Items to update", id: "updated")
                        count(plan.newLocations.count, "Places to make", id: "locations")
                        count(plan.newTags.count, "Tags to make", id: "tags")
                        if isZip {
                            count(plan.photos, "Photos to add", id: "photos")
                            count(plan.documents, "Documents to add", id: "documents")
                            if plan.videos > 0 { count(plan.videos, "Walk-through videos to add", id: "videos") }
                        }
                    } else if isZip {
                        count(plan.problems.count, plan.problems.count == 1 ? "Problem" : "Problems", id: "problems")
                    } else {
                        // Nothing is imported while a row can't be, so what the good rows would do is not counted.
                        count(plan.additions.count + plan.updates.count, "Rows ready", id: "ready")
                        count(Set(plan.problems.map { $0.line ?? 0 }).count, "Rows that can’t be read", id: "problems")
                    }
                }
                if plan.canImport {
                    let sold = (plan.additions + plan.updates).filter(\.noLongerOwned).count
                    if sold > 0 {
                        p(.class("muted")) {
                            (sold == 1 ? "1 item is" : "\(sold.grouped) items are")
                                + " marked sold in the file: kept, with the sale, but left out of the list and totals (filter “No longer owned” to see them)."
                        }
                    }
                    p(.class("muted")) {
                        plan.format == .homepwnerExport ? "Amounts are in \(plan.currency.code), the export’s currency, which the inventory takes."
                            : "Amounts are read in \(plan.currency.code), this inventory’s currency."
                    }
                } else {
                    p(.class("notice warning"), .role("alert"), .id("import-blocked")) { blockedMessage }
                }
                div(.class("form-actions import-actions")) {
                    HTML.form(.method("post"), .action(model.discardURL)) {
                        CSRFField(token: context.csrfToken).node
                        button(.class("button"), .type("submit"), .data("action", "discard")) { "Choose Another File" }
                    }
                    if plan.canImport {
                        HTML.form(.method("post"), .action(model.importURL)) {
                            CSRFField(token: context.csrfToken).node
                            button(.class("button primary"), .type("submit"), .data("action", "import")) { importLabel }
                        }
                    }
                }
            }
            if !plan.problems.isEmpty { problems }
            if !plan.notices.isEmpty { notices }
            if plan.canImport {
                names("New places", plan.newLocations, id: "import-new-locations")
                names("New tags", plan.newTags, id: "import-new-tags")
                names("Items to add", plan.additions.map { $0.name.isEmpty ? Item.unnamedDraft : $0.name }, id: "import-additions")
                names("Items to update", plan.updates.map(\.name), id: "import-updates")
            }
            if !plan.ignoredColumns.isEmpty {
                section(.class("card import-card"), .aria("labelledby", "import-ignored")) {
                    h2(.id("import-ignored")) { isZip ? "Not imported" : "Columns not imported" }
                    p(.class("muted")) { plan.ignoredColumns.joined(separator: ", ") }
                }
            }
        }
    }

    private var importLabel: String {
        let count = plan.additions.count + plan.updates.count
        return count == 1 ? "Import 1 Item" : "Import \(count.grouped) Items"
    }

    private var blockedMessage: String {
        if let problem = plan.problems.first, plan.rowsRead == 0 || (isZip && plan.problems.count == 1) {
            return problem.message.contains("Nothing") ? problem.message : problem.message + " Nothing can be imported from this file."
        }
        if isZip {
            return "Nothing will be imported until every problem listed below is fixed: in Homebox, then back up again and choose the new zip."
        }
        return "Nothing will be imported until every row can be: fix the rows listed below in the file (in Homebox or a spreadsheet), "
            + "then choose it again."
    }

    /// "A Homebox backup (v0.26 and later): items, places, tags, custom fields, photos and documents."
    static func formatSentence(_ format: ImportFormat) -> String {
        switch format {
        case .homeboxCSV: "A Homebox CSV or TSV export: items, places, tags and custom fields."
        case .homeboxExport: "A Homebox backup (v0.26 and later): items, places, tags, custom fields, photos and documents."
        case .homepwnerExport: "A Homepwner export: everything, into an empty inventory only."
        }
    }

    private func count(_ number: Int, _ label: String, id: String) -> HTMLNode {
        div(.class("import-count"), .data("count", id)) {
            dt { label }
            dd { number.grouped }
        }
    }

    private var problems: HTMLNode {
        section(.class("card import-card import-problems"), .aria("labelledby", "import-problems")) {
            h2(.id("import-problems")) { plan.problems.count == 1 ? "1 problem" : "\(plan.problems.count.grouped) problems" }
            ol(.class("problem-list")) {
                for problem in plan.problems.prefix(ImportPreviewModel.problemsShown) {
                    li(.class("problem")) {
                        p(.class("problem-where")) {
                            [problem.line.map { "Line \($0.grouped)" } ?? (problem.column == nil ? "The file" : nil), problem.column]
                                .compactMap { $0 }.joined(separator: " · ")
                        }
                        p(.class("problem-why")) { problem.message }
                    }
                }
            }
            if plan.problems.count > ImportPreviewModel.problemsShown {
                p(.class("muted")) { "And \((plan.problems.count - ImportPreviewModel.problemsShown).grouped) more: fix these first." }
            }
        }
    }

    /// What is imported otherwise than the file says (a quantity rounded), each where and why.
    private var notices: HTMLNode {
        section(.class("card import-card"), .aria("labelledby", "import-notices")) {
            h2(.id("import-notices")) { plan.notices.count == 1 ? "1 value changed" : "\(plan.notices.count.grouped) values changed" }
            ul(.class("problem-list")) {
                for notice in plan.notices.prefix(ImportPreviewModel.problemsShown) {
                    li(.class("problem")) {
                        p(.class("problem-where")) { [notice.line.map { "Line \($0.grouped)" }, notice.column].compactMap { $0 }.joined(separator: " · ") }
                        p(.class("problem-why")) { notice.message }
                    }
                }
            }
            if plan.notices.count > ImportPreviewModel.problemsShown {
                p(.class("muted")) { "And \((plan.notices.count - ImportPreviewModel.problemsShown).grouped) more, rounded the same way." }
            }
        }
    }

    private func names(_ title: String, _ names: [String], id: String) -> HTMLNode {
        guard !names.isEmpty else { return .empty }
        return section(.class("card import-card"), .aria("labelledby", id)) {
            h2(.id(id)) { "\(title) (\(names.count.grouped))" }
            ul(.class("import-names")) {
                for name in names.prefix(ImportPreviewModel.namesShown) { li { name } }
            }
            if names.count > ImportPreviewModel.namesShown {
                p(.class("muted")) { "And \((names.count - ImportPreviewModel.namesShown).grouped) more." }
            }
        }
    }
}
