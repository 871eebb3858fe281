import Foundation
import Inventory

/// One fetch of the ECB's rates: what was asked for, when, and what came of it (kept for the rates
/// page and `GET /api/v1/exchange-rates`).
struct ExchangeRateFetch: Sendable, Equatable {
    let url: String
    let at: Date
    let outcome: Result<ExchangeRateImport, ExchangeRateFetchError>

    var succeeded: Bool { if case .success = outcome { true } else { false } }
}
