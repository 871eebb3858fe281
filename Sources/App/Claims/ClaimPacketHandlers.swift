import Claims
import ClaimReport
import Foundation
import HTTPServer
import Inventory
import PhotoLibrary

/// The claim packet: the schedule as CSV, the PDF report (made on the server, opened in the
/// browser's viewer), and the evidence archive streamed as it is made.
struct ClaimPacketHandlers: Sendable {
    let claims: ClaimStore
    let items: ItemStore
    let library: PhotoLibrary
    let temporaryFolder: URL

    func register(in router: inout AppRouter) {
        router.get(ClaimRoutes.apiSchedule) { request in
            let sheet = try sheet(request)
            var response = Response(body: .bytes(Array(ClaimScheduleCSV.make(sheet.schedule, currency: sheet.currency).utf8)))
            response.headers["Content-Type"] = "text/csv; charset=utf-8"
            response.headers["Content-Disposition"] = "attachment; filename=\"\(sheet.fileStem)-schedule.csv\""
            return response
        }
        router.add(.get, ClaimRoutes.apiReport, access: .read, isSlow: true) { request in
            let paper = try Self.paper(request)
            let sheet = try sheet(request)
            let files = try ClaimFiles(sheet: sheet, items: items, library: library, access: try? request.visibleLibraryRoots(of: library))
            let document = ClaimReportDocument(sheet: sheet, files: files, madeOn: CalendarDate(Date()))
            let target = temporaryFolder.appendingPathComponent("report-\(UUID().uuidString).pdf")
            do {
                try ClaimReportRenderer.render(document, paper: paper, to: target)
            } catch {
                throw AppError(.reportFailed, message: "The report could not be made: \(error). Nothing was sent; try again.")
            }
            return try Self.sendOnce(target, headers: [
                "Content-Type": "application/pdf",
                // Inline: the browser's PDF viewer opens it; the name is kept if it is saved.
                "Content-Disposition": "inline; filename=\"\(sheet.fileStem)-report-\(paper.rawValue).pdf\"",
            ])
        }
        router.get(ClaimRoutes.apiEvidence) { request in
            let sheet = try sheet(request)
            let files = try ClaimFiles(sheet: sheet, items: items, library: library, access: try? request.visibleLibraryRoots(of: library))
            let archive = EvidenceArchive(sheet: sheet, files: files, madeAt: Date(), maxPixels: items.images.maxPixels)
            let headers: HTTPHeaders = ["Content-Type": "application/zip",
                                        "Content-Disposition": "attachment; filename=\"\(sheet.fileStem)-evidence.zip\""]
            return Response(headers: headers) { body in try archive.write { try body.write($0) } }
        }
    }

    private func sheet(_ request: Request) throws -> ClaimSheet {
        try ClaimSheet(claim: try claims.claim(id: try request.claimID()), items: items, claims: claims)
    }

    static func paper(_ request: Request) throws -> ReportPaper {
        let text = request.query["paper"] ?? "a4"
        guard let paper = ReportPaper(rawValue: text.lowercased()) else {
            var error = AppError(.invalidReportPaper, message: "paper must be a4 or letter, not “\(text.prefix(20))”.")
            error.fieldMessages = [(field: "paper", message: error.message)]
            throw error
        }
        return paper
    }

    /// Streams the file at `url`, which is gone from the folder before the first byte is sent.
    static func sendOnce(_ url: URL, headers: HTTPHeaders) throws -> Response {
        let handle = try FileHandle(forReadingFrom: url)
        try? FileManager.default.removeItem(at: url)
        return Response(headers: headers) { body in
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 256 * 1024), !chunk.isEmpty {
                try chunk.withUnsafeBytes { try body.write($0) }
            }
        }
    }
}
