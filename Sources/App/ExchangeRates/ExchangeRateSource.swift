import Foundation
import Inventory

/// `serve --exchange-rates-url URL`: where the server fetches the ECB's euro reference rates, once
/// a day (never without the option: a household server may have no Internet, and calls out only
/// when told to).
///
/// A URL ending in `/` is a folder holding the ECB's two files, as
/// https://www.ecb.europa.eu/stats/eurofxref/ does: the history (`eurofxref-hist.zip`, 640 KB, every
/// working day since 1999) is fetched while the inventory has no rates or its newest is older than a
/// rate may be (`ItemStore.maxRateAgeInDays`: the server was off, or the last fetches failed), since
/// only it fills the gap; after that the day's file (`eurofxref-daily.xml`, 1.5 KB), which is all a
/// daily fetch needs. Any other URL names the one file fetched each time.
public struct ExchangeRateSource: Sendable {
    public static let ecb = "https://www.ecb.europa.eu/stats/eurofxref/"
    public static let historyFile = "eurofxref-hist.zip"
    public static let dailyFile = "eurofxref-daily.xml"

    /// How long a fetch may take, and how far it may be sent on.
    public struct Limits: Sendable {
        public var connectTimeout: TimeInterval = 20
        public var totalTimeout: TimeInterval = 180
        /// Given up on after this long with (almost) nothing coming.
        public var stallTimeout: TimeInterval = 30
        public var maxRedirects = 5
        public init() {}
    }

    public let url: String
    public var limits = Limits()
    /// How long after a fetch that brought the rates in the next is made.
    public var interval: TimeInterval = 86_400
    /// How long after a failed fetch it is tried again.
    public var retryAfterFailure: TimeInterval = 3_600

    /// Refuses anything but an http(s) address with a host (no user or password in it, which a
    /// page would show).
    public init(url: String) throws(ExchangeRateSourceError) {
        guard let parts = URLComponents(string: url), ["http", "https"].contains(parts.scheme?.lowercased() ?? ""),
              parts.host?.isEmpty == false, parts.user == nil, parts.password == nil, parts.fragment == nil else {
            throw ExchangeRateSourceError(text: url)
        }
        self.url = url
    }

    /// The address to fetch when the inventory's newest rates are of `newest` (nil: none) and it is `today`.
    func fileURL(newest: CalendarDate?, today: CalendarDate) -> String {
        guard url.hasSuffix("/") else { return url }
        let upToDate = newest.map { today.dayNumber - $0.dayNumber <= ItemStore.maxRateAgeInDays } ?? false
        return url + (upToDate ? Self.dailyFile : Self.historyFile)
    }
}

/// `--exchange-rates-url` was given something other than a web address.
public struct ExchangeRateSourceError: Error, CustomStringConvertible {
    let text: String
    public var description: String {
        "--exchange-rates-url must be an http or https address without a password, such as \(ExchangeRateSource.ecb) (the ECB’s, a folder holding \(ExchangeRateSource.historyFile) and \(ExchangeRateSource.dailyFile)) or the address of one of those files, not “\(text.prefix(80))”."
    }
}
