import Foundation
@preconcurrency import Glibc
import HTTPServer
import Inventory

/// The Export page and the files it offers, written to a temporary file in the data folder and sent
/// from it (never held in memory), with a dated file name.
struct ExportHandlers: Sendable {
    let items: ItemStore
    /// Where an export is written before it is sent: the data folder's `tmp`.
    let temporaryFolder: URL
    let site: PageContext

    func register(in router: inout AppRouter) {
        router.get(ExportRoutes.page) { request in
            let page = ExportPage(itemCount: try items.count(), context: request.pageContext(site))
            return .html(page.document().renderedBytes())
        }
        router.add(.get, ExportRoutes.api, access: .read, isSlow: true) { request in try export(request) }
    }

    private func export(_ request: Request) throws -> Response {
        let text = request.query["format"] ?? ""
        guard let format = ExportFormat(rawValue: text) else {
            throw AppError(.invalidExportFormat, message: text.isEmpty
                ? "Say which export: format=homebox-csv (a CSV Homebox imports) or format=homepwner (everything, photos and documents too, as a zip)."
                : "“\(text.prefix(40))” is not an export format. Use format=homebox-csv or format=homepwner.")
        }
        let path = temporaryFolder.appendingPathComponent("export-\(UUID().uuidString)").path
        // Unlinked once opened for sending: the file goes when the response is done, whatever happens.
        defer { unlink(path) }
        do {
            try InventoryExport.writeNewFile(path) { try InventoryExport.write(format, of: items, to: $0) }
        } catch {
            throw AppError(.exportFailed, message: "The export could not be written: \(error). Nothing was sent; try again.")
        }
        guard let file = OpenFile(path: path) else { throw AppError(.exportFailed, message: "The export could not be read back. Try again.") }
        var response = Response(status: .ok, body: .file(file))
        response.headers["Content-Type"] = format.contentType
        response.headers["Content-Disposition"] = "attachment; filename=\"\(format.fileName(on: CalendarDate(Date())))\""
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
