import HTML

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
    let items: [SharedItemModel]
    /// "17 lines, 36 items", as the claim's page says it.
    let countText: String
    let downloads: SharedClaimDownloads
}

/// The claim packet's files for the adjuster. Their routes are the claim packet's (report, schedule,
/// evidence archive); each URL given here is shown, none is made up.
struct SharedClaimDownloads: Sendable {
    var reportPDF: String?
    var scheduleCSV: String?
    var evidenceZip: String?

    static let none = SharedClaimDownloads()

    var isEmpty: Bool { reportPDF == nil && scheduleCSV == nil && evidenceZip == nil }
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
    let screenURL: String?
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

/// `/shared/{token}`: one claim, read-only, for whoever holds the link: its facts, then each item
/// lost with its photos, documents and evidence. No account, no controls, no way elsewhere.
struct SharedClaimPage {
    let claim: SharedClaimModel
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: claim.name, context: context, pageClass: "shared-claim", bar: TopBar(title: claim.name), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("shared-claim-layout")) {
            section(.class("card shared-facts"), .aria("labelledby", "facts-title")) {
                h2(.id("facts-title")) { "The claim" }
                p(.class("muted")) { "Shared read-only by the policyholder. \(claim.validity)" }
                if !claim.facts.isEmpty {
                    dl(.class("shared-details")) {
                        for fact in claim.facts {
                            dt { fact.label }
                            dd { fact.value }
                        }
                    }
                }
            }
            section(.class("card claim-totals"), .aria("labelledby", "owed-title")) {
                h2(.id("owed-title")) { "What the insurer owes" }
                dl(.class("totals owed")) {
                    for row in claim.owed { div { dt { row.label }; dd { row.value } } }
                }
                if !claim.warnings.isEmpty {
                    ul(.class("claim-warnings")) {
                        for warning in claim.warnings { li { warning } }
                    }
                }
            }
            // The claim packet: the report, the schedule and the evidence archive, when given.
            if !claim.downloads.isEmpty {
                section(.class("card shared-downloads"), .aria("labelledby", "downloads-title")) {
                    h2(.id("downloads-title")) { "Downloads" }
                    ul(.class("shared-download-list")) {
                        if let url = claim.downloads.reportPDF { li { a(.class("button"), .href(url)) { "Report (PDF)" } } }
                        if let url = claim.downloads.scheduleCSV { li { a(.class("button"), .href(url)) { "Schedule (CSV)" } } }
                        if let url = claim.downloads.evidenceZip { li { a(.class("button"), .href(url)) { "Evidence (zip)" } } }
                    }
                }
            }
            section(.class("shared-items"), .aria("labelledby", "items-title")) {
                h2(.class("section-title"), .id("items-title")) { claim.items.isEmpty ? "Nothing lost yet" : "Lost: \(claim.countText)" }
                if claim.items.isEmpty {
                    p(.class("muted")) { "No items are in this claim yet." }
                }
                ol(.class("shared-item-list")) {
                    for item in claim.items { itemNode(item) }
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
                h4 { item.photos.count == 1 ? "Photo" : "Photos" }
                images(item.photos)
            }
            if !item.documents.isEmpty {
                h4 { "Receipts and documents" }
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
                h4 { "Photos from before the loss" }
                images(item.evidence)
            }
        }
    }

    private func images(_ images: [SharedImageModel]) -> HTMLNode {
        ul(.class("shared-photos")) {
            for image in images {
                li(.class("shared-photo")) {
                    if let thumbnail = image.thumbnailURL, let screen = image.screenURL {
                        a(.href(screen), .rel("noreferrer")) {
                            img(.src(thumbnail), .width(120), .height(120), .alt(image.alt), .loading("lazy"))
                        }
                    } else {
                        span(.class("shared-photo-missing")) { "No longer available" }
                    }
                    if !image.caption.isEmpty { span(.class("shared-photo-caption")) { image.caption } }
                }
            }
        }
    }
}
