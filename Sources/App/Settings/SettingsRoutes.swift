/// Every path of the inventory's settings, spelled once.
enum SettingsRoutes {
    static let api = RoutePath("/settings", in: APIRoutes.v1)
    /// The owner's switch of the offline copy, on the Accounts page.
    static let offlineCopy = RoutePath("/settings/offline-copy")
}
