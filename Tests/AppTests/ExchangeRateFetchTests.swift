@testable import App
import Clocks
import Foundation
import HTTPServer
import HTTPTestClient
import Synchronization
import Testing

/// `serve --exchange-rates-url`: the ECB's real files fetched through libcurl from a real local
/// server and imported as an uploaded file is; each hostile answer (404, 500, a body past the cap
/// as it comes or said in advance, one that is no rates file, a stall, a redirect loop) leaves the
/// rates held as they were and the outcome on the rates page and in the API; and without the
/// option, nothing is asked of anyone.
@Suite struct ExchangeRateFetchTests {
    static let ecb = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/public/ecb")

    /// A web server on this machine serving the ECB's files under `/ecb/`, and hostile answers
    /// elsewhere; it remembers every path asked for.
    final class RateFileServer: Sendable {
        final class Paths: Sendable { let list = Mutex<[String]>([]) }
        let server: HTTPServer
        let paths: Paths
        /// Opens to let a stalled answer end (as the test ends).
        let release: DispatchSemaphore

        init() throws {
            var router = Router()
            let paths = Paths(), release = DispatchSemaphore(value: 0)
            (self.paths, self.release) = (paths, release)
            let history = [UInt8](try Data(contentsOf: ExchangeRateFetchTests.ecb.appendingPathComponent("eurofxref-hist.zip")))
            let daily = [UInt8](try Data(contentsOf: ExchangeRateFetchTests.ecb.appendingPathComponent("eurofxref-daily.xml")))
            router.get("/{folder}/{file}") { request in
                paths.list.withLock { $0.append(request.path) }
                switch (request.parameters["folder"] ?? "", request.parameters["file"] ?? "") {
                case ("ecb", ExchangeRateSource.historyFile): return Response(headers: ["Content-Type": "application/zip"], body: .bytes(history))
                case ("ecb", ExchangeRateSource.dailyFile): return Response(headers: ["Content-Type": "text/xml"], body: .bytes(daily))
                case ("broken", _): return .text("Internal error", status: .internalServerError)
                case ("html", _): return .html(Array("<!doctype html><title>Welcome</title><p>Our new website".utf8))
                case ("loop", _): return .redirect(to: request.path, status: HTTPStatus(code: 302, reason: "Found"))
                case ("huge", _):
                    // No length said: the whole 17 MB would come unless the reader cuts it.
                    return Response(headers: ["Content-Type": "application/zip"]) { body in
                        let block = [UInt8](repeating: 0x41, count: 1 << 20)
                        for _ in 0..<17 { try block.withUnsafeBytes { try body.write($0) } }
                    }
                case ("huge-said", _):
                    // Its length said first: refused before a byte of it is read.
                    return Response(headers: ["Content-Type": "application/zip"], body: .bytes([UInt8](repeating: 0x41, count: 17 << 20)))
                case ("stall", _):
                    return Response(headers: ["Content-Type": "text/csv"]) { body in
                        try body.write("Date,USD,")
                        _ = release.wait(timeout: .now() + 60)
                    }
                default: return .text("Not found", status: .notFound)
                }
            }
            var configuration = ServerConfiguration()
            configuration.port = 0
            configuration.accessLog = nil
            server = try HTTPServer(configuration: configuration, responder: router, policy: router)
        }

        deinit {
            release.signal()
            server.shutdown()
        }

        func url(_ path: String) -> String { "http://127.0.0.1:\(server.port)\(path)" }
        var asked: [String] { paths.list.withLock { $0 } }
    }

    /// An app fetching from `url`, its clock at `now`; short limits, so a stall ends in a second.
    static func app(fetchingFrom url: String, now: String = "2026-11-02T12:00:00Z") throws -> (TestApp, TestClock) {
        var source = try ExchangeRateSource(url: url)
        source.limits.stallTimeout = 1
        source.limits.totalTimeout = 20
        source.limits.connectTimeout = 5
        let clock = TestClock(try #require(ISO8601DateFormatter().date(from: now)))
        let app = try TestApp { configuration in
            configuration.exchangeRateSource = source
            configuration.clock = clock
        }
        return (app, clock)
    }

    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(response.json as? [String: Any], "\(response.status) \(response.text)")
    }

