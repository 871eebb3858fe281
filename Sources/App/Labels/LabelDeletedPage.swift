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

    private var thing: String { kind == .place ? "place" : "item" }

    var heading: String { "This \(thing) was deleted" }

    func document() -> HTMLDocument {
        PageLayout(title: heading, context: context, pageClass: "error",
                   bar: TopBar(back: (label: "Items", url: SiteRoutes.home), title: "Label \(code)"), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("card narrow error-card")) {
            h2 { heading }
            if let name {
                p { "The label \(code) was printed for the \(thing) “\(name)”, which has since been deleted from Homepwner." }
            } else {
                p { "The label \(code) was printed for a \(thing) that has since been deleted from Homepwner." }
            }
            p { kind == .place ? "Peel the label off, or print a new one for the place its things are in now."
                : "Peel the label off: the item is no longer in the inventory." }
            a(.class("button primary"), .href(kind == .place ? LocationRoutes.list.url() : SiteRoutes.home)) { kind == .place ? "Places" : "Items" }
        }
    }
}
