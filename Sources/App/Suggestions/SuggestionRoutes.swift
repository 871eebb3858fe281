import Inventory

/// Every path of the suggestions feature: what was read on an item's photos and documents.
enum SuggestionRoutes {
    static let api = RoutePath("/items/{id}/suggestions", in: APIRoutes.v1)
    static let apiDismissals = RoutePath("/items/{id}/suggestions/dismissals", in: APIRoutes.v1)
    /// The item page's Use and Dismiss buttons (forms that work without scripts).
    static let use = RoutePath("/items/{id}/suggestions/use")
    static let dismiss = RoutePath("/items/{id}/suggestions/dismiss")

    static func api(_ id: Item.ID) -> String { api.url(id) }
    static func use(_ id: Item.ID) -> String { use.url(id) }
    static func dismiss(_ id: Item.ID) -> String { dismiss.url(id) }
}
