import HTML
import Inventory

/// The list page's readiness card: how much of the value would stand up in a claim.
struct ReadinessCardModel: Sendable {
    let percent: Int
    /// "$2,300 of $3,775 is claim-ready".
    let text: String
    let itemsWithGaps: Int
}

struct ReadinessCard {
    let model: ReadinessCardModel
    /// False on the worklist itself.
    var linksToWorklist = true

    var node: HTMLNode {
        section(.class("readiness-card card"), .id("readiness-card"), .aria("labelledby", "readiness-title")) {
            div(.class("readiness-head")) {
                h2(.id("readiness-title")) { "Claim-ready: \(model.percent)%" }
                if model.itemsWithGaps > 0 && linksToWorklist {
                    a(.class("button small primary"), .href(ReadinessRoutes.fixNext.url())) { "Fix next" }
                }
            }
            HTMLNode.element("progress", [.max(100), .value(String(model.percent)), .aria("labelledby", "readiness-title")], children: [])
            p(.class("readiness-text")) {
                model.text
                if model.itemsWithGaps > 0 && linksToWorklist { " · \(model.itemsWithGaps == 1 ? "1 item has" : "\(model.itemsWithGaps.grouped) items have") gaps" }
            }
            if linksToWorklist {
                nav(.class("readiness-links"), .aria("label", "Insurance")) {
                    a(.href(ClaimRoutes.coverage.url())) { "Check coverage" }
                    a(.href(ClaimRoutes.list.url())) { "Claims" }
                }
            }
        }
    }
}

/// One item of the worklist, as plain values.
struct FixNextEntryModel: Sendable {
    let name: String
    let valueText: String
    let detailURL: String
    let gaps: [(advice: String, url: String)]
}

/// `/fix`: what an adjuster would miss, most value at risk first; comfortable on a phone (each
/// gap a large link to the field that fills it; Back on the item returns here).
struct FixNextPage {
    let entries: [FixNextEntryModel]
    let remaining: Int
    /// Drafts still to name (first in the list): one page names them all.
    var draftCount = 0
    let card: ReadinessCardModel
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: "Fix next", context: context, pageClass: "fix-next",
                   bar: TopBar(back: (label: "Items", url: ItemRoutes.list.url()), title: "Fix next"), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("fix-layout")) {
            ReadinessCard(model: card, linksToWorklist: false).node
            if draftCount > 0 {
                p(.class("notice fix-drafts")) {
                    a(.class("drafts-link"), .href(DraftRoutes.list())) { "Drafts (\(draftCount.grouped))" }
                    draftCount == 1 ? ": name the photo from walking a room in one go." : ": name the photos from walking rooms in one go."
                }
            }
            if entries.isEmpty {
                div(.class("empty-state")) {
                    h2 { "Nothing to fix" }
                    p { "Every item you own has what an adjuster asks for. Keep replacement costs fresh: they age after two years." }
                }
            } else {
                ol(.class("fix-list"), .aria("label", "Items to fix, most value at risk first")) {
                    for entry in entries {
                        li(.class("fix-entry card")) {
                            div(.class("fix-entry-head")) {
                                a(.class("fix-entry-name"), .href(entry.detailURL)) { entry.name }
                                span(.class("fix-entry-value")) { entry.valueText }
                            }
                            ul(.class("fix-gaps")) {
                                for gap in entry.gaps {
                                    li { a(.class("fix-gap"), .href(gap.url)) { gap.advice } }
                                }
                            }
                        }
                    }
                }
                if remaining > 0 { p(.class("muted fix-more")) { "And \(remaining.grouped) more after these." } }
            }
        }
    }
}
