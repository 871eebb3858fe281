/// Every path of tags, spelled once.
enum TagRoutes {
    static let apiList = RoutePath("/tags", in: APIRoutes.v1)
}
