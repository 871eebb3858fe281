import Inventory

/// Every path of the ECB's exchange rates, spelled once.
enum ExchangeRateRoutes {
    /// What the inventory holds, and a file to import (GET); the import (POST, a form's `file`).
    static let page = RoutePath("/settings/exchange-rates")
    /// An ECB file as the body or a multipart form's `file` (POST).
    static let api = RoutePath("/exchange-rates", in: APIRoutes.v1)

    /// The page telling what the last import did.
    static func done(_ imported: ExchangeRateImport) -> String {
        page.url() + "?days=\(imported.daysInFile)&new=\(imported.newDays)"
    }
}
