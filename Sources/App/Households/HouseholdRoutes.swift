import Database

/// Every path of households, spelled once.
enum HouseholdRoutes {
    static let apiList = RoutePath("/households", in: APIRoutes.v1)
    static let apiHousehold = RoutePath("/households/{id}", in: APIRoutes.v1)
    static let apiMembers = RoutePath("/households/{id}/members", in: APIRoutes.v1)

    static func apiHousehold(_ id: HouseholdID) -> String { apiHousehold.url(id) }
    static func apiMembers(_ id: HouseholdID) -> String { apiMembers.url(id) }
}
