/// Every path of locations (home → floor → room → box), spelled once.
enum LocationRoutes {
    static let apiList = RoutePath("/locations", in: APIRoutes.v1)
    static let apiLocation = RoutePath("/locations/{id}", in: APIRoutes.v1)

    static func apiLocation(_ id: Int64) -> String { apiLocation.url(id) }
}
