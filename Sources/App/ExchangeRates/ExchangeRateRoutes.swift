import Inventory

/// Every path of the ECB's exchange rates, spelled once.
enum ExchangeRateRoutes {
    /// What the inventory holds, and a file to import (GET); the import (POST, a form's `file`).
    static let page = RoutePath("/settings/exchange-rates")
    /// Fetch the rates now (POST, when the server fetches them: `serve --exchange-rates-url`).
    static let fetch = RoutePath("/settings/exchange-rates/fetch")
    /// The rates held and the last fetch (GET); an ECB file as the body or a multipart form's `file` (POST).
    static let api = RoutePath("/exchange-rates", in: APIRoutes.v1)
    /// Fetch the rates now (POST), answered as an import is.
    static let fetchAPI = RoutePath("/exchange-rates/fetch", in: APIRoutes.v1)

    /// The page telling what the last import did.
    static func done(_ imported: ExchangeRateImport) -> String {
        page.url() + "?days=\(imported.daysInFile)&new=\(imported.newDays)"
    }
}
