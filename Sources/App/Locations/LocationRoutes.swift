import Inventory

/// Every path of locations (home → floor → room → box), spelled once.
enum LocationRoutes {
    // Pages
    static let list = RoutePath("/locations")
    static let location = RoutePath("/locations/{id}")
    static let delete = RoutePath("/locations/{id}/delete")
    static let move = RoutePath("/locations/{id}/move")

    // JSON API
    static let apiList = RoutePath("/locations", in: APIRoutes.v1)
    static let apiLocation = RoutePath("/locations/{id}", in: APIRoutes.v1)

    static func location(_ id: Location.ID) -> String { location.url(id) }
    static func delete(_ id: Location.ID) -> String { delete.url(id) }
    static func move(_ id: Location.ID) -> String { move.url(id) }
    static func apiLocation(_ id: Location.ID) -> String { apiLocation.url(id) }
}
