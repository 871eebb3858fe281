import HTML
import Inventory
import Localization

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
    let words: Localizer
    /// Days ahead the "warranty ends soon" filter looks.
    static let warrantyDays = 30

    var node: HTMLNode {
        HTML.form(.class("search-bar"), .method("get"), .action(ItemRoutes.list.url()), .role("search"), .data("instant", "true")) {
            div(.class("search-field")) {
                label(.class("visually-hidden"), .for("search-q")) { words.text("item.search.label") }
                HTMLNode.element("input", [.type("search"), .id("search-q"), .name("q"), .value(model.text), .placeholder(words.text("item.search.placeholder")),
                                           .autocomplete("off"), .maxlength(ItemListQuery.maxTextLength)], isVoid: true)
                button(.class("button search-submit"), .type("submit")) { words.text("item.search.submit") }
            }
            HTMLNode.element("details", [.class("filters")] + (model.isFiltering ? [Attribute.open] : []), children: [
                summary { words.text(model.isFiltering ? "item.search.filters-on" : "item.search.filters") },
                div(.class("filter-grid")) {
                    let controls = FormControls(errors: nil, idPrefix: "filter")
                    controls.choice(words.text("item.search.place"), name: "location", selected: model.locationID,
                                    options: [("", words.text("item.search.anywhere"))] + model.locations.map { (String($0.id), $0.path) })
                    controls.choice(words.text("item.search.tag"), name: "tag", selected: model.tag, options: [("", words.text("item.search.any-tag"))] + model.tags.map { ($0, $0) })
                    controls.choice(words.text("item.field.condition"), name: "condition", selected: model.condition,
                                    options: [("", words.text("item.search.any-condition"))]
                                        + ItemCondition.allCases.map { ($0.rawValue, words.text("item.field.condition-name", ["condition": .text($0.rawValue)])) })
                    controls.choice(words.text("item.search.sort"), name: "sort", selected: model.sort, options: [
                        ("", words.text(model.text.isEmpty ? "item.search.my-order" : "item.search.best-match")), ("name", words.text("item.search.by-name")),
                        ("value", words.text("item.search.by-value")), ("purchaseDate", words.text("item.search.by-purchase-date")),
                        ("room", words.text("item.search.by-room")),
                    ])
                    controls.checkbox(words.text("item.search.warranty-ends", ["count": .count(Self.warrantyDays)]), name: "warrantyEndsWithin", value: String(Self.warrantyDays),
                                      isOn: model.warrantyEndingSoon)
                    controls.checkbox(words.text("item.search.no-photo"), name: "missingEvidence", value: "true", isOn: model.missingEvidence)
                    controls.checkbox(words.text("item.search.no-longer-owned"), name: "showDisposed", value: "1", isOn: model.showDisposed)
                },
                div(.class("form-actions")) {
                    a(.class("button"), .href(ItemRoutes.list.url())) { words.text("item.search.clear") }
                    button(.class("button primary"), .type("submit")) { words.text("item.search.apply") }
                },
            ])
        }
    }
}
