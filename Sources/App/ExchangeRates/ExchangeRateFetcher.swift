import Clocks
import Foundation
import Home
import Inventory
import Synchronization

/// `serve --exchange-rates-url`: fetches the ECB's rates on a thread of its own and imports them as
/// an uploaded file is (`ECBRates(reading:)`, `importRates`: whole or nothing, days held kept). A
/// fetch is due at start, a day after one that brought the rates in, and an hour after one that
/// failed, as the injected clock tells (a test moves it, and calls `fetchIfDue()` or `fetchNow()`
/// instead of waiting). The thread looks every `checkEvery`; "Fetch now" fetches at once.
final class ExchangeRateFetcher: BackgroundService, Sendable {
    let source: ExchangeRateSource
    private let items: ItemStore
    private let clock: any TimeSource
    private let log: @Sendable (String) -> Void
    private let thread: PeriodicThread
    /// One fetch at a time: the schedule's and a person's wait for each other.
    private let fetching = Mutex(())
    private let latest = Mutex<ExchangeRateFetch?>(nil)
    private let stopping = Atomic<Bool>(false)

    init(source: ExchangeRateSource, items: ItemStore, clock: any TimeSource, checkEvery: TimeInterval = 60, log: @escaping @Sendable (String) -> Void) {
        self.source = source
        self.items = items
        self.clock = clock
        self.log = log
        thread = PeriodicThread(name: "exchange-rates", interval: checkEvery)
    }

    /// The last fetch since the server started, nil before the first has ended.
    var last: ExchangeRateFetch? { latest.withLock { $0 } }

    /// Whether a fetch is due now: none yet, or the interval (or the retry's wait) has passed.
    var isDue: Bool {
        guard let last else { return true }
        return clock.now >= last.at.addingTimeInterval(last.succeeded ? source.interval : source.retryAfterFailure)
    }

    /// Fetches when due; the fetch made, or nil.
    @discardableResult
    func fetchIfDue() -> ExchangeRateFetch? {
        fetching.withLock { _ in isDue ? fetchHoldingTheLock() : nil }
    }

    /// Fetches now (after a fetch under way) and imports what came.
    @discardableResult
    func fetchNow() -> ExchangeRateFetch {
        fetching.withLock { _ in fetchHoldingTheLock() }
    }

    private func fetchHoldingTheLock() -> ExchangeRateFetch {
        let now = clock.now
        let url: String
        let today = CalendarDate(now)
        do {
            url = source.fileURL(newest: try items.exchangeRateSummary().last, today: today)
        } catch {
            url = source.fileURL(newest: nil, today: today)
        }
        let outcome: Result<ExchangeRateImport, ExchangeRateFetchError>
        do {
            outcome = .success(try download(url))
        } catch let error as ExchangeRateFetchError {
            outcome = .failure(error)
        } catch {
            outcome = .failure(.failed(host: URLComponents(string: url)?.host ?? url, detail: "\(error)"))
        }
        let fetch = ExchangeRateFetch(url: url, at: now, outcome: outcome)
        latest.withLock { $0 = fetch }
        switch outcome {
        case .success(let imported): log("Exchange rates fetched from \(url): \(imported.daysInFile) days, \(imported.newDays) new.")
        case .failure(let error): log("Exchange rates could not be fetched from \(url): \(error.wording.english)")
        }
        return fetch
    }

    private func download(_ url: String) throws -> ExchangeRateImport {
        guard let download = ExchangeRateDownload(shouldStop: { [self] in stopping.load(ordering: .acquiring) }) else {
            throw ExchangeRateFetchError.failed(host: URLComponents(string: url)?.host ?? url, detail: "libcurl could not make a handle")
        }
        let bytes = try download.fetch(url, limits: source.limits)
        let rates: ECBRates
        do {
            rates = try ECBRates(reading: bytes)
        } catch {
            throw ExchangeRateFetchError.notRates(error.wording)
        }
        return try items.importRates(rates)
    }

    func start() { thread.start { [self] in fetchIfDue() } }

    /// Ends a transfer under way (within a second), then the thread.
    func stop() {
        stopping.store(true, ordering: .releasing)
        thread.stop()
    }
}
