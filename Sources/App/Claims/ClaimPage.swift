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
    /// How the figures were worked out: the rule citing its sources as "[1]", what needs attention in
    /// this claim ("In this claim: …"; nil when nothing does), and the sources as a list.
    let methodParagraphs: [String]
    let methodNotes: String?
    let references: [DepreciationSource]
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

    /// The page's words, in the page's language (the account's; the claim's is its packet's).
    private func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { context.text("claim.page." + key, arguments) }

    func document() -> HTMLDocument {
        PageLayout(title: model.name, context: context, pageClass: "claim",
                   bar: TopBar(back: (label: context.text("claims.list.title"), url: ClaimRoutes.list.url()), title: model.name), content: content,
                   translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("claims-layout")) {
            switch model.justDone {
            case .added(let added)?:
                p(.class("notice success"), .role("status")) {
                    say("added", ["count": .count(added)])
                }
            case .savedLine(let number, let name)?:
                p(.class("notice success"), .role("status")) { say("line-saved", ["number": .text(context.format.integer(number)), "name": .text(name)]) }
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
                h2(.id("method-title")) { context.text("packet.method") }
                for paragraph in model.methodParagraphs { p { paragraph } }
                if let notes = model.methodNotes { p(.class("claim-method-notes")) { notes } }
                h3 { say("method.sources") }
                ol(.class("method-sources")) {
                    for source in model.references { li { a(.href(source.url)) { source.reference } } }
                }
                p { a(.href(ClaimRoutes.usefulLives.url())) { say("method.useful-lives") } }
            }
            if canChange { closeCard }
        }
    }

    private var factsCard: HTMLNode {
        section(.class("card claim-facts"), .aria("labelledby", "facts-title")) {
            h2(.id("facts-title")) { say("facts.title") }
            if let closed = model.closedText { p(.class("claim-status")) { closed } }
            if let deadline = model.deadline { p(.class(deadline.urgent ? "claim-deadline urgent" : "claim-deadline")) { deadline.html } }
            dl(.class("facts")) {
                for fact in model.facts {
                    // What a person typed (an address, a policy number) reads in its own direction on an Arabic page.
                    div { dt { fact.label }; dd(.dir("auto")) { fact.value } }
                }
            }
            if canChange {
                HTMLNode.element("details", model.errors == nil ? [.class("claim-edit")] : [.class("claim-edit"), .open], children: [
                    summary { say("edit") },
                    editForm,
                ])
            }
        }
    }

    private var editForm: HTMLNode {
        let controls = FormControls(errors: model.errors, idPrefix: "claim", format: context.format)
        let form = model.form, words = context.localizer
        func label(_ text: ClaimText) -> String { text.localizedLabel(words) }
        return HTML.form(.class("claim-form"), .method("post"), .action(ClaimRoutes.claim(model.id)), .novalidate) {
            CSRFField(token: context.csrfToken).node
            form.numbers.hiddenField
            if model.errors != nil { p(.class("form-error"), .role("alert")) { context.text("item.detail.check-fields") } }
            controls.text(context.text("claims.new.name"), name: "name", value: form.name, extra: [.maxlength(200)])
            div(.class("field-row")) {
                controls.text(context.text("claims.new.loss-date"), name: "lossDate", value: form.lossDate, type: "date")
                controls.text(say("form.proof-of-loss-due"), name: "proofOfLossDue", value: form.proofOfLossDue, type: "date",
                              hint: say("form.proof-of-loss-due.hint"))
            }
            div(.class("field-row")) {
                controls.choice(context.text("claims.new.loss-kind"), name: "lossKind", selected: form.lossKind,
                                options: [("", context.text("claims.new.loss-kind.none"))] + LossKind.allCases.map { ($0.rawValue, context.text("packet.loss-kind.\($0.rawValue)")) })
                controls.text(label(.cause), name: ClaimText.cause.rawValue, value: form[.cause], extra: [.maxlength(200)])
            }
            controls.language(context.text("claims.new.language"), name: "language", selected: LanguageTag(form.language),
                              hint: context.text("claims.new.language.hint"))
            // After a theft: printed on the police list and the report's cover.
            div(.class("field-row")) {
                controls.text(label(.policeReport), name: ClaimText.policeReport.rawValue, value: form[.policeReport],
                              hint: say("form.police-report.hint"), extra: [.maxlength(200), .autocomplete("off")])
                controls.text(label(.policeForce), name: ClaimText.policeForce.rawValue, value: form[.policeForce], extra: [.maxlength(200)])
            }
            div(.class("field-row")) {
                controls.text(label(.insurer), name: ClaimText.insurer.rawValue, value: form[.insurer], extra: [.maxlength(200)])
                controls.text(label(.claimNumber), name: ClaimText.claimNumber.rawValue, value: form[.claimNumber], extra: [.maxlength(200)])
            }
            div(.class("field-row")) {
                controls.text(label(.policyNumber), name: ClaimText.policyNumber.rawValue, value: form[.policyNumber], extra: [.maxlength(200)])
                controls.money(say("form.contents-limit"), name: "contentsLimit", value: form.contentsLimit, currency: model.currency)
            }
            controls.text(say("form.sales-tax-rate"), name: "salesTaxRate", value: form.salesTaxRate,
                          hint: say("form.sales-tax-rate.hint"),
                          extra: [.inputmode("decimal"), .autocomplete("off"), .maxlength(8)])
            controls.text(label(.policyholder), name: ClaimText.policyholder.rawValue, value: form[.policyholder], extra: [.maxlength(200)])
            controls.textArea(label(.address), name: ClaimText.address.rawValue, value: form[.address], maxLength: ClaimText.address.maxLength, rows: 2)
            PolicyFields(form: form, controls: controls, currency: model.currency, words: words).node
            controls.textArea(label(.notes), name: ClaimText.notes.rawValue, value: form[.notes], maxLength: ClaimText.notes.maxLength, rows: 3)
            div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { say("form.save") } }
        }
    }

    private var totalsCard: HTMLNode {
        section(.class("card claim-totals"), .aria("labelledby", "totals-title")) {
            h2(.id("totals-title")) { context.text("shared.owed.title") }
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
            h2(.id("packet-title")) { say("packet.title") }
            p(.class("download-all")) {
                a(.class("button primary"), .href(ClaimRoutes.apiEvidence(model.id)), .id("download-all")) { context.text("shared.downloads.all") }
                span(.class("muted")) { say("packet.all-hint") }
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
                h2(.id("lines-title")) { model.lines.isEmpty ? context.text("shared.items.none") : context.text("shared.lines.title", ["count": .text(model.countText)]) }
                if canChange {
                    button(.class("button small primary"), .type("button"), .popovertarget("claim-chooser"), .aria("haspopup", "dialog")) { say("add-items") }
                }
            }
            if model.lines.isEmpty {
                p(.class("muted")) { say("lines.empty") }
            } else {
                linesAsCards
                div(.class("table-scroll"), .role("region"), .aria("label", say("lines.table-label")), .tabindex(0)) {
                    table(.class("figures claim-table")) {
                        thead {
                            tr {
                                th(.scope("col")) { "#" }; th(.scope("col")) { context.text("shared.lines.item") }; th(.scope("col")) { context.text("shared.lines.room") }
                                th(.scope("col"), .class("amount")) { context.text("shared.lines.qty") }
                                th(.scope("col"), .class("amount")) { context.text("shared.lines.replacement") }; th(.scope("col"), .class("amount")) { say("lines.depreciation-short") }
                                th(.scope("col"), .class("amount")) { context.text("shared.lines.actual-cash-value") }; th(.scope("col"), .class("amount")) { say("lines.paid") }
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
                                td {}; th(.scope("row")) { context.text("shared.lines.total") }; td {}; td {}
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
                div { dt { context.text("shared.lines.replacement") }; dd { replacement } }
                if let depreciation { div { dt { context.text("claim.owed.depreciation") }; dd { depreciation } } }
                div { dt { context.text("shared.lines.actual-cash-value") }; dd { actualCashValue } }
                div { dt { say("lines.paid") }; dd { paid } }
            }
        }
        return ul(.class("claim-cards")) {
            for line in model.lines {
                li(.class(line.needsAttention ? "claim-card attention" : "claim-card")) {
                    p(.class("claim-card-name")) { "\(line.number). "; a(.href(line.url)) { line.name } }
                    if !line.note.isEmpty { p(.class("line-note")) { line.note } }
                    if let warning = line.warning { p(.class("line-note line-warning")) { warning } }
                    p(.class("claim-card-where")) { [line.room, context.text("shared.lines.quantity", ["quantity": .text(line.quantity)])].filter { !$0.isEmpty }.joined(separator: " · ") }
                    figures(line.replacementCost, line.depreciation, line.actualCashValue, line.paid)
                }
            }
            li(.class("claim-card claim-card-total")) {
                p(.class("claim-card-name")) { context.text("shared.lines.total") }
                figures(model.footer.replacementCost, nil, model.footer.actualCashValue, model.footer.paid)
            }
        }
    }

    /// Add Items: a popover anchored to its button at regular width, a full-screen sheet at compact width.
    private var chooser: HTMLNode {
        let action = ClaimRoutes.chooseItems(model.id)
        return div(.id("claim-chooser"), .class("picker claim-sheet"), .popover(), .role("dialog"), .aria("labelledby", "claim-chooser-title")) {
            header(.class("sheet-bar picker-bar")) {
                button(.class("bar-button"), .type("button"), .popovertarget("claim-chooser"), .popovertargetaction("hide")) { context.text("common.cancel") }
                h2(.id("claim-chooser-title")) { say("add-items") }
                span {}
            }
            div(.class("picker-form chooser")) {
                // Nothing is chosen until the person chooses: the whole home asks once more, and a
                // place or a tag starts at "Choose…", each saying how many items it adds.
                HTMLNode.element("details", [.class("confirm-details chooser-everything")], children: [
                    summary { say("choose.everything", ["items": .text(itemCount(model.choices.everything))]) },
                    HTML.form(.method("post"), .action(action)) {
                        CSRFField(token: context.csrfToken).node
                        input(.type("hidden"), .name("by"), .value("all"))
                        p { say("choose.everything.text") }
                        button(.class("button primary"), .type("submit")) { say("choose.add-all", ["items": .text(itemCount(model.choices.everything))]) }
                    },
                ])
                if !model.choices.places.isEmpty {
                    HTML.form(.class("chooser-row"), .method("post"), .action(action)) {
                        CSRFField(token: context.csrfToken).node
                        input(.type("hidden"), .name("by"), .value("place"))
                        FormControls(errors: nil, idPrefix: "choose").choice(say("choose.place"), name: "locationId", selected: "",
                                                                             options: [("", say("choose.place.none"))] + model.choices.places.map {
                                                                                 (String($0.id), say("choose.option", ["name": .text($0.path), "items": .text(itemCount($0.count))]))
                                                                             }, required: true)
                        button(.class("button"), .type("submit")) { say("choose.add") }
                    }
                }
                if !model.choices.tags.isEmpty {
                    HTML.form(.class("chooser-row"), .method("post"), .action(action)) {
                        CSRFField(token: context.csrfToken).node
                        input(.type("hidden"), .name("by"), .value("tag"))
                        FormControls(errors: nil, idPrefix: "choose").choice(say("choose.tag"), name: "tag", selected: "",
                                                                             options: [("", say("choose.tag.none"))] + model.choices.tags.map {
                                                                                 ($0.name, say("choose.option", ["name": .text($0.name), "items": .text(itemCount($0.count))]))
                                                                             }, required: true)
                        button(.class("button"), .type("submit")) { say("choose.add") }
                    }
                }
                HTML.form(.class("chooser-row"), .method("post"), .action(action)) {
                    CSRFField(token: context.csrfToken).node
                    input(.type("hidden"), .name("by"), .value("search"))
                    FormControls(errors: nil, idPrefix: "choose").text(say("choose.search"), name: "q", value: "", type: "search", extra: [.autocomplete("off")])
                    button(.class("button"), .type("submit")) { say("choose.add") }
                }
                a(.class("picker-option"), .href(ItemRoutes.selecting())) { say("choose.pick") }
            }
        }
    }

    /// "no items", "1 item", "1,234 items".
    private func itemCount(_ count: Int) -> String { say("choose.items", ["count": .count(count)]) }

    private var closeCard: HTMLNode {
        section(.class("card claim-close"), .aria("labelledby", "close-title")) {
            h2(.id("close-title")) { say("close.title") }
            p { say(model.isTheft ? "close.text.stolen" : "close.text.lost") }
            HTMLNode.element("details", [.class("confirm-details")], children: [
                summary { say("close.ask") },
                HTML.form(.method("post"), .action(ClaimRoutes.close(model.id))) {
                    CSRFField(token: context.csrfToken).node
                    p { say("close.warning") }
                    button(.class("button primary"), .type("submit")) { say("close.button") }
                },
            ])
            HTMLNode.element("details", [.class("confirm-details")], children: [
                summary { say("delete.ask") },
                HTML.form(.method("post"), .action(ClaimRoutes.delete(model.id))) {
                    CSRFField(token: context.csrfToken).node
                    p { say("delete.text") }
                    button(.class("button destructive"), .type("submit")) { say("delete.button") }
                },
            ])
        }
    }
}
