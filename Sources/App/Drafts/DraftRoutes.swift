import Inventory

/// Every path of drafts (photos taken while walking a room, not named yet) and of the walk itself, spelled once.
enum DraftRoutes {
    // Pages (forms that work without scripts)
    /// The drafts of the whole home, or of one place with `?location=`.
    static let list = RoutePath("/drafts")
    static let name = RoutePath("/drafts/{id}/name")
    static let merge = RoutePath("/drafts/{id}/merge")
    static let discard = RoutePath("/drafts/{id}/discard")
    /// Walk This Room: the camera in the page, each photo a draft in that place.
    static let walk = RoutePath("/locations/{id}/walk")
    /// Which place to walk (from the item list).
    static let walkChoice = RoutePath("/walk")

    // JSON API
    static let apiDrafts = RoutePath("/locations/{id}/drafts", in: APIRoutes.v1)
    static let apiMerge = RoutePath("/items/{id}/merge", in: APIRoutes.v1)

    /// The drafts of place `locationID` (and the places inside it), or of the whole home; `focus` is the draft whose name field has the focus
    /// (no `#fragment`: a page opened at one does not autofocus, per HTML's autofocus rules).
    static func list(in locationID: Location.ID? = nil, focus: Item.ID? = nil) -> String {
        var parameters: [String] = []
        if let locationID { parameters.append("location=\(locationID)") }
        if let focus { parameters.append("focus=\(focus)") }
        return list.url() + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }
    static func name(_ id: Item.ID) -> String { name.url(id) }
    static func merge(_ id: Item.ID) -> String { merge.url(id) }
    static func discard(_ id: Item.ID) -> String { discard.url(id) }
    static func walk(_ locationID: Location.ID) -> String { walk.url(locationID) }
    static func apiDrafts(_ locationID: Location.ID) -> String { apiDrafts.url(locationID) }
    static func apiMerge(_ id: Item.ID) -> String { apiMerge.url(id) }
}
