import Claims
import HTML
import Inventory
import Localization

/// The claim page's bundles: lines the schedule shows as one row ("Lot of hand tools, 34 pieces"),
/// each with its lines and sums, and a form to bundle lines not yet in one. A closed claim's
/// bundles are shown, not changed.
struct ClaimBundlesSection {
    struct Bundle {
        let description: String
        let numbers: String
        let replacementCost: String
        let actualCashValue: String
        let lineNames: [String]
        let removeURL: String
    }

    /// A line that may join a bundle: neither in one already nor on a rider of its own.
    struct Candidate {
        let itemID: Item.ID
        let label: String
        let isChosen: Bool
    }

    let bundles: [Bundle]
    let candidates: [Candidate]
    let addURL: String
    let name: String
    let errors: ValidationError?
    let justDone: String?
    let canChange: Bool
    let csrfToken: String?
    /// The page's language.
    let words: Localizer

    private func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("claim.page.bundles." + key, arguments) }

    init(sheet: ClaimSheet, form: ClaimBundleForm?, errors: ValidationError?, justDone: String?, canChange: Bool, csrfToken: String?, words: Localizer) {
        let id = sheet.claim.id, format = DisplayFormat(words: words)
        func money(_ minorUnits: Int64) -> String { format.exactMoney(minorUnits, in: sheet.currency) }
        var bundles: [Bundle] = []
        var bundled: Set<Item.ID> = []
        for bundle in sheet.schedule.bundles {
            bundled.formUnion(bundle.lines.map(\.itemID))
            bundles.append(Bundle(description: Self.description(of: bundle, words: words), numbers: bundle.numbers, replacementCost: money(bundle.totals.replacementCost),
                                  actualCashValue: money(bundle.totals.actualCashValue), lineNames: bundle.lines.map { "\($0.number). \($0.name)" },
                                  removeURL: ClaimRoutes.removeBundle(id, bundle: bundle.id)))
        }
        let chosen = Set(form?.itemIDs ?? [])
        candidates = sheet.schedule.lines.filter { !bundled.contains($0.itemID) && !$0.againstRider }.map { line in
            Candidate(itemID: line.itemID, label: "\(line.number). \(line.name)" + (line.roomName.isEmpty ? "" : " (\(line.roomName))")
                        + " · \(money(line.valuation.lineReplacementCost))", isChosen: chosen.contains(line.itemID))
        }
        self.bundles = bundles
        addURL = ClaimRoutes.addBundle(id)
        name = form?.name ?? ""
        self.errors = errors
        self.justDone = justDone
        self.canChange = canChange && !sheet.claim.isClosed
        self.csrfToken = csrfToken
        self.words = words
    }

    /// "Lot of hand tools, 34 pieces", "…, 6 lines" (when units differ), in `words`' language.
    static func description(of bundle: ClaimScheduleBundle, words: Localizer) -> String {
        func say(_ key: String, _ count: Int64) -> String { words.text("claim.page.bundles." + key, ["name": .text(bundle.name), "count": .integer(count)]) }
        guard bundle.lines.allSatisfy({ $0.quantityUnit == .pieces }) else { return say("description.lines", Int64(bundle.lines.count)) }
        let pieces = bundle.totals.quantity
        return pieces.isWhole ? say("description.pieces", pieces.tenThousandths / Quantity.scale) : bundle.description
    }

    /// Shown once a claim has two lines that could be bundled, or has a bundle.
    var isShown: Bool { !bundles.isEmpty || (canChange && candidates.count >= ClaimBundle.minimumLines) }

    var node: HTMLNode {
        section(.class("card claim-bundles"), .id("bundles"), .aria("labelledby", "bundles-title")) {
            h2(.id("bundles-title")) { say("title") }
            p(.class("muted")) { say("intro") }
            if let justDone { p(.class("notice success"), .role("status")) { justDone } }
            if !bundles.isEmpty {
                ul(.class("bundle-list")) {
                    for bundle in bundles {
                        li(.class("bundle")) {
                            div(.class("bundle-head")) {
                                span(.class("bundle-name")) { bundle.description }
                                span(.class("bundle-amount")) { bundle.replacementCost }
                            }
                            p(.class("muted")) { say("lines", ["lines": .text(bundle.numbers), "acv": .text(bundle.actualCashValue)]) }
                            p(.class("bundle-lines")) { bundle.lineNames.joined(separator: ", ") }
                            if canChange {
                                HTML.form(.method("post"), .action(bundle.removeURL), .class("inline-form")) {
                                    CSRFField(token: csrfToken).node
                                    button(.class("button small"), .type("submit"), .aria("label", say("unbundle.label", ["name": .text(bundle.description)]))) { say("unbundle") }
                                }
                            }
                        }
                    }
                }
            }
            if canChange && candidates.count >= ClaimBundle.minimumLines {
                HTMLNode.element("details", errors == nil ? [.class("bundle-add")] : [.class("bundle-add"), .open], children: [
                    summary { say("add") },
                    addForm,
                ])
            }
        }
    }

    private var addForm: HTMLNode {
        let controls = FormControls(errors: errors, idPrefix: "bundle", format: DisplayFormat(words: words))
        let linesError = errors?.wording(for: "lines").map(DisplayFormat(words: words).text)
        return HTML.form(.class("bundle-form"), .method("post"), .action(addURL), .novalidate) {
            CSRFField(token: csrfToken).node
            if errors != nil { p(.class("form-error"), .role("alert")) { say("check-fields") } }
            controls.text(words.text("claims.new.name"), name: "name", value: name, hint: say("name.hint"),
                          extra: [.maxlength(ItemDetails.maxShortTextLength)])
            fieldset(.class(linesError == nil ? "form-group bundle-lines-choice" : "form-group bundle-lines-choice invalid"), .data("field", "lines"),
                     .aria("describedby", "bundle-lines-error")) {
                legend { say("choose-lines") }
                div(.class("bundle-candidates")) {
                    for candidate in candidates {
                        label(.class("checkbox")) {
                            HTMLNode.element("input", [.type("checkbox"), .name("line"), .value(String(candidate.itemID.rawValue))]
                                             + (candidate.isChosen ? [.checked] : []), isVoid: true)
                            span { candidate.label }
                        }
                    }
                }
                p(.class("field-error"), .id("bundle-lines-error")) { linesError ?? "" }
            }
            div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { say("button") } }
        }
    }
}
