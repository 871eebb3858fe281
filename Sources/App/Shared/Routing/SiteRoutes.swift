/// Paths every page relies on: the health check, static files and the icon.
enum SiteRoutes {
    static let health = RoutePath("/healthz")
    static let staticFile = RoutePath("/static/{version}/{path...}")
    static let favicon = RoutePath("/favicon.ico")

    static func staticFile(version: String, path: String) -> String { staticFile.url(version, path) }
}

extension SiteRoutes {
    /// Where the brand, "Back to Items" and a finished sign-in lead: the item list.
    static var home: String { ItemRoutes.list.url() }
}
