import Archive
import Claims
import ClaimReport
import Foundation
import HTTPServer
import Inventory
import PhotoLibrary

/// The claim packet: the schedule as CSV (in a carrier's layout when asked) and XLSX, the PDF report, the sworn proof of loss and the police list (made on the server, opened in the
/// browser's viewer), and the evidence archive streamed as it is made. Each reads the whole claim
/// on a worker, within its reader's share (`ClaimReadLimit`); a download holds its place until it
/// is sent. The owner's work in the request's household; a link's in the link's own.
struct ClaimPacketHandlers: Sendable {
    let claims: HouseholdBound<ClaimStore>
    let items: HouseholdBound<ItemStore>
    let library: PhotoLibrary
    let temporaryFolder: URL
    /// How an adjuster's link opens its claim: the same packet, for that claim only.
    let shared: SharedClaimAccess
    let reads: ClaimReadLimit
    /// The household each owner's request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    /// A claim's sheet, and the stores of its household its files are read from.
    private struct Source {
        let sheet: ClaimSheet
        let claims: ClaimStore
        let items: ItemStore
    }

    func register(in router: inout AppRouter) {
        router.add(.get, ClaimRoutes.apiSchedule, readingClaimsWithin: reads) { request in
            let profile = try Self.profile(request)
            return try schedule(try source(request).sheet, profile: profile, for: request)
        }
        router.add(.get, ClaimRoutes.apiScheduleWorkbook, readingClaimsWithin: reads) { request in try workbook(try source(request), for: request) }
        router.get(ClaimRoutes.apiReport) { request in
            let paper = try Self.paper(request)
            // Read for the caller (`readingClaimsWithin`), after the paper is known to be right.
            return try reads.read(request, for: ClaimReadLimit.caller(of: request)) {
                let source = try source(request)
                return try report(source, paper: paper ?? source.sheet.claim.paper, access: try? request.visibleLibraryRoots(of: library), for: request)
            }
        }
        router.get(ClaimRoutes.apiPoliceList) { request in
            let paper = try Self.paper(request)
            return try reads.read(request, for: ClaimReadLimit.caller(of: request)) {
                let source = try source(request)
                return try policeList(source, paper: paper ?? source.sheet.claim.paper, for: request)
            }
        }
        router.get(ClaimRoutes.apiProofOfLoss) { request in
            let paper = try Self.paper(request)
            return try reads.read(request, for: ClaimReadLimit.caller(of: request)) {
                let source = try source(request)
                return try proofOfLoss(source, paper: paper ?? source.sheet.claim.paper, for: request)
            }
        }
        router.add(.get, ClaimRoutes.apiPoliceListCSV, readingClaimsWithin: reads) { request in try policeListCSV(try source(request).sheet) }
        router.get(ClaimRoutes.apiEvidence) { request in
            let paper = try Self.paper(request)
            return try reads.read(request, for: ClaimReadLimit.caller(of: request)) {
                let source = try source(request)
                return try evidence(source, paper: paper ?? source.sheet.claim.paper, access: try? request.visibleLibraryRoots(of: library), keepsLocation: true,
                                    for: request)
            }
        }
        // The adjuster's: the link's own claim, with the library photos linked to its items.
        router.get(ClaimLinkRoutes.sharedSchedule, access: .public) { request in
            let profile = try Self.profile(request)
            return try shared.readingClaim(request) { opened in try schedule(try sharedSource(opened, request).sheet, profile: profile, for: request) }
        }
        router.get(ClaimLinkRoutes.sharedReport, access: .public) { request in
            let paper = try Self.paper(request)
            return try shared.readingClaim(request) { opened in
                let source = try sharedSource(opened, request)
                return try report(source, paper: paper ?? source.sheet.claim.paper, access: .everything, for: request)
            }
        }
        router.get(ClaimLinkRoutes.sharedEvidenceArchive, access: .public) { request in
            let paper = try Self.paper(request)
            return try shared.readingClaim(request) { opened in
                let source = try sharedSource(opened, request)
                return try evidence(source, paper: paper ?? source.sheet.claim.paper, access: .everything, keepsLocation: opened.link.includesLocation,
                                    for: request)
            }
        }
        // The police list, on a theft claim's link only: it is for the police report.
        router.get(ClaimLinkRoutes.sharedPoliceList, access: .public) { request in
            let paper = try Self.paper(request)
            return try shared.readingClaim(request) { opened in
                let source = try sharedTheftSource(opened, request)
                return try policeList(source, paper: paper ?? source.sheet.claim.paper, for: request)
            }
        }
        router.get(ClaimLinkRoutes.sharedPoliceListCSV, access: .public) { request in
            try shared.readingClaim(request) { opened in try policeListCSV(try sharedTheftSource(opened, request).sheet) }
        }
    }

    /// The link's claim, read in the link's household, the opening recorded.
    private func sharedSource(_ opened: SharedClaimAccess.Opened, _ request: Request) throws -> Source {
        try shared.recordOpening(of: opened, by: request)
        let claims = self.claims.in(opened.household)
        return Source(sheet: try claims.sheet(id: opened.link.claimID), claims: claims, items: self.items.in(opened.household))
    }

