import Claims
import HTML
import Inventory
import Localization

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
    let words: Localizer

    private func say(_ key: String) -> String { words.text("item.bulk." + key) }

    var node: HTMLNode {
        HTML.form(.id("bulk-form"), .class("bulk-bar card"), .method("post"), .action(ItemRoutes.bulk.url()), .aria("label", say("label"))) {
            CSRFField(token: csrfToken).node
            p(.class("bulk-hint")) { say("hint") }
            let controls = FormControls(errors: nil, idPrefix: "bulk")
            div(.class("filter-grid")) {
                controls.choice(say("do"), name: "action", selected: "move", options: [
                    ("move", say("move")), ("addTag", say("add-tag")), ("removeTag", say("remove-tag")),
                ] + (model.claims.isEmpty ? [] : [("addToClaim", say("add-to-claim"))]) + [("printLabels", say("print-labels")), ("delete", words.text("common.delete"))])
                controls.choice(say("place"), name: "location", selected: "", options: [("", words.text("item.field.nowhere"))] + model.locations.map { (String($0.id), $0.path) })
                controls.text(say("tag"), name: "tag", value: "", extra: [.list("bulk-tags"), .autocomplete("off")])
                datalist(.id("bulk-tags")) { for tag in model.tags { HTMLNode.element("option", [.value(tag)], children: []) } }
                if !model.claims.isEmpty {
                    controls.choice(say("claim"), name: "claim", selected: "", options: model.claims.map { (String($0.id), $0.name) })
                }
            }
            div(.class("form-actions")) {
                a(.class("button"), .href(ItemRoutes.list.url())) { words.text("common.done") }
                button(.class("button primary"), .type("submit")) { say("apply") }
            }
        }
    }
}
