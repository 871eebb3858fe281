import HTML
import Inventory

/// What the search field and filters hold, as the page was asked for.
struct ItemSearchModel: Sendable {
    var text = ""
    var locationID = ""
    var tag = ""
    var condition = ""
    var warrantyEndingSoon = false
    var missingEvidence = false
    var showDisposed = false
    var sort = ""
    /// Choices: every location by path, every tag in use.
    var locations: [(id: Location.ID, path: String)] = []
    var tags: [String] = []

    var isFiltering: Bool {
        !locationID.isEmpty || !tag.isEmpty || !condition.isEmpty || warrantyEndingSoon || missingEvidence || showDisposed || !sort.isEmpty
    }
}

/// The list's search field, instant as you type when scripts run, and its filters folded under
/// it. A plain GET form: without scripts, Search submits it.
struct ItemSearchBar {
    let model: ItemSearchModel
    /// Days ahead the "warranty ends soon" filter looks.
    static let warrantyDays = 30

    var node: HTMLNode {
        HTML.form(.class("search-bar"), .method("get"), .action(ItemRoutes.list.url()), .role("search"), .data("instant", "true")) {
            div(.class("search-field")) {
                label(.class("visually-hidden"), .for("search-q")) { "Search items" }
                HTMLNode.element("input", [.type("search"), .id("search-q"), .name("q"), .value(model.text), .placeholder("Search name, brand, serial, room…"),
                                           .autocomplete("off"), .maxlength(ItemListQuery.maxTextLength)], isVoid: true)
                button(.class("button search-submit"), .type("submit")) { "Search" }
            }
            HTMLNode.element("details", [.class("filters")] + (model.isFiltering ? [Attribute.open] : []), children: [
                summary { model.isFiltering ? "Filters (on)" : "Filters" },
                div(.class("filter-grid")) {
                    let controls = FormControls(errors: nil, idPrefix: "filter")
                    controls.choice("Place", name: "location", selected: model.locationID,
                                    options: [("", "Anywhere")] + model.locations.map { (String($0.id), $0.path) })
                    controls.choice("Tag", name: "tag", selected: model.tag, options: [("", "Any tag")] + model.tags.map { ($0, $0) })
                    controls.choice("Condition", name: "condition", selected: model.condition,
                                    options: [("", "Any condition")] + ItemCondition.allCases.map { ($0.rawValue, $0.rawValue.capitalized) })
                    controls.choice("Sort", name: "sort", selected: model.sort, options: [
                        ("", model.text.isEmpty ? "My order" : "Best match"), ("name", "Name"), ("value", "Value, highest first"),
                        ("purchaseDate", "Purchase date, newest first"), ("room", "Room"),
                    ])
                    controls.checkbox("Warranty ends within \(Self.warrantyDays) days", name: "warrantyEndsWithin", value: String(Self.warrantyDays),
                                      isOn: model.warrantyEndingSoon)
                    controls.checkbox("No photo at all", name: "missingEvidence", value: "true", isOn: model.missingEvidence)
                    controls.checkbox("Include items no longer owned", name: "showDisposed", value: "1", isOn: model.showDisposed)
                },
                div(.class("form-actions")) {
                    a(.class("button"), .href(ItemRoutes.list.url())) { "Clear" }
                    button(.class("button primary"), .type("submit")) { "Apply" }
                },
            ])
        }
    }
}
