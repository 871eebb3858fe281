import Database
import Foundation
import HTML
import HTTPServer
import Inventory
import PhotoLibrary

/// The Fix next worklist, and the readiness card the list page shows.
struct ReadinessPageHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    /// Where evidence photos are looked up: only those still in the library count.
    let library: PhotoLibrary
    let site: PageContext
    /// Items shown on the worklist at once: enough for a sitting, small enough for a phone.
    static let worklistLength = 50

    func register(in router: inout AppRouter) {
        router.get(ReadinessRoutes.fixNext) { request in try fixNext(request) }
    }

    private func fixNext(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let currency = try items.currency()
        var all = try items.all()
        _ = try library.resolveEvidence(of: &all)
        let summary = ReadinessSummary(items: all, evidence: \.claimEvidence, today: items.clock.today)
        let entries = summary.worklist.prefix(Self.worklistLength).map { entry in
            FixNextEntryModel(
                name: entry.item.shownName,
                valueAtRisk: entry.valueAtRisk,
                detailURL: ItemRoutes.item(entry.item.id) + "?from=fix",
                gaps: entry.readiness.gaps.map { gap in
                    (gap: gap, url: ReadinessRoutes.fix(ClaimGapLink(itemID: entry.item.id, anchor: Self.anchor(of: gap))))
                })
        }
        let page = FixNextPage(entries: entries, remaining: max(0, summary.worklist.count - Self.worklistLength),
                               draftCount: summary.worklist.prefix { $0.item.isDraft }.count,
                               card: Self.card(summary, currency: currency), context: request.pageContext(site))
        return .html(page.document().renderedBytes())
    }

    /// The element on the item's page that fills the gap.
    static func anchor(of gap: ClaimGap) -> String {
        switch gap.field {
        case "photos", "documents": "photo-panel"
        default: "item-\(gap.field)"
        }
    }

    static func card(_ summary: ReadinessSummary, currency: Currency) -> ReadinessCardModel {
        ReadinessCardModel(percent: summary.readyPercent, ready: summary.ready, total: summary.total, currency: currency, itemsWithGaps: summary.worklist.count)
    }
}
