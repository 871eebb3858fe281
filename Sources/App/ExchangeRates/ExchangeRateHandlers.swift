import HTML
import HTTPServer
import Inventory
import Messages

/// Importing the ECB's euro reference rates (`eurofxref-hist.zip`, `eurofxref.csv`,
/// `eurofxref-daily.xml`): a page with a plain form (works without scripts) and the JSON API. The
/// file is read whole and refused whole; a day already held is left as it is. With
/// `serve --exchange-rates-url`, the rates fetched too: the last fetch, and a fetch now.
struct ExchangeRateHandlers: Sendable {
    let items: ItemStore
    let site: PageContext
    /// Nil when the server does not fetch rates.
    var fetcher: ExchangeRateFetcher? = nil

    /// The whole history is a 640 KB zip; room for it with a multipart form around it.
    static let maxRequestBytes = ECBRates.maxFileBytes + 64 * 1024

    func register(in router: inout AppRouter) {
        router.get(ExchangeRateRoutes.page, access: .read) { request in
            try page(request, imported: ExchangeRatePage.Outcome(query: request.query), error: nil)
        }
        router.post(ExchangeRateRoutes.page, maxBodySize: Self.maxRequestBytes, isSlow: true) { request in
            do {
                return .redirect(to: ExchangeRateRoutes.done(try importFile(request)))
            } catch let error as AppError where error.errorCode == .invalidExchangeRates || error.errorCode == .emptyBody || error.errorCode == .invalidMultipart {
                return try page(request, imported: nil, error: error.wording, status: error.status)
            }
        }
        router.post(ExchangeRateRoutes.api, maxBodySize: Self.maxRequestBytes, isSlow: true) { request in
            try importAnswer(try importFile(request))
        }
        router.get(ExchangeRateRoutes.api, access: .read) { request in
            let held = try items.exchangeRateSummary()
            let context = request.pageContext(site)
            var json = JSONWriter(capacity: 512)
            json.object { json in
                json.key("daysHeld"); json.value(held.days)
                json.key("first"); if let first = held.first { json.value(first.iso) } else { json.null() }
                json.key("last"); if let last = held.last { json.value(last.iso) } else { json.null() }
                json.key("fetching")
                if let fetcher {
                    ExchangeRateFetchJSON(source: fetcher.source.url, last: fetcher.last, words: context.text).write(into: &json)
                } else {
                    json.null()
                }
            }
            return .json(json)
        }
        router.post(ExchangeRateRoutes.fetch, isSlow: true) { _ in
            _ = try fetchNow()
            return .redirect(to: ExchangeRateRoutes.page.url())
        }
        router.post(ExchangeRateRoutes.fetchAPI, isSlow: true) { _ in
            let fetch = try fetchNow()
            switch fetch.outcome {
            case .success(let imported): return try importAnswer(imported)
            case .failure(let error): throw AppError(.exchangeRatesFetchFailed, error.wording)
            }
        }
    }

    /// Fetches the rates at once; refused when the server was not told where from.
    private func fetchNow() throws -> ExchangeRateFetch {
        guard let fetcher else {
            throw AppError(.exchangeRatesFetchOff, Message("error.rates.fetch.off", "This server does not fetch exchange rates: it was started without --exchange-rates-url. Import a file of the ECB’s rates instead."))
        }
        return fetcher.fetchNow()
    }

    /// What an import (of a file sent or fetched) did, and the days now held.
    private func importAnswer(_ imported: ExchangeRateImport) throws -> Response {
        let held = try items.exchangeRateSummary()
        var json = JSONWriter(capacity: 256)
        json.object { json in
            json.key("daysInFile"); json.value(imported.daysInFile)
            json.key("newDays"); json.value(imported.newDays)
            json.key("ratesAdded"); json.value(imported.ratesAdded)
            json.key("first"); json.value(imported.first.iso)
            json.key("last"); json.value(imported.last.iso)
            json.key("daysHeld"); json.value(held.days)
        }
        return .json(json)
    }

    private func importFile(_ request: Request) throws -> ExchangeRateImport {
        let bytes = try Self.file(of: request)
        do {
            return try items.importRates(try ECBRates(reading: bytes))
        } catch let error as ExchangeRateFileError {
            throw AppError(.invalidExchangeRates, .sentences([error.wording, Message("error.rates.nothing-imported", "Nothing was imported.")]))
        }
    }

    /// The body, or a multipart form's `file`.
    private static func file(of request: Request) throws -> [UInt8] {
        var bytes = request.body
        if request.contentType == "multipart/form-data" {
            guard let form = MultipartForm(body: request.body, contentType: request.headers["Content-Type"] ?? "") else {
                throw AppError(.invalidMultipart, Message("error.rates.form-damaged", "The upload form is damaged or not a file upload. Choose the ECB’s eurofxref-hist.zip, eurofxref.csv or eurofxref-daily.xml again and send the form."))
            }
            bytes = form.part(named: "file")?.body ?? []
        }
        guard !bytes.isEmpty else { throw AppError(.emptyBody, Message("error.rates.no-file", "No file was sent. Choose the ECB’s eurofxref-hist.zip, eurofxref.csv or eurofxref-daily.xml, then import it.")) }
        return bytes
    }

    private func page(_ request: Request, imported: ExchangeRatePage.Outcome?, error: Message?, status: HTTPStatus = .ok) throws -> Response {
        let fetching = fetcher.map { ExchangeRatePage.Fetching(source: $0.source.url, last: $0.last) }
        let document = ExchangeRatePage(held: try items.exchangeRateSummary(), imported: imported, error: error, fetching: fetching,
                                        context: request.pageContext(site)).document()
        return .html(document.renderedBytes(), status: status)
    }
}