    /// `fetching` in `GET /api/v1/exchange-rates` once the fetch made at start has ended (it runs on
    /// the fetcher's thread as the server starts).
    private func fetchingAfterTheFirstFetch(_ app: TestApp) throws -> [String: Any] {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let fetching = try #require(try object(try app.client.get("/api/v1/exchange-rates"))["fetching"] as? [String: Any])
            if fetching["last"] is [String: Any] || ContinuousClock.now > deadline { return fetching }
            usleep(20_000)
        }
    }

    @Test func theHistoryIsFetchedAtStartThenTheDayFileAndAPurchaseConvertsAtIt() throws {
        let rates = try RateFileServer()
        let (app, clock) = try Self.app(fetchingFrom: rates.url("/ecb/"))
        let client = app.client

        // At start, with no rates held: the whole history.
        let fetching = try fetchingAfterTheFirstFetch(app)
        #expect(fetching["source"] as? String == rates.url("/ecb/"))
        let first = try #require(fetching["last"] as? [String: Any])
        #expect(first["url"] as? String == rates.url("/ecb/eurofxref-hist.zip") && first["succeeded"] as? Bool == true, "\(first)")
        #expect(first["daysInFile"] as? Int == 7126 && first["newDays"] as? Int == 7126)
        #expect(first["at"] as? String == "2026-11-02T12:00:00Z")

        // Fetch now: rates up to date (2026-10-30, three days before), so the day's file, which adds nothing.
        let again = try object(try client.json("POST", "/api/v1/exchange-rates/fetch", [:]))
        #expect(again["daysInFile"] as? Int == 1 && again["newDays"] as? Int == 0 && again["ratesAdded"] as? Int == 0 && again["daysHeld"] as? Int == 7126, "\(again)")
        #expect(rates.asked == ["/ecb/eurofxref-hist.zip", "/ecb/eurofxref-daily.xml"])

        // The rates convert a purchase: 2019-03-14, £129.99 at 1.32527 → $172.27.
        let kettle = try object(try client.json("POST", "/api/v1/items", ["name": "Kettle", "purchaseDate": "2019-03-14",
                                                                           "purchasePaid": ["amount": "129.99", "currency": "GBP"]] as [String: Any]))
        #expect(kettle["purchasePrice"] as? String == "172.27", "\(kettle)")

        // The page: where from, when, what it did, and the button.
        let page = try client.get("/settings/exchange-rates", headers: ["Accept": "text/html"]).text
        #expect(page.contains("This server fetches the ECB’s rates from <code dir=\"ltr\">\(rates.url("/ecb/"))</code> when it starts and then once a day."), "\(page)")
        #expect(page.contains("the file held 1 day of rates; none of them was new."))
        #expect(page.contains("datetime=\"2026-11-02T12:00:00Z\""))
        #expect(page.contains("action=\"/settings/exchange-rates/fetch\"") && page.contains("Fetch now"))
        // Its button fetches (the day's file again) and comes back to the page.
        let pressed = try client.pageForm("/settings/exchange-rates/fetch", [])
        #expect(pressed.status == 303 && pressed.header("Location") == "/settings/exchange-rates", "\(pressed.status) \(pressed.text)")
        #expect(rates.asked.last == "/ecb/eurofxref-daily.xml" && rates.asked.count == 3)

        // The schedule goes by the clock: not due until a day has passed; after ten days without
        // rates, the history again (a day's file would leave a gap).
        let fetcher = try #require(app.app.exchangeRateFetcher)
        #expect(fetcher.fetchIfDue() == nil)
        clock.advance(by: 10 * 86_400)
        let late = try #require(fetcher.fetchIfDue())
        #expect(late.url == rates.url("/ecb/eurofxref-hist.zip"))
        guard case .success(let imported) = late.outcome else { Issue.record("\(late)"); return }
        #expect(imported.daysInFile == 7126 && imported.newDays == 0)
        #expect(rates.asked.count == 4)
    }

    /// Each hostile answer, what the rates page then says, and the API's code.
    static let hostile: [(folder: String, says: String)] = [
        ("missing", "answered HTTP 404 instead of the file. Check the address given with --exchange-rates-url. Nothing was imported."),
        ("broken", "answered HTTP 500 instead of the file."),
        ("huge", "sent more than 16 MB, far more than the ECB’s files, so the transfer was stopped. Nothing was imported."),
        ("huge-said", "sent more than 16 MB, far more than the ECB’s files, so the transfer was stopped. Nothing was imported."),
        ("html", "What was fetched is not a file of the ECB’s rates:"),
        ("stall", "did not send the whole file in time: it stalled or was too slow. Nothing was imported."),
        ("loop", "sent the request on too many times (a redirect loop); the file was never reached."),
    ]

    @Test(arguments: hostile.indices)
    func aHostileAnswerLeavesTheRatesAsTheyWereAndSaysWhy(_ index: Int) throws {
        let (folder, says) = Self.hostile[index]
        let rates = try RateFileServer()
        defer { rates.release.signal() }
        let (app, _) = try Self.app(fetchingFrom: rates.url("/\(folder)/"))
        let client = app.client
        let daily = [UInt8](try Data(contentsOf: Self.ecb.appendingPathComponent("eurofxref-daily.xml")))
        #expect(try client.send("POST", "/api/v1/exchange-rates", headers: ["Content-Type": "application/xml"], body: daily).status == 200)
        _ = try fetchingAfterTheFirstFetch(app)

        let refused = try client.json("POST", "/api/v1/exchange-rates/fetch", [:])
        #expect(refused.status == 502 && refused.text.contains("exchange-rates-fetch-failed"), "\(refused.status) \(refused.text)")
        #expect(refused.text.contains(says), "\(refused.text)")

        let held = try object(try client.get("/api/v1/exchange-rates"))
        #expect(held["daysHeld"] as? Int == 1 && held["first"] as? String == "2026-10-30" && held["last"] as? String == "2026-10-30", "\(held)")
        let last = try #require((held["fetching"] as? [String: Any])?["last"] as? [String: Any])
        #expect(last["succeeded"] as? Bool == false && (last["problem"] as? String)?.contains(says) == true, "\(last)")
        #expect(last["url"] as? String == rates.url("/\(folder)/eurofxref-hist.zip") || last["url"] as? String == rates.url("/\(folder)/eurofxref-daily.xml"))

        let page = try client.get("/settings/exchange-rates", headers: ["Accept": "text/html"]).text
        #expect(page.contains("the rates could not be fetched.") && page.contains(says), "\(page)")
        #expect(page.contains("for 1 day, from"), "the held rates are as they were")
    }

    @Test func theProblemIsToldInTheReadersLanguage() throws {
        let rates = try RateFileServer()
        let (app, _) = try Self.app(fetchingFrom: rates.url("/missing/"))
        _ = try fetchingAfterTheFirstFetch(app)
        let page = try app.client.get("/settings/exchange-rates?lang=de", headers: ["Accept": "text/html"]).text
        #expect(page.contains("Die Kurse konnten nicht abgerufen werden."), "\(page)")
        #expect(page.contains("127.0.0.1 antwortete mit HTTP 404 statt mit der Datei.") && page.contains("Es wurde nichts importiert."))
        #expect(page.contains("Jetzt abrufen"))
        // Every other language its own words, none of the template's left.
        for language in ["fr", "es", "nl", "it", "pt-BR", "ar"] {
            let page = try app.client.get("/settings/exchange-rates?lang=\(language)", headers: ["Accept": "text/html"]).text
            #expect(!page.contains("could not be fetched") && !page.contains("instead of the file") && !page.contains("Fetch now")
                    && !page.contains("Nothing was imported") && page.contains("HTTP 404"), "\(language)")
        }
    }

    @Test func withoutTheOptionNothingIsFetched() throws {
        let rates = try RateFileServer()
        let app = try TestApp()
        let client = app.client
        #expect(app.app.exchangeRateFetcher == nil)
        let held = try object(try client.get("/api/v1/exchange-rates"))
        #expect(held["fetching"] is NSNull && held["daysHeld"] as? Int == 0, "\(held)")
        let refused = try client.json("POST", "/api/v1/exchange-rates/fetch", [:])
        #expect(refused.status == 409 && refused.text.contains("exchange-rates-fetch-off"), "\(refused.text)")
        let page = try client.get("/settings/exchange-rates", headers: ["Accept": "text/html"]).text
        #expect(!page.contains("Fetch now") && !page.contains("/settings/exchange-rates/fetch"))
        app.shutdown()
        #expect(rates.asked.isEmpty)
    }
}
