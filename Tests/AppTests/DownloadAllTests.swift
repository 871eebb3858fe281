@testable import App
import Archive
import Claims
import Foundation
import HTTPTestClient
import Imaging
import Testing
import ToolRunner

/// "Download All": the claim's packet in one zip (the report, the schedule as CSV and XLSX, every
/// original, and a JPEG copy of each HEIC, WebP or AVIF photo, which insurers' portals refuse), on
/// the owner's API and on an adjuster's link; and a theft's police report number, on the police
/// list and the report.
@Suite struct DownloadAllTests {
    /// Real files from Pillow's and pillow-heif's test images (Tests/Fixtures/corpus/sweep, see its SOURCES.tsv).
    static let photos = [("corpus/sweep/pillow-heif/heif__zPug_3.heic", "heic"), ("corpus/sweep/pillow/avif__hopper.avif", "avif"),
                         ("corpus/sweep/pillow/hopper.webp", "webp"), ("corpus/pillow/flower.jpg", "jpg")]

    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(response.json as? [String: Any], "\(response.status) \(response.text)")
    }

    /// A stolen camera with a HEIC, an AVIF, a WebP and a JPEG photo; its police report given.
    private func theft(in app: TestApp) throws -> (claim: Int, camera: Int) {
        let client = app.client
        let camera = try #require(try object(try client.json("POST", "/api/v1/items", [
            "name": "Mirrorless Camera", "brand": "Canon", "serialNumber": "CN-40", "replacementCost": "1899.99",
        ] as [String: Any]))["id"] as? Int)
        for (path, ext) in Self.photos {
            let upload = try client.send("POST", "/api/v1/items/\(camera)/photos", headers: ["Content-Type": "image/\(ext == "jpg" ? "jpeg" : ext)"],
                                         body: try ItemImageFixtures.bytes(path))
            #expect(upload.status == 201, "\(path): \(upload.text)")
        }
        let claim = try object(try client.json("POST", "/api/v1/claims", [
            "name": "Garage break-in", "lossDate": "2026-10-02", "lossKind": "theft", "claimNumber": "TH-2207",
            "policeReport": "CR-2026-118734", "policeForce": "Springfield PD, Central station", "items": [["itemId": camera]],
        ] as [String: Any]))
        #expect(claim["policeReport"] as? String == "CR-2026-118734" && claim["policeForce"] as? String == "Springfield PD, Central station")
        return (try #require(claim["id"] as? Int), camera)
    }

    private func unzip(_ response: TestResponse) throws -> (entries: [String], folder: String) {
        #expect(response.status == 200 && response.header("Content-Type") == "application/zip", "\(response.status) \(response.text.prefix(300))")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("download-all-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let zip = folder.appendingPathComponent("all.zip")
        try Data(response.body).write(to: zip)
        let unpacked = folder.appendingPathComponent("unpacked").path
        let entries = try ZipReader.extract(zipAt: zip.path, into: unpacked, limits: .inventory).filter { !$0.isDirectory }.map(\.path.description)
        return (entries, unpacked)
    }

    @Test func downloadAllHoldsTheReportTheScheduleTheOriginalsAndAJPEGOfEachHEICWebPAndAVIF() throws {
        let app = try TestApp()
        let (claim, camera) = try theft(in: app)
        let (entries, folder) = try unzip(try app.client.get("/api/v1/claims/\(claim)/evidence.zip"))
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: folder).deletingLastPathComponent().path) }
        #expect(Array(entries.prefix(4)) == ["README.txt", "report-letter.pdf", "schedule.csv", "schedule.xlsx"], "\(entries)")
        #expect(entries.suffix(2) == ["manifest.csv", "manifest.json"])
        let text = try ToolRun.output(of: "/usr/bin/pdftotext", ["-layout", folder + "/report-letter.pdf", "-"])
        #expect(text.contains("Garage break-in") && text.contains("CR-2026-118734") && text.contains("Springfield PD, Central station"),
                "the report's cover names the police report")
        let csv = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/schedule.csv")))
        #expect(csv.starts(with: [0xEF, 0xBB, 0xBF]) && String(decoding: csv, as: UTF8.self).contains("Mirrorless Camera"), "the schedule's CSV as downloaded")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/schedule.xlsx"))).starts(with: Array("PK".utf8)))

        let photoFolder = "001 Mirrorless Camera"
        for (index, (path, ext)) in Self.photos.enumerated() {
            let stem = "\(photoFolder)/photo-\(index + 1)-general"
            let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(stem).\(ext)")))
            #expect(original == (try ItemImageFixtures.bytes(path)), "\(ext): the original, byte for byte")
            guard ext != "jpg" else {
                #expect(entries.filter { $0.hasPrefix(stem) } == ["\(stem).jpg"], "a JPEG goes alone")
                continue
            }
            let copy = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(stem).jpg")))
            let info = try Imaging.inspect(copy, maxPixels: 50_000_000)
            let source = try Imaging.inspect(original, maxPixels: 50_000_000)
            #expect(info.format == .jpeg && info.width == source.width && info.height == source.height, "\(ext)'s copy is a JPEG of its size")
            // Decoded whole, not just its header: a portal's thumbnailer will.
            let grey = try Imaging.grey(of: copy, maxPixels: 50_000_000, longestSide: 64)
            #expect(grey.width > 0 && grey.pixels.contains { $0 != grey.pixels[0] }, "\(ext)'s copy has a picture in it")
        }
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json"))) as? [[String: Any]])
        #expect(manifest.count == 3 + 4 + 3, "the packet's 3 files, 4 originals, 3 copies")
        for row in manifest {
            let path = try #require(row["path"] as? String)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)))
            #expect(row["sha256"] as? String == (try ToolRun.sha256sum(bytes)) && row["bytes"] as? Int == bytes.count, "\(path)")
            #expect(path.contains("/") ? row["itemId"] as? Int == camera : row["line"] == nil, "\(path): a line's file, or the packet's")
        }
        #expect(manifest.contains { ($0["note"] as? String)?.contains("a JPEG copy of photo-1-general.heic") == true })
    }

    @Test func theAdjustersLinkDownloadsAllAndATheftsPoliceListWithItsReportNumber() throws {
        let app = try TestApp()
        let (claim, _) = try theft(in: app)
        // Two receipt photos: one readable, one damaged past reading (it sniffs as a JPEG, so it was kept).
        let expenses = "/api/v1/claims/\(claim)/expenses"
        for (name, bytes) in [("folio.jpg", try ItemImageFixtures.bytes("corpus/pillow/flower.jpg")),
                              ("torn.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + Array("JFIF torn in half".utf8))] {
            let expense = try object(try app.client.json("POST", expenses, ["category": "hotel", "date": "2026-10-03", "description": name, "amount": "90.00"]))
            let put = try app.client.send("PUT", "\(expenses)/\(try #require(expense["id"] as? Int))/receipt?name=\(name)", headers: ["Content-Type": "image/jpeg"], body: bytes)
            #expect(put.status == 200, "\(put.text)")
        }
        let (_, token) = try app.app.claims.createLink(claimID: Claim.ID(Int64(claim)), expires: Date().addingTimeInterval(86_400))
        let (entries, folder) = try unzip(try app.client.get("/shared/\(token)/evidence.zip?paper=letter"))
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: folder).deletingLastPathComponent().path) }
        // The readable receipt as a copy without its location; the damaged one never as its original, which may say where.
        #expect(entries.filter { $0.hasPrefix("living-expenses/") }.count == 1 && entries.contains { $0.hasPrefix("living-expenses/") && $0.contains("folio") })
        let manifest = try String(contentsOfFile: folder + "/manifest.csv", encoding: .utf8)
        #expect(manifest.contains("could not be read to leave out where it was taken") && manifest.contains("torn.jpg"), "\(manifest)")
        #expect(entries.contains("report-letter.pdf") && entries.contains("001 Mirrorless Camera/photo-1-general.jpg"))
        #expect(try ToolRun.output(of: "/usr/bin/pdfinfo", [folder + "/report-letter.pdf"]).contains("612 x 792"))

        let csv = try app.client.get("/shared/\(token)/police-list.csv")
        #expect(csv.status == 200 && csv.header("Content-Type") == "text/csv; charset=utf-8")
        let rows = csv.text.dropFirst().split(separator: "\r\n").map { $0.dropFirst().dropLast().components(separatedBy: "\",\"") }
        #expect(rows.first?.suffix(2) == ["Police report number", "Police force or station"])
        #expect(rows.dropFirst().first?.suffix(2) == ["CR-2026-118734", "Springfield PD, Central station"])
        let pdf = try app.client.get("/shared/\(token)/police-list.pdf?paper=letter")
        #expect(pdf.status == 200 && pdf.header("Content-Type") == "application/pdf")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("police-\(UUID().uuidString).pdf")
        try Data(pdf.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try ToolRun.output(of: "/usr/bin/pdftotext", ["-layout", file.path, "-"])
        #expect(text.contains("CR-2026-118734") && text.contains("Springfield PD, Central station") && text.contains("CN-40"))
        let page = try app.client.get("/shared/\(token)", headers: ["Accept": "text/html"]).text
        #expect(page.contains("href=\"/shared/\(token)/police-list.pdf?paper=letter\"") && page.contains("href=\"/shared/\(token)/police-list.csv\""))

        // Not a theft: no police list on the link.
        #expect(try app.client.json("PATCH", "/api/v1/claims/\(claim)", ["lossKind": "fire"]).status == 200)
        #expect(try app.client.get("/shared/\(token)/police-list.csv").status == 404)
        #expect(!(try app.client.get("/shared/\(token)", headers: ["Accept": "text/html"]).text.contains("Police list")))
    }

    @Test func thePoliceReportIsEnteredOnTheClaimsFormAndChecked() throws {
        let app = try TestApp()
        let created = try object(try app.client.json("POST", "/api/v1/claims", ["name": "Break-in", "lossKind": "theft"]))
        let id = try #require(created["id"] as? Int)
        #expect(created["policeReport"] as? String == "" && created["policeForce"] as? String == "")
        let page = try app.client.get("/claims/\(id)", headers: ["Accept": "text/html"]).text
        #expect(HTMLInspection.input(named: "policeReport", in: page) != nil && HTMLInspection.input(named: "policeForce", in: page) != nil)
        let refused = try app.client.json("PATCH", "/api/v1/claims/\(id)", ["policeReport": String(repeating: "7", count: 201)])
        #expect(refused.status == 422 && refused.text.contains("policeReport"), "\(refused.text)")
        let saved = try object(try app.client.json("PATCH", "/api/v1/claims/\(id)", ["policeReport": " CR-1 ", "policeForce": "Met Police"]))
        #expect(saved["policeReport"] as? String == "CR-1" && saved["policeForce"] as? String == "Met Police")
        #expect(try app.client.get("/claims/\(id)", headers: ["Accept": "text/html"]).text.contains("CR-1"))
    }
}
