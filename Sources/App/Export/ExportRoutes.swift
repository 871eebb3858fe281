/// Every path of export, spelled once.
enum ExportRoutes {
    /// The page offering each export.
    static let page = RoutePath("/export")
    /// The file itself: `?format=homebox-csv` or `?format=homepwner`.
    static let api = RoutePath("/export", in: APIRoutes.v1)

    static func download(_ format: ExportFormat) -> String { api.url() + "?format=" + format.rawValue }
}
