import Claims
import Foundation
import HTML
import HTTPServer
import Inventory
import Localization

/// The list's Select mode: move the picked items, tag or untag them, or delete them after a
/// confirmation that names how many. Plain form posts, so it works without scripts.
struct ItemBulkHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    let claimStore: HouseholdBound<ClaimStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver
    let site: PageContext

    func register(in router: inout AppRouter) {
        router.post(ItemRoutes.bulk) { request in try apply(request) }
    }

    private func apply(_ request: Request) throws -> Response {
        let (claims, items) = try households.stores(claimStore, store, of: request)
        let (action, ids) = try ItemBulkAction.read(try request.formFields())
        switch action {
        case .move(let location):
            _ = try items.updateEach(ids: ids) { _ in ItemInput(locationID: .some(location)) }
        case .addTag(let tag):
            _ = try items.updateEach(ids: ids) { item in
                var input = ItemInput()
                input.details.tags = item.details.tags + [tag]
                return input
            }
        case .removeTag(let tag):
            _ = try items.updateEach(ids: ids) { item in
                var input = ItemInput()
                input.details.tags = item.details.tags.filter { $0.caseInsensitiveCompare(tag) != .orderedSame }
                return input
            }
        case .delete(confirmed: false):
            let names = try ids.map { try items.item(id: $0).name }
            let page = BulkDeletePage(ids: ids, names: names, context: request.pageContext(site))
            return .html(page.document().renderedBytes())
        case .printLabels:
            let names = try ids.map { try items.item(id: $0).name }
            return .html(PrintLabelsPage(ids: ids, names: names, context: request.pageContext(site)).document().renderedBytes())
        case .addToClaim(let claim):
            let added = try claims.addItems(ids, to: claim).added
            return .redirect(to: ClaimRoutes.claim(claim, added: added))
        case .delete(confirmed: true):
            _ = try ids.map { try items.item(id: $0) } // all exist, or none is deleted
            for id in ids { try items.delete(id: id) }
        }
        return .redirect(to: ItemRoutes.list.url())
    }
}

/// Asks before deleting the picked items, naming how many and which.
struct BulkDeletePage {
    let ids: [Item.ID]
    let names: [String]
    let context: PageContext
    static let namesShown = 10

    /// The picked items' names, the first `namesShown`, then how many more.
    static func list(_ names: [String], words: Localizer) -> HTMLNode {
        ul {
            for name in names.prefix(namesShown) { li { name.isEmpty ? words.text("item.bulk.unnamed") : name } }
            if names.count > namesShown { li { words.text("item.bulk.more", ["count": .count(names.count - namesShown)]) } }
        }
    }

    private func say(_ key: String) -> String { context.text("item.bulk." + key, ["count": .count(names.count)]) }

    func document() -> HTMLDocument {
        PageLayout(title: say("delete-title"), context: context, pageClass: "confirm",
                   bar: TopBar(back: (label: context.text("item.delete.back"), url: ItemRoutes.selecting()), title: say("delete-bar")),
                   content: content, translated: true).document()
    }

    private var content: HTMLNode {
        HTML.form(.class("card narrow confirm-card"), .method("post"), .action(ItemRoutes.bulk.url())) {
            CSRFField(token: context.csrfToken).node
            input(.type("hidden"), .name("action"), .value("delete"))
            input(.type("hidden"), .name("confirmed"), .value("1"))
            for id in ids { input(.type("hidden"), .name("ids"), .value(String(id))) }
            h2 { say("delete-heading") }
            Self.list(names, words: context.localizer)
            p { say("delete-message") }
            div(.class("form-actions")) {
                a(.class("button"), .href(ItemRoutes.selecting()), .autofocus) { context.text("common.cancel") }
                button(.class("button destructive"), .type("submit")) { say("delete-button") }
            }
        }
    }
}
