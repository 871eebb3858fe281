import HTML
import Inventory
import Localization

/// The list page's readiness card: how much of the value would stand up in a claim.
struct ReadinessCardModel: Sendable {
    let percent: Int
    /// What is ready and what there is: by value when anything has one, else by items.
    let ready: ValueTotal
    let total: ValueTotal
    let currency: Currency
    let itemsWithGaps: Int

    /// "$2,300 of $3,775 is ready for a claim", in `words`' language.
    func text(_ words: Localizer) -> String {
        let format = DisplayFormat(words: words)
        return total.value > 0
            ? words.text("readiness.value-ready", ["ready": .text(format.money(ready.value, in: currency)), "total": .text(format.money(total.value, in: currency))])
            : words.text("readiness.items-ready", ["ready": .text(String(ready.items)), "total": .text(String(total.items))])
    }
}

struct ReadinessCard {
    let model: ReadinessCardModel
    /// False on the worklist itself.
    var linksToWorklist = true
    /// The page's language (US English unless given).
    var words = Localization.bundled.localizer(for: .template)

    var node: HTMLNode {
        section(.class("readiness-card card"), .id("readiness-card"), .aria("labelledby", "readiness-title")) {
            div(.class("readiness-head")) {
                h2(.id("readiness-title")) { words.text("readiness.title", ["percent": .integer(Int64(model.percent))]) }
                if model.itemsWithGaps > 0 && linksToWorklist {
                    a(.class("button small primary"), .href(ReadinessRoutes.fixNext.url())) { words.text("readiness.fix-next") }
                }
            }
            HTMLNode.element("progress", [.max(100), .value(String(model.percent)), .aria("labelledby", "readiness-title")], children: [])
            p(.class("readiness-text")) {
                model.text(words)
                if model.itemsWithGaps > 0 && linksToWorklist {
                    words.text("common.list-separator") + words.text("readiness.with-gaps", ["count": .count(model.itemsWithGaps)])
                }
            }
            if linksToWorklist {
                nav(.class("readiness-links"), .aria("label", words.text("readiness.insurance"))) {
                    a(.href(ClaimRoutes.coverage.url())) { words.text("readiness.check-coverage") }
                    a(.href(ClaimRoutes.list.url())) { words.text("claims.list.title") }
                }
            }
        }
    }
}

/// One item of the worklist, as plain values.
struct FixNextEntryModel: Sendable {
    let name: String
    /// What is at risk; nil for an item with no value yet.
    let valueAtRisk: Int64?
    let detailURL: String
    let gaps: [(gap: ClaimGap, url: String)]
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
        let title = context.text("readiness.fix-next")
        return PageLayout(title: title, context: context, pageClass: "fix-next",
                          bar: TopBar(back: (label: context.text("item.list.title"), url: ItemRoutes.list.url()), title: title),
                          content: content, translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("fix-layout")) {
            ReadinessCard(model: card, linksToWorklist: false, words: context.localizer).node
            if draftCount > 0 {
                p(.class("notice fix-drafts")) {
                    a(.class("drafts-link"), .href(DraftRoutes.list())) { context.text("item.list.drafts", ["count": .count(draftCount)]) }
                    context.text("readiness.drafts", ["count": .count(draftCount)])
                }
            }
            if entries.isEmpty {
                div(.class("empty-state")) {
                    h2 { context.text("readiness.nothing") }
                    p { context.text("readiness.nothing-text") }
                }
            } else {
                ol(.class("fix-list"), .aria("label", context.text("readiness.list-label"))) {
                    for entry in entries {
                        li(.class("fix-entry card")) {
                            div(.class("fix-entry-head")) {
                                a(.class("fix-entry-name"), .href(entry.detailURL)) { entry.name }
                                span(.class("fix-entry-value")) {
                                    entry.valueAtRisk.map { context.text("readiness.at-risk", ["amount": .text(context.format.money($0, in: card.currency))]) }
                                        ?? context.text("readiness.no-value")
                                }
                            }
                            ul(.class("fix-gaps")) {
                                for gap in entry.gaps {
                                    li { a(.class("fix-gap"), .href(gap.url)) { context.text("item.gap.\(gap.gap.rawValue)") } }
                                }
                            }
                        }
                    }
                }
                if remaining > 0 { p(.class("muted fix-more")) { context.text("readiness.more", ["count": .count(remaining)]) } }
            }
        }
    }
}
