import Claims
import HTML
import Inventory

/// The Select mode's form: what to do with the ticked rows. The rows' boxes join it through their
/// `form` attribute, so the list stays a list.
struct ItemBulkBar {
    struct Model: Sendable {
        let locations: [(id: Location.ID, path: String)]
        let tags: [String]
        /// Open claims, newest first: picked items can be added to one.
        var claims: [(id: Claim.ID, name: String)] = []
    }

    let model: Model
    let csrfToken: String?

    var node: HTMLNode {
        HTML.form(.id("bulk-form"), .class("bulk-bar card"), .method("post"), .action(ItemRoutes.bulk.url()), .aria("label", "Change the selected items")) {
            CSRFField(token: csrfToken).node
            p(.class("bulk-hint")) { "Tick items, then choose what to do with them." }
            let controls = FormControls(errors: nil, idPrefix: "bulk")
            div(.class("filter-grid")) {
                controls.choice("Do", name: "action", selected: "move", options: [
                    ("move", "Move to a place"), ("addTag", "Add a tag"), ("removeTag", "Remove a tag"),
                ] + (model.claims.isEmpty ? [] : [("addToClaim", "Add to a claim")]) + [("printLabels", "Print labels"), ("delete", "Delete")])
                controls.choice("Place", name: "location", selected: "", options: [("", "Nowhere in particular")] + model.locations.map { (String($0.id), $0.path) })
                controls.text("Tag", name: "tag", value: "", extra: [.list("bulk-tags"), .autocomplete("off")])
                datalist(.id("bulk-tags")) { for tag in model.tags { HTMLNode.element("option", [.value(tag)], children: []) } }
                if !model.claims.isEmpty {
                    controls.choice("Claim", name: "claim", selected: "", options: model.claims.map { (String($0.id), $0.name) })
                }
            }
            div(.class("form-actions")) {
                a(.class("button"), .href(ItemRoutes.list.url())) { "Done" }
                button(.class("button primary"), .type("submit")) { "Apply to Selected" }
            }
        }
    }
}
