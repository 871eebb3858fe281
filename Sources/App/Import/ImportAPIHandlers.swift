import HTTPServer
import Inventory
import Localization
import Messages

/// `POST /api/v1/import[?dryRun=1]`: a Homebox CSV/TSV export, a Homebox backup zip or our own
/// export, as the body or a multipart form's `file`. A dry run answers what the import would do;
/// the import itself is all or nothing.
struct ImportAPIHandlers: Sendable {
    let importer: Importer
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    func register(in router: inout AppRouter) {
        // Slow: thousands of rows are read, checked and written, photos made into renditions.
        router.post(ImportRoutes.api, maxBodySize: ImportUpload.maxRequestBytes, isSlow: true) { request in try importFile(request) }
    }

    private func importFile(_ request: Request) throws -> Response {
        let importer = importer.in(try households.household(of: request))
        let dryRun = try Self.isDryRun(request.query["dryRun"])
        let file = try ImportUpload.file(of: request).bytes
        let words = DisplayFormat(words: Localization.bundled.localizer(for: request.pageLanguage))
        return try importer.withFile(file) { path in
            if dryRun { return ImportJSON.response(try importer.plan(fileAt: path), dryRun: true, words: words) }
            do {
                return ImportJSON.response(try importer.apply(fileAt: path), dryRun: false, words: words)
            } catch let refused as ImportRefused {
                return ImportJSON.refusal(refused.plan, words: words)
            }
        }
    }

    /// `?dryRun=1` (or `true`) previews; `0`, `false` or none imports.
    private static func isDryRun(_ value: String?) throws -> Bool {
        switch value {
        case nil, "0", "false": return false
        case "1", "true": return true
        case let value?:
            throw AppError(.invalidImportOption, Message("error.import.dry-run", "dryRun is 1 (preview only) or 0 (import), not “\(value.prefix(40))”.",
                                                         ["value": .text(String(value.prefix(40)))]))
        }
    }
}