    /// The link's claim when it is a theft; else the police list is not there.
    private func sharedTheftSource(_ opened: SharedClaimAccess.Opened, _ request: Request) throws -> Source {
        let source = try sharedSource(opened, request)
        guard source.sheet.claim.lossKind == .theft else { throw SharedClaimHandlers.fileNotFound }
        return source
    }

    private func schedule(_ sheet: ClaimSheet, profile: ClaimScheduleProfile, for request: Request) throws -> Response {
        let words = ScheduleWords(sheet.claim.words(for: request))
        var response = Response(body: .bytes(Array(ClaimScheduleCSV.make(sheet.schedule, currency: sheet.currency, profile: profile, words: words).utf8)))
        response.headers["Content-Type"] = "text/csv; charset=utf-8"
        let suffix = profile == .full ? "" : "-" + profile.rawValue
        response.headers["Content-Disposition"] = "attachment; filename=\"\(sheet.fileStem)-schedule\(suffix).csv\""
        return response
    }

    private func workbook(_ source: Source, for request: Request) throws -> Response {
        let sheet = source.sheet
        let file = try ClaimScheduleWorkbook.write(sheet, packOut: try ClaimPackOut(sheet: sheet, items: source.items), words: ScheduleWords(sheet.claim.words(for: request)),
                                                   into: temporaryFolder)
        return try Self.sendOnce(file, headers: [
            "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "Content-Disposition": "attachment; filename=\"\(sheet.fileStem)-schedule.xlsx\"",
        ])
    }

    /// Makes the report for `request`, stopping (and leaving no file) once its client has gone.
    private func report(_ source: Source, paper: ReportPaper, access: LibraryAccess?, for request: Request) throws -> Response {
        let sheet = source.sheet
        return try Self.sendOnce(try reportFile(source, paper: paper, access: access, for: request), headers: [
            "Content-Type": "application/pdf",
            // Inline: the browser's PDF viewer opens it; the name is kept if it is saved.
            "Content-Disposition": "inline; filename=\"\(sheet.fileStem)-report-\(paper.rawValue).pdf\"",
        ])
    }

    /// The report as a file in the temporary folder; the caller removes it.
    private func reportFile(_ source: Source, paper: ReportPaper, access: LibraryAccess?, for request: Request) throws -> URL {
        let (sheet, claims, items) = (source.sheet, source.claims, source.items)
        let files = try ClaimFiles(sheet: sheet, items: items, library: library, access: access, printSizes: true,
                                   stopWhen: { request.clientHasGone })
        var document = ClaimReportDocument(sheet: sheet, files: files, madeOn: items.clock.today, receipts: claims.receipts,
                                           words: sheet.claim.words(for: request))
        document.packOut = try ClaimPackOut(sheet: sheet, items: items).report(words: sheet.claim.words(for: request))
        let target = temporaryFolder.appendingPathComponent("report-\(UUID().uuidString).pdf")
        try Self.render(for: request) { try ClaimReportRenderer.render(document, paper: paper, to: target, stopWhen: $0) }
        return target
    }

    /// The police list as a PDF: the items' main photos (no library photos: the list names what was taken).
    private func policeList(_ source: Source, paper: ReportPaper, for request: Request) throws -> Response {
        let (sheet, items) = (source.sheet, source.items)
        let files = try ClaimFiles(sheet: sheet, items: items, library: nil, access: nil, printSizes: true, stopWhen: { request.clientHasGone })
        let document = PoliceListDocument(sheet: sheet, files: files, madeOn: items.clock.today, words: sheet.claim.words(for: request))
        return try inlinePDF(named: "\(sheet.fileStem)-police-list-\(paper.rawValue).pdf", for: request) { target, stopWhen in
            try ClaimReportRenderer.render(document, paper: paper, to: target, stopWhen: stopWhen)
        }
    }

    /// The sworn statement in proof of loss, filled in from the claim, to sign before a notary.
    private func proofOfLoss(_ source: Source, paper: ReportPaper, for request: Request) throws -> Response {
        let sheet = source.sheet
        let document = ProofOfLossDocument(sheet: sheet, madeOn: source.items.clock.today, words: sheet.claim.words(for: request))
        return try inlinePDF(named: "\(sheet.fileStem)-proof-of-loss-\(paper.rawValue).pdf", for: request) { target, stopWhen in
            try ClaimReportRenderer.render(document, paper: paper, to: target, stopWhen: stopWhen)
        }
    }

    /// A PDF drawn by `draw` into the temporary folder, then sent inline (the browser's PDF viewer
    /// opens it; `name` is kept if it is saved) and removed.
    private func inlinePDF(named name: String, for request: Request,
                           _ draw: (_ target: URL, _ stopWhen: () -> Bool) throws -> Void) throws -> Response {
        let target = temporaryFolder.appendingPathComponent("pdf-\(UUID().uuidString).pdf")
        try Self.render(for: request) { _ in try draw(target, { request.clientHasGone }) }
        return try Self.sendOnce(target, headers: ["Content-Type": "application/pdf", "Content-Disposition": "inline; filename=\"\(name)\""])
    }

