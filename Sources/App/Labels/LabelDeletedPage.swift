import HTML
import Inventory

/// What a scanned label says once its place or item is gone: that it was deleted, and what it was
/// called, rather than a bare "not found".
struct LabelDeletedPage {
    let code: String
    let kind: LabelCode.Kind
    /// What it was called when deleted; nil when it was deleted before Homepwner kept the name.
    let name: String?
    let context: PageContext

    private var isPlace: Bool { kind == .place }

    var heading: String { context.text(isPlace ? "label.deleted.place-title" : "label.deleted.item-title") }

    func document() -> HTMLDocument {
        PageLayout(title: heading, context: context, pageClass: "error",
                   bar: TopBar(back: (label: context.text("item.list.title"), url: SiteRoutes.home), title: context.text("label.deleted.bar", ["code": .text(code)])),
                   content: content, translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("card narrow error-card")) {
            h2 { heading }
            if let name {
                p { context.text(isPlace ? "label.deleted.place-named" : "label.deleted.item-named", ["code": .text(code), "name": .text(name)]) }
            } else {
                p { context.text(isPlace ? "label.deleted.place-unnamed" : "label.deleted.item-unnamed", ["code": .text(code)]) }
            }
            p { context.text(isPlace ? "label.deleted.place-advice" : "label.deleted.item-advice") }
            a(.class("button primary"), .href(isPlace ? LocationRoutes.list.url() : SiteRoutes.home)) {
                context.text(isPlace ? "item.list.places" : "item.list.title")
            }
        }
    }
}
