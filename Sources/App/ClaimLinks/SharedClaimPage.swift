import HTML
import Localization

/// The claim as the adjuster's link shows it: plain values and the link's own URLs.
struct SharedClaimModel: Sendable {
    let name: String
    /// The claim's facts in order, those given only (`Loss date`, `Cause`, `Insurer`, …).
    let facts: [(label: String, value: String)]
    /// What the insurer owes (`ClaimOwedSummary`): the same rows as the claim's page and the report's cover.
    let owed: [(label: String, value: String)]
    let warnings: [String]
    /// "This link works through Jun 30, 2026."
    let validity: String
    /// How to reach the policyholder: phone, e-mail, the address while displaced (its line breaks kept).
    let contact: [SharedContactModel]
    /// The compact table of lines, each leading to its item's card below.
    let lines: [SharedLineModel]
    let footer: (replacementCost: String, actualCashValue: String)
    let items: [SharedItemModel]
    /// "17 lines, 36 items", as the claim's page says it.
    let countText: String
    let downloads: SharedClaimDownloads
    /// The additional living expenses, when there are any.
    var expenses: SharedExpensesCard? = nil
    /// The boxes its items are packed in, when any is.
    var packOut: ClaimPackOut? = nil
}

struct SharedContactModel: Sendable {
    let label: String
    let value: String
    /// `tel:` or `mailto:`; nil for an address.
    let url: String?
}

/// One row of the adjuster's table of lines.
struct SharedLineModel: Sendable {
    let number: Int
    let name: String
    /// The item's card on this page (`#item-7`).
    let anchor: String
    let quantity: String
    let room: String
    let replacementCost: String
    let actualCashValue: String
    /// How many photos, documents and library photos back the line.
    let evidence: Int
    /// "In “Lot of hand tools”, one row of the schedule"; "" when the line is a row of its own.
    var bundle = ""
}

/// The claim packet's files for the adjuster. Their routes are the claim packet's (report, schedule,
/// evidence archive); each URL given here is shown, none is made up.
struct SharedClaimDownloads: Sendable {
    var reportPDF: String?
    var scheduleCSV: String?
    /// "Download All": the report, the schedule and the evidence in one zip.
    var evidenceZip: String?
    /// A theft's police list.
    var policeListPDF: String?
    var policeListCSV: String?

    static let none = SharedClaimDownloads()

    var isEmpty: Bool { [reportPDF, scheduleCSV, evidenceZip, policeListPDF, policeListCSV].allSatisfy { $0 == nil } }
}

/// One line of the claim: the item lost, as an adjuster reads it.
struct SharedItemModel: Sendable {
    let anchor: String
    let line: Int
    let name: String
    let details: [(label: String, value: String)]
    let photos: [SharedImageModel]
    let documents: [SharedDocumentModel]
    let evidence: [SharedImageModel]
}

struct SharedImageModel: Sendable {
    /// nil for an evidence photo gone from the library.
    let thumbnailURL: String?
    /// The site's photo viewer for it, on the link.
    let viewerURL: String?
    let alt: String
    /// What it shows ("Serial plate", "Taken …"); empty for a plain photo.
    let caption: String
}

struct SharedDocumentModel: Sendable {
    let name: String
    let meta: String
    let url: String
    let thumbnailURL: String?
}

