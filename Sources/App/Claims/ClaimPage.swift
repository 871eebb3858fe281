import Claims
import HTML
import Inventory
import Localization

/// What the claim's page shows, as plain values.
struct ClaimPageModel {
    struct Line {
        let number: Int
        let name: String
        let url: String
        let room: String
        let quantity: String
        let replacementCost: String
        let depreciation: String
        let actualCashValue: String
        let paid: String
        /// "Needs a purchase date", "Replaced", "Set by hand"…; "" when nothing to say.
        let note: String
        /// A payment above what the line can be owed; nil when none.
        let warning: String?
        let needsAttention: Bool
    }

    let id: Claim.ID
    let name: String
    let facts: [(label: String, value: String)]
    /// "Proof of loss due in 41 days (2026-05-13)"; nil once closed.
    let deadline: ClaimStatus?
    let closedText: String?
    /// `ClaimOwedSummary`'s rows and warnings.
    let totals: [(label: String, value: String)]
    let warnings: [String]
    /// The packet's files in groups (the report, the schedule, the sworn statement, the police list).
    struct DownloadGroup {
        let title: String
        let detail: String
        let links: [(label: String, url: String)]
    }
    let downloads: [DownloadGroup]
    let lines: [Line]
    /// "17 lines, 36 items", as the claims list and the report's cover say it.
    let countText: String
    let footer: (replacementCost: String, depreciation: String, actualCashValue: String, paid: String)
    /// How the figures were worked out: the rule citing its sources as "[1]", the sources as a list,
    /// and what needs attention in this claim.
    let method: ScheduleMethod
    /// What Add Items offers, each with how many still-owned items it would add.
    struct Choices {
        let everything: Int
        let places: [(id: Location.ID, path: String, count: Int)]
        let tags: [(name: String, count: Int)]
    }
    let choices: Choices
    let form: ClaimForm
    let errors: ValidationError?
    let currency: Currency
    /// What the person just did, said once at the top: items added, or a line saved.
    enum JustDone: Equatable {
        case added(Int)
        case savedLine(number: Int, name: String)
    }
    let justDone: JustDone?
    /// Closing marks its items stolen, not lost.
    let isTheft: Bool
    var isClosed: Bool { closedText != nil }
}

/// `/claims/{id}`: the claim's facts and deadline, its totals, the packet to download, its items
/// with their figures, how they were worked out, and closing it.
struct ClaimPage {
    let model: ClaimPageModel
    /// "Share with the adjuster", for owners.
    var shareSection: HTMLNode?
    /// Lines shown as one row of the schedule (`ClaimBundlesSection`).
    var bundlesSection: HTMLNode?
    /// The additional living expenses (`ClaimExpensesSection`).
    var expensesSection: HTMLNode?
    /// The boxes its items are packed in (`ClaimPackOut`), when any is.
    var packOutSection: HTMLNode? = nil
    let context: PageContext

    private var canChange: Bool { context.canEdit && !model.isClosed }

    func document() -> HTMLDocument {
        PageLayout(title: model.name, context: context, pageClass: "claim",
                   bar: TopBar(back: (label: "Claims", url: ClaimRoutes.list.url()), title: model.name), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("claims-layout")) {
            switch model.justDone {
            case .added(let added)?:
                p(.class("notice success"), .role("status")) {
                    added == 0 ? "Those items were already in the claim." : added == 1 ? "1 item added." : "\(added.grouped) items added."
                }
            case .savedLine(let number, let name)?:
                p(.class("notice success"), .role("status")) { "Line \(number), “\(name)”, saved." }
            case nil: HTMLNode.empty
            }
            factsCard
            totalsCard
            downloadsCard
            if let shareSection { shareSection }
            linesCard
            if let bundlesSection { bundlesSection }
            if let expensesSection { expensesSection }
            if let packOutSection { packOutSection }
            section(.class("card claim-method"), .aria("labelledby", "method-title")) {
                h2(.id("method-title")) { "How the figures were worked out" }
                for paragraph in model.method.paragraphs { p { paragraph } }
                if !model.method.notes.isEmpty { p(.class("claim-method-notes")) { model.method.notesSentence } }
                h3 { "Sources" }
                ol(.class("method-sources")) {
                    for source in model.method.references { li { a(.href(source.url)) { source.reference } } }
                }
                p { a(.href(ClaimRoutes.usefulLives.url())) { "Useful lives by category" } }
            }
            if canChange { closeCard }
        }
    }

