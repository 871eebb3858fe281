import Foundation
import HTTPServer
import Inventory
import Localization
import Messages
import PhotoLibrary

/// The Export page and the files it offers, streamed to the client as they are made (never held in
/// memory or written to a file first), with a dated file name. Library photos linked as evidence
/// are described only as far as the caller may see the library (`EvidenceSight`).
struct ExportHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    let library: PhotoLibrary
    let site: PageContext

    func register(in router: inout AppRouter) {
        router.get(ExportRoutes.page) { request in
            let items = try households.items(store, of: request)
            let page = ExportPage(itemCount: try items.count(), context: request.pageContext(site))
            return .html(page.document().renderedBytes())
        }
        router.add(.get, ExportRoutes.api, access: .read, isSlow: true) { request in try export(request) }
    }

    /// Reads the inventory here, where a failure can still be answered; the file is made while it
    /// is sent. Something that fails after that (a photo deleted meanwhile, a full disk) cuts the
    /// download, so the browser shows it failed rather than keeping a file with something missing.
    private func export(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let text = request.query["format"] ?? ""
        guard let format = ExportFormat(rawValue: text) else {
            let sent = String(text.prefix(40))
            throw AppError(.invalidExportFormat, text.isEmpty
                ? Message("error.inventory.export-format-missing",
                          "Say which export: format=homebox-csv (a CSV Homebox imports) or format=homepwner (everything, photos and documents too, as a zip).")
                : Message("error.inventory.export-format-unknown", "“\(sent)” is not an export format. Use format=homebox-csv or format=homepwner.",
                          ["value": .text(sent)]))
        }
        let snapshot: ExportSnapshot
        do {
            let sight = request.evidenceSight(of: library)
            let everything = try items.exportSnapshot()
            snapshot = sight == .everything ? everything : try everything.changingItems { _ = try library.resolveEvidence(of: &$0, describedTo: sight) }
        } catch {
            let reason = String(describing: error)
            throw AppError(.exportFailed, Message("error.server.export-failed", "The inventory could not be read for the export: \(reason). Nothing was sent; try again.",
                                                  ["reason": .text(reason)]))
        }
        let headers: HTTPHeaders = [
            "Content-Type": format.contentType,
            "Content-Disposition": "attachment; filename=\"\(format.fileName(on: items.clock.today))\"",
            "Cache-Control": "no-store",
        ]
        // The CSV's words (our columns' names, "Unsorted", yes) in the request's language; Homebox's own columns stay as Homebox names them.
        let words = HomeboxCSVWords(Localization.bundled.localizer(for: request.pageLanguage))
        return Response(headers: headers) { body in try InventoryExport.write(format, of: snapshot, words: words) { try body.write($0) } }
    }
}