/// `/shared/{token}`: one claim, read-only, for whoever holds the link: its facts, what is owed, the
/// policyholder's contact, "Download All", a compact table of the lines (cards on a phone), then each
/// item lost with its photos (opened in the site's viewer), documents and evidence. No account, no
/// controls, no way elsewhere: the title bar's brand leads nowhere.
struct SharedClaimPage {
    let claim: SharedClaimModel
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: claim.name, context: context, pageClass: "shared-claim", bar: TopBar(title: claim.name, brandLeadsHome: false), content: content,
                   translated: true).document()
    }

    /// The page's words, in the claim's language (`Claim.language`, or the link's `?lang=`).
    private func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { context.text("shared." + key, arguments) }

    private var content: HTMLNode {
        div(.class("shared-claim-layout")) {
            section(.class("card shared-facts"), .aria("labelledby", "facts-title")) {
                h2(.id("facts-title")) { say("facts.title") }
                p(.class("muted")) { say("facts.shared") + " " + claim.validity }
                if !claim.facts.isEmpty {
                    dl(.class("shared-details")) {
                        for fact in claim.facts {
                            dt { fact.label }
                            dd(.dir("auto")) { fact.value }
                        }
                    }
                }
            }
            section(.class("card claim-totals"), .aria("labelledby", "owed-title")) {
                h2(.id("owed-title")) { say("owed.title") }
                dl(.class("totals owed")) {
                    for row in claim.owed { div { dt { row.label }; dd { row.value } } }
                }
                if !claim.warnings.isEmpty {
                    ul(.class("claim-warnings")) {
                        for warning in claim.warnings { li { warning } }
                    }
                }
            }
            // The claim packet: all of it in one zip first, then its parts, when given.
            if !claim.downloads.isEmpty {
                section(.class("card shared-downloads"), .aria("labelledby", "downloads-title")) {
                    h2(.id("downloads-title")) { say("downloads.title") }
                    if let url = claim.downloads.evidenceZip {
                        p(.class("download-all")) {
                            a(.class("button primary"), .href(url), .id("download-all")) { say("downloads.all") }
                            span(.class("muted")) { say("downloads.all-hint") }
                        }
                    }
                    ul(.class("shared-download-list")) {
                        if let url = claim.downloads.reportPDF { li { a(.class("button"), .href(url)) { say("downloads.report") } } }
                        if let url = claim.downloads.scheduleCSV { li { a(.class("button"), .href(url)) { say("downloads.schedule") } } }
                        if let url = claim.downloads.policeListPDF { li { a(.class("button"), .href(url)) { say("downloads.police-list-pdf") } } }
                        if let url = claim.downloads.policeListCSV { li { a(.class("button"), .href(url)) { say("downloads.police-list-csv") } } }
                    }
                }
            }
            if !claim.contact.isEmpty {
                section(.class("card shared-contact"), .aria("labelledby", "contact-title")) {
                    h2(.id("contact-title")) { say("contact.title") }
                    dl(.class("shared-details")) {
                        for entry in claim.contact {
                            dt { entry.label }
                            dd { if let url = entry.url { a(.href(url)) { entry.value } } else { entry.value } }
                        }
                    }
                }
            }
            if !claim.lines.isEmpty { linesCard }
            if let expenses = claim.expenses { expenses.node }
            if let packOut = claim.packOut, !packOut.isEmpty { packOut.card(words: context.localizer) }
            section(.class("shared-items"), .aria("labelledby", "items-title")) {
                h2(.class("section-title"), .id("items-title")) { claim.items.isEmpty ? say("items.none") : say("items.title") }
                if claim.items.isEmpty {
                    p(.class("muted")) { say("items.none-yet") }
                }
                ol(.class("shared-item-list")) {
                    for item in claim.items { itemNode(item) }
                }
            }
        }
    }

    /// The lines at a glance: a table on an iPad, cards on a phone (as the claim's page has them).
    private var linesCard: HTMLNode {
        section(.class("card claim-lines shared-lines"), .aria("labelledby", "lines-title")) {
            h2(.id("lines-title")) { say("lines.title", ["count": .text(claim.countText)]) }
            ul(.class("claim-cards")) {
                for line in claim.lines {
                    li(.class("claim-card")) {
                        p(.class("claim-card-name")) { "\(line.number). "; a(.href("#" + line.anchor)) { line.name } }
                        p(.class("claim-card-where")) {
                            [line.room, say("lines.quantity", ["quantity": .text(line.quantity)]), say("lines.evidence", ["count": .count(line.evidence)])].filter { !$0.isEmpty }.joined(separator: " · ")
                        }
                        if !line.bundle.isEmpty { p(.class("line-note")) { line.bundle } }
                        dl(.class("claim-card-figures")) {
                            div { dt { say("lines.replacement") }; dd { line.replacementCost } }
                            div { dt { say("lines.actual-cash-value") }; dd { line.actualCashValue } }
                        }
                    }
                }
                li(.class("claim-card claim-card-total")) {
                    p(.class("claim-card-name")) { say("lines.total") }
                    dl(.class("claim-card-figures")) {
                        div { dt { say("lines.replacement") }; dd { claim.footer.replacementCost } }
                        div { dt { say("lines.actual-cash-value") }; dd { claim.footer.actualCashValue } }
                    }
                }
            }
            div(.class("table-scroll"), .role("region"), .aria("label", say("lines.label")), .tabindex(0)) {
                table(.class("figures claim-table")) {
                    thead {
                        tr {
                            th(.scope("col")) { "#" }; th(.scope("col")) { say("lines.item") }; th(.scope("col"), .class("amount")) { say("lines.qty") }
                            th(.scope("col")) { say("lines.room") }; th(.scope("col"), .class("amount")) { say("lines.replacement") }
                            th(.scope("col"), .class("amount")) { say("lines.actual-cash-value") }; th(.scope("col"), .class("amount")) { say("lines.evidence-column") }
                        }
                    }
                    tbody {
                        for line in claim.lines {
                            tr {
                                td { String(line.number) }
                                th(.scope("row")) {
                                    a(.href("#" + line.anchor)) { line.name }
                                    if !line.bundle.isEmpty { span(.class("line-note")) { line.bundle } }
                                }
                                td(.class("amount")) { line.quantity }
                                td { line.room }
                                td(.class("amount")) { line.replacementCost }
                                td(.class("amount")) { line.actualCashValue }
                                td(.class("amount")) { String(line.evidence) }
                            }
                        }
                    }
                    HTMLNode.element("tfoot", [], children: [
                        tr {
                            td {}; th(.scope("row")) { say("lines.total") }; td {}; td {}
                            td(.class("amount")) { claim.footer.replacementCost }
                            td(.class("amount")) { claim.footer.actualCashValue }
                            td {}
                        },
                    ])
                }
            }
        }
    }

    private func itemNode(_ item: SharedItemModel) -> HTMLNode {
        li(.class("card shared-item"), .id(item.anchor)) {
            h3 { "\(item.line). \(item.name)" }
            dl(.class("shared-details")) {
                for detail in item.details {
                    dt { detail.label }
                    dd { detail.value }
                }
            }
            if !item.photos.isEmpty {
                h4 { say("item.photos", ["count": .count(item.photos.count)]) }
                images(item.photos)
            }
            if !item.documents.isEmpty {
                h4 { say("item.documents") }
                ul(.class("document-list")) {
                    for document in item.documents {
                        li(.class("document-row")) {
                            if let thumbnail = document.thumbnailURL {
                                img(.class("document-thumb"), .src(thumbnail), .width(44), .height(56), .alt(""), .loading("lazy"))
                            } else {
                                span(.class("document-thumb placeholder"), .aria("hidden", "true")) { "DOC" }
                            }
                            div(.class("document-text")) {
                                a(.class("document-link"), .href(document.url), .rel("noreferrer")) { document.name }
                                span(.class("document-meta")) { document.meta }
                            }
                        }
                    }
                }
            }
            if !item.evidence.isEmpty {
                h4 { say("item.evidence") }
                images(item.evidence)
            }
        }
    }

    private func images(_ images: [SharedImageModel]) -> HTMLNode {
        ul(.class("shared-photos")) {
            for image in images {
                li(.class("shared-photo")) {
                    if let thumbnail = image.thumbnailURL, let viewer = image.viewerURL {
                        a(.href(viewer), .aria("label", say("item.open", ["photo": .text(image.alt)]))) {
                            img(.src(thumbnail), .width(120), .height(120), .alt(image.alt), .loading("lazy"))
                        }
                    } else {
                        span(.class("shared-photo-missing")) { say("item.photo-gone") }
                    }
                    if !image.caption.isEmpty { span(.class("shared-photo-caption")) { image.caption } }
                }
            }
        }
    }
}
