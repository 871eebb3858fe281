/// Every path of the inventory's settings, spelled once.
enum SettingsRoutes {
    static let api = RoutePath("/settings", in: APIRoutes.v1)
}