    private func policeListCSV(_ sheet: ClaimSheet) throws -> Response {
        var response = Response(body: .bytes(Array(ClaimPoliceList(sheet.schedule, policeReport: sheet.claim.policeReport, policeForce: sheet.claim.policeForce)
            .csv(currency: sheet.currency).utf8)))
        response.headers["Content-Type"] = "text/csv; charset=utf-8"
        response.headers["Content-Disposition"] = "attachment; filename=\"\(sheet.fileStem)-police-list.csv\""
        return response
    }

    /// Runs a PDF renderer for `request`, turning its failures into answers: a full disk, a client gone.
    private static func render(for request: Request, _ write: (_ stopWhen: () -> Bool) throws -> Void) throws {
        do {
            try write({ request.clientHasGone })
        } catch ClaimReportError.diskFull {
            throw DiskFull.refusal
        } catch ClaimReportError.stopped {
            throw ResponseBodyWriter.Closed.clientGone
        } catch {
            throw AppError(.reportFailed, Message("error.claim.report-failed", "The report could not be made: \(error). Nothing was sent; try again.", ["reason": .text("\(error)")]))
        }
    }

    /// "Download All": the report, the schedule (CSV and XLSX) and the evidence, one zip streamed as
    /// it is made. The report and the workbook are made first (a failure answers before the zip
    /// begins), opened, and gone from the folder before the first byte is sent.
    private func evidence(_ source: Source, paper: ReportPaper, access: LibraryAccess?, keepsLocation: Bool, for request: Request) throws -> Response {
        let (sheet, claims, items) = (source.sheet, source.claims, source.items)
        var made: [(name: String, kind: String, file: URL)] = []
        // Each is gone from the folder once opened, and whatever happens.
        defer { for entry in made { try? FileManager.default.removeItem(at: entry.file) } }
        made.append(("report-\(paper.rawValue).pdf", "report", try reportFile(source, paper: paper, access: access, for: request)))
        let csv = temporaryFolder.appendingPathComponent("schedule-\(UUID().uuidString).csv")
        made.append(("schedule.csv", "schedule", csv))
        let words = ScheduleWords(sheet.claim.words(for: request))
        try Data(ClaimScheduleCSV.make(sheet.schedule, currency: sheet.currency, profile: .full, words: words).utf8).write(to: csv)
        made.append(("schedule.xlsx", "schedule", try ClaimScheduleWorkbook.write(sheet, packOut: try ClaimPackOut(sheet: sheet, items: items),
                                                                              words: words, into: temporaryFolder)))
        let packet = try made.map { entry in
            guard let source = ZipWriter.Source(path: entry.file.path) else {
                throw AppError(.reportFailed, Message("error.claim.zip-part-failed", "The \(entry.name) for the zip could not be made. Nothing was sent; try again.", ["file": .text(entry.name)]))
            }
            return EvidenceArchive.PacketFile(name: entry.name, kind: entry.kind, source: source)
        }
        let files = try ClaimFiles(sheet: sheet, items: items, library: library, access: access, printSizes: false)
        let archive = EvidenceArchive(sheet: sheet, files: files, packet: packet, madeAt: items.clock.now, maxPixels: items.images.maxPixels,
                                      keepsLocation: keepsLocation, receipts: claims.receipts)
        let headers: HTTPHeaders = ["Content-Type": "application/zip",
                                    "Content-Disposition": "attachment; filename=\"\(sheet.fileStem)-evidence.zip\""]
        return Response(headers: headers) { body in try archive.write { try body.write($0) } }
    }

    /// The claim `{id}` of the request's household.
    private func source(_ request: Request) throws -> Source {
        let (claims, items) = try households.stores(self.claims, self.items, of: request)
        return Source(sheet: try claims.sheet(id: try request.claimID()), claims: claims, items: items)
    }

    /// The paper `?paper=` asks for; nil when it does not (the claim's language chooses).
    static func paper(_ request: Request) throws -> ReportPaper? {
        guard let text = request.query["paper"] else { return nil }
        guard let paper = ReportPaper(rawValue: text.lowercased()) else {
            var error = AppError(.invalidReportPaper, Message("error.claim.paper", "paper must be a4 or letter, not “\(text.prefix(20))”.", ["sent": .text(String(text.prefix(20)))]))
            error.fieldWordings = [(field: "paper", message: error.wording)]
            throw error
        }
        return paper
    }

    /// The schedule's layout: `?profile=` (ours, every column, when absent).
    static func profile(_ request: Request) throws -> ClaimScheduleProfile {
        guard let text = request.query["profile"] else { return .full }
        guard let profile = ClaimScheduleProfile(rawValue: text.lowercased()) else {
            var error = AppError(.invalidScheduleProfile, Message("error.claim.profile", "profile must be one of \(ClaimScheduleProfile.names), not “\(text.prefix(30))”.",
                                                                  ["profiles": .text(ClaimScheduleProfile.names), "sent": .text(String(text.prefix(30)))]))
            error.fieldWordings = [(field: "profile", message: error.wording)]
            throw error
        }
        return profile
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
