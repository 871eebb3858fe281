import Inventory
import Messages

/// Why a fetch of the ECB's rates brought nothing in, in words the rates page and the API give.
enum ExchangeRateFetchError: Error, Equatable {
    case unreachable(host: String)
    case timedOut(host: String)
    case status(host: String, code: Int)
    case tooLarge(host: String)
    case redirects(host: String)
    /// What came is not a file of rates (the reader's reason).
    case notRates(Message)
    /// The server stopped during the transfer.
    case stopped
    /// Anything else libcurl met (its own words, in English).
    case failed(host: String, detail: String)

    var wording: Message {
        let nothing = Message("error.rates.nothing-imported", "Nothing was imported.")
        switch self {
        case .unreachable(let host):
            return .sentences([Message("error.rates.fetch.unreachable", "The server could not connect to \(host). Check that it may reach the Internet.", ["host": .text(host)]), nothing])
        case .timedOut(let host):
            return .sentences([Message("error.rates.fetch.timed-out", "\(host) did not send the whole file in time: it stalled or was too slow.", ["host": .text(host)]), nothing])
        case .status(let host, let code):
            return .sentences([Message("error.rates.fetch.status", "\(host) answered HTTP \(code) instead of the file. Check the address given with --exchange-rates-url.",
                                       ["host": .text(host), "status": .text(String(code))]), nothing])
        case .tooLarge(let host):
            return .sentences([Message("error.rates.fetch.too-large", "\(host) sent more than \(ECBRates.maxFileBytes >> 20) MB, far more than the ECB’s files, so the transfer was stopped.",
                                       ["host": .text(host), "megabytes": .text(String(ECBRates.maxFileBytes >> 20))]), nothing])
        case .redirects(let host):
            return .sentences([Message("error.rates.fetch.redirects", "\(host) sent the request on too many times (a redirect loop); the file was never reached.", ["host": .text(host)]), nothing])
        case .notRates(let reason):
            return .sentences([Message("error.rates.fetch.not-rates", "What was fetched is not a file of the ECB’s rates:"), reason, nothing])
        case .stopped:
            return .sentences([Message("error.rates.fetch.stopped", "The fetch was stopped as the server stopped."), nothing])
        case .failed(let host, let detail):
            return .sentences([Message("error.rates.fetch.failed", "The transfer from \(host) failed (\(detail)).", ["host": .text(host), "detail": .text(detail)]), nothing])
        }
    }
}
