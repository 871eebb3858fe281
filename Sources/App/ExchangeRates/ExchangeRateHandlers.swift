import HTML
import HTTPServer
import Inventory
import Messages

/// Importing the ECB's euro reference rates (`eurofxref-hist.zip`, `eurofxref.csv`,
/// `eurofxref-daily.xml`): a page with a plain form (works without scripts) and the JSON API. The
/// file is read whole and refused whole; a day already held is left as it is.
struct ExchangeRateHandlers: Sendable {
    let items: ItemStore
    let site: PageContext

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
            let imported = try importFile(request)
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
        let document = ExchangeRatePage(held: try items.exchangeRateSummary(), imported: imported, error: error, context: request.pageContext(site)).document()
        return .html(document.renderedBytes(), status: status)
    }
}