    private var factsCard: HTMLNode {
        section(.class("card claim-facts"), .aria("labelledby", "facts-title")) {
            h2(.id("facts-title")) { "The loss" }
            if let closed = model.closedText { p(.class("claim-status")) { closed } }
            if let deadline = model.deadline { p(.class(deadline.urgent ? "claim-deadline urgent" : "claim-deadline")) { deadline.html } }
            dl(.class("facts")) {
                for fact in model.facts {
                    div { dt { fact.label }; dd { fact.value } }
                }
            }
            if canChange {
                HTMLNode.element("details", model.errors == nil ? [.class("claim-edit")] : [.class("claim-edit"), .open], children: [
                    summary { "Edit details" },
                    editForm,
                ])
            }
        }
    }

    private var editForm: HTMLNode {
        let controls = FormControls(errors: model.errors, idPrefix: "claim")
        let form = model.form
        return HTML.form(.class("claim-form"), .method("post"), .action(ClaimRoutes.claim(model.id)), .novalidate) {
            CSRFField(token: context.csrfToken).node
            if model.errors != nil { p(.class("form-error"), .role("alert")) { "Check the fields marked below; nothing was saved." } }
            controls.text("Name", name: "name", value: form.name, extra: [.maxlength(200)])
            div(.class("field-row")) {
                controls.text("Date of the loss", name: "lossDate", value: form.lossDate, type: "date")
                controls.text("Proof of loss due", name: "proofOfLossDue", value: form.proofOfLossDue, type: "date",
                              hint: "Most policies give 60 days; your insurer’s letter says.")
            }
            div(.class("field-row")) {
                controls.choice("Kind of loss", name: "lossKind", selected: form.lossKind,
                                options: [("", "Not said")] + LossKind.allCases.map { ($0.rawValue, $0.label) })
                controls.text(ClaimText.cause.label, name: ClaimText.cause.rawValue, value: form[.cause], extra: [.maxlength(200)])
            }
            controls.language("Language of the claim packet", name: "language", selected: LanguageTag(form.language),
                              hint: "The insurer’s language: the packet and the adjuster’s page are written in it.")
            // After a theft: printed on the police list and the report's cover.
            div(.class("field-row")) {
                controls.text(ClaimText.policeReport.label, name: ClaimText.policeReport.rawValue, value: form[.policeReport],
                              hint: "After a theft; the crime reference the police gave.", extra: [.maxlength(200), .autocomplete("off")])
                controls.text(ClaimText.policeForce.label, name: ClaimText.policeForce.rawValue, value: form[.policeForce], extra: [.maxlength(200)])
            }
            div(.class("field-row")) {
                controls.text(ClaimText.insurer.label, name: ClaimText.insurer.rawValue, value: form[.insurer], extra: [.maxlength(200)])
                controls.text(ClaimText.claimNumber.label, name: ClaimText.claimNumber.rawValue, value: form[.claimNumber], extra: [.maxlength(200)])
            }
            div(.class("field-row")) {
                controls.text(ClaimText.policyNumber.label, name: ClaimText.policyNumber.rawValue, value: form[.policyNumber], extra: [.maxlength(200)])
                controls.money("Contents limit", name: "contentsLimit", value: form.contentsLimit, currency: model.currency)
            }
            controls.text("Sales tax rate (%)", name: "salesTaxRate", value: form.salesTaxRate,
                          hint: "Where you would buy the things again, like 8.875; added to each line’s replacement cost.",
                          extra: [.inputmode("decimal"), .autocomplete("off"), .maxlength(8)])
            controls.text(ClaimText.policyholder.label, name: ClaimText.policyholder.rawValue, value: form[.policyholder], extra: [.maxlength(200)])
            controls.textArea(ClaimText.address.label, name: ClaimText.address.rawValue, value: form[.address], maxLength: ClaimText.address.maxLength, rows: 2)
            PolicyFields(form: form, controls: controls, currency: model.currency).node
            controls.textArea(ClaimText.notes.label, name: ClaimText.notes.rawValue, value: form[.notes], maxLength: ClaimText.notes.maxLength, rows: 3)
            div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { "Save Details" } }
        }
    }

    private var totalsCard: HTMLNode {
        section(.class("card claim-totals"), .aria("labelledby", "totals-title")) {
            h2(.id("totals-title")) { "What the insurer owes" }
            dl(.class("totals owed")) {
                for total in model.totals {
                    div { dt { total.label }; dd { total.value } }
                }
            }
            if !model.warnings.isEmpty {
                ul(.class("claim-warnings")) {
                    for warning in model.warnings { li { warning } }
                }
            }
        }
    }

    private var downloadsCard: HTMLNode {
        section(.class("card claim-packet"), .aria("labelledby", "packet-title")) {
            h2(.id("packet-title")) { "Packet for the insurer" }
            p(.class("download-all")) {
                a(.class("button primary"), .href(ClaimRoutes.apiEvidence(model.id)), .id("download-all")) { "Download All" }
                span(.class("muted")) { "One zip: the report, the schedule (CSV and XLSX), every photo, receipt and library photo with a JPEG copy of each HEIC, WebP or AVIF photo, and a manifest of checksums." }
            }
            ul(.class("packet-list")) {
                for group in model.downloads {
                    li {
                        h3 { group.title }
                        div(.class("packet-links")) {
                            for link in group.links { a(.class("button"), .href(link.url)) { link.label } }
                        }
                        p(.class("muted")) { group.detail }
                    }
                }
            }
        }
    }

    private var linesCard: HTMLNode {
        section(.class("card claim-lines"), .aria("labelledby", "lines-title")) {
            div(.class("card-head")) {
                h2(.id("lines-title")) { model.lines.isEmpty ? "Nothing lost yet" : "Lost: \(model.countText)" }
                if canChange {
                    button(.class("button small primary"), .type("button"), .popovertarget("claim-chooser"), .aria("haspopup", "dialog")) { "Add Items" }
                }
            }
            if model.lines.isEmpty {
                p(.class("muted")) { "Choose what was lost: the whole home, a room with everything in it, a tag, a search, or items picked in the list." }
            } else {
                linesAsCards
                div(.class("table-scroll"), .role("region"), .aria("label", "Each item's figures"), .tabindex(0)) {
                    table(.class("figures claim-table")) {
                        thead {
                            tr {
                                th(.scope("col")) { "#" }; th(.scope("col")) { "Item" }; th(.scope("col")) { "Room" }; th(.scope("col"), .class("amount")) { "Qty" }
                                th(.scope("col"), .class("amount")) { "Replacement" }; th(.scope("col"), .class("amount")) { "Depr." }
                                th(.scope("col"), .class("amount")) { "Actual cash value" }; th(.scope("col"), .class("amount")) { "Paid" }
                            }
                        }
                        tbody {
                            for line in model.lines {
                                tr(.class(line.needsAttention ? "attention" : "")) {
                                    td { String(line.number) }
                                    th(.scope("row")) {
                                        a(.href(line.url)) { line.name }
                                        if !line.note.isEmpty { span(.class("line-note")) { line.note } }
                                        if let warning = line.warning { span(.class("line-note line-warning")) { warning } }
                                    }
                                    td { line.room }
                                    td(.class("amount")) { line.quantity }
                                    td(.class("amount")) { line.replacementCost }
                                    td(.class("amount")) { line.depreciation }
                                    td(.class("amount")) { line.actualCashValue }
                                    td(.class("amount")) { line.paid }
                                }
                            }
                        }
                        HTMLNode.element("tfoot", [], children: [
                            tr {
                                td {}; th(.scope("row")) { "Total" }; td {}; td {}
                                td(.class("amount")) { model.footer.replacementCost }
                                td(.class("amount")) { model.footer.depreciation }
                                td(.class("amount")) { model.footer.actualCashValue }
                                td(.class("amount")) { model.footer.paid }
                            },
                        ])
                    }
                }
            }
            if canChange { chooser }
        }
    }

    /// The lines at compact width, where the table would be wider than the screen: a card each, then
    /// the totals (CSS shows either these or the table).
    private var linesAsCards: HTMLNode {
        func figures(_ replacement: String, _ depreciation: String?, _ actualCashValue: String, _ paid: String) -> HTMLNode {
            dl(.class("claim-card-figures")) {
                div { dt { "Replacement" }; dd { replacement } }
                if let depreciation { div { dt { "Depreciation" }; dd { depreciation } } }
                div { dt { "Actual cash value" }; dd { actualCashValue } }
                div { dt { "Paid" }; dd { paid } }
            }
        }
        return ul(.class("claim-cards")) {
            for line in model.lines {
                li(.class(line.needsAttention ? "claim-card attention" : "claim-card")) {
                    p(.class("claim-card-name")) { "\(line.number). "; a(.href(line.url)) { line.name } }
                    if !line.note.isEmpty { p(.class("line-note")) { line.note } }
                    if let warning = line.warning { p(.class("line-note line-warning")) { warning } }
                    p(.class("claim-card-where")) { [line.room, "Qty \(line.quantity)"].filter { !$0.isEmpty }.joined(separator: " · ") }
                    figures(line.replacementCost, line.depreciation, line.actualCashValue, line.paid)
                }
            }
            li(.class("claim-card claim-card-total")) {
                p(.class("claim-card-name")) { "Total" }
                figures(model.footer.replacementCost, nil, model.footer.actualCashValue, model.footer.paid)
            }
        }
    }

    /// Add Items: a popover anchored to its button at regular width, a full-screen sheet at compact width.
    private var chooser: HTMLNode {
        let action = ClaimRoutes.chooseItems(model.id)
        return div(.id("claim-chooser"), .class("picker claim-sheet"), .popover(), .role("dialog"), .aria("labelledby", "claim-chooser-title")) {
            header(.class("sheet-bar picker-bar")) {
                button(.class("bar-button"), .type("button"), .popovertarget("claim-chooser"), .popovertargetaction("hide")) { "Cancel" }
                h2(.id("claim-chooser-title")) { "Add Items" }
                span {}
            }
            div(.class("picker-form chooser")) {
                // Nothing is chosen until the person chooses: the whole home asks once more, and a
                // place or a tag starts at "Choose…", each saying how many items it adds.
                HTMLNode.element("details", [.class("confirm-details chooser-everything")], children: [
                    summary { "Everything in the home (\(Self.itemCount(model.choices.everything)))…" },
                    HTML.form(.method("post"), .action(action)) {
                        CSRFField(token: context.csrfToken).node
                        input(.type("hidden"), .name("by"), .value("all"))
                        p { "Every item still owned joins the claim; items already in it stay as they are." }
                        button(.class("button primary"), .type("submit")) { "Add All \(Self.itemCount(model.choices.everything))" }
                    },
                ])
                if !model.choices.places.isEmpty {
                    HTML.form(.class("chooser-row"), .method("post"), .action(action)) {
                        CSRFField(token: context.csrfToken).node
                        input(.type("hidden"), .name("by"), .value("place"))
                        FormControls(errors: nil, idPrefix: "choose").choice("A place, with everything in it", name: "locationId", selected: "",
                                                                             options: [("", "Choose a place…")] + model.choices.places.map {
                                                                                 (String($0.id), "\($0.path) (\(Self.itemCount($0.count)))")
                                                                             }, required: true)
                        button(.class("button"), .type("submit")) { "Add" }
                    }
                }
                if !model.choices.tags.isEmpty {
                    HTML.form(.class("chooser-row"), .method("post"), .action(action)) {
                        CSRFField(token: context.csrfToken).node
                        input(.type("hidden"), .name("by"), .value("tag"))
                        FormControls(errors: nil, idPrefix: "choose").choice("Everything tagged", name: "tag", selected: "",
                                                                             options: [("", "Choose a tag…")] + model.choices.tags.map {
                                                                                 ($0.name, "\($0.name) (\(Self.itemCount($0.count)))")
                                                                             }, required: true)
                        button(.class("button"), .type("submit")) { "Add" }
                    }
                }
                HTML.form(.class("chooser-row"), .method("post"), .action(action)) {
                    CSRFField(token: context.csrfToken).node
                    input(.type("hidden"), .name("by"), .value("search"))
                    FormControls(errors: nil, idPrefix: "choose").text("Everything matching", name: "q", value: "", type: "search", extra: [.autocomplete("off")])
                    button(.class("button"), .type("submit")) { "Add" }
                }
                a(.class("picker-option"), .href(ItemRoutes.selecting())) { "Pick in the item list" }
            }
        }
    }

    private static func itemCount(_ count: Int) -> String {
        count == 0 ? "no items" : count == 1 ? "1 item" : "\(count.grouped) items"
    }

    private var closeCard: HTMLNode {
        section(.class("card claim-close"), .aria("labelledby", "close-title")) {
            h2(.id("close-title")) { "When it is settled" }
            p {
                "Closing the claim keeps it as it is and keeps your inventory true: items lost whole are marked disposed "
                "(\(model.isTheft ? "stolen" : "lost"), on the date of the loss, this claim named), and items lost in part hold that many fewer."
            }
            HTMLNode.element("details", [.class("confirm-details")], children: [
                summary { "Close this claim…" },
                HTML.form(.method("post"), .action(ClaimRoutes.close(model.id))) {
                    CSRFField(token: context.csrfToken).node
                    p { "A closed claim cannot be changed again." }
                    button(.class("button primary"), .type("submit")) { "Close Claim" }
                },
            ])
            HTMLNode.element("details", [.class("confirm-details")], children: [
                summary { "Delete this claim…" },
                HTML.form(.method("post"), .action(ClaimRoutes.delete(model.id))) {
                    CSRFField(token: context.csrfToken).node
                    p { "The claim and its figures go; its items stay in your inventory as they are." }
                    button(.class("button destructive"), .type("submit")) { "Delete Claim" }
                },
            ])
        }
    }
}
