@testable import App
import Foundation
import HTTPTestClient
import Imaging
import Testing
import ToolRunner

/// A library photo taken before the item was bought proves nothing of it: the report leaves it out,
/// and the claimant's page says so, so the claimant can link a better one or check the purchase date.
@Suite struct EvidenceDateTests {
    @Test func aPhotoFromBeforeThePurchaseIsFlaggedAndNotPrintedAsProof() throws {
        let library = try LibraryTestApp.standard()
        let client = library.client
        let bike = try #require((try client.json("POST", "/api/v1/items", [
            "name": "Road bike", "purchaseDate": "2020-01-01", "replacementCost": "1250.00",
        ] as [String: Any]).json as? [String: Any])?["id"] as? Int)
        for name in ["IMG_0412.jpg", "rosa.jpg"] {  // taken 2019-05-04 (before) and 2020-03-03 (after)
            let asset = try #require(try library.asset(named: name)["id"] as? String)
            #expect(try client.json("POST", "/api/v1/items/\(bike)/evidence", ["assetId": asset]).status == 201)
        }
        let claim = try #require((try client.json("POST", "/api/v1/claims", [
            "name": "Garage break-in", "lossDate": "2026-03-14", "items": [["itemId": bike]],
        ] as [String: Any]).json as? [String: Any])?["id"] as? Int)

        let page = HTMLInspection.unescape(try client.get("/claims/\(claim)").text)
        #expect(page.contains("A library photo is dated before the purchase: left out of the report"))

        let report = try client.get("/api/v1/claims/\(claim)/report.pdf")
        #expect(report.status == 200)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-date-\(UUID().uuidString).pdf")
        try Data(report.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try ToolRun.output(of: "/usr/bin/pdftotext", [file.path, "-"])
        #expect(text.contains("Taken Mar 3, 2020, 16:00"), "the photo from after the purchase is printed, dated as a date")
        #expect(!text.contains("May 4, 2019") && !text.contains("IMG_0412"), "the one from before is not printed as proof")

        // A rough purchase date: the photo of May 4th, 2019 is not before "2019", but is before "2019-06".
        for (said, flagged) in [("2019", false), ("2019-06", true), ("about 7 years before 2026-03-14", false)] {
            #expect(try client.json("PATCH", "/api/v1/items/\(bike)", ["purchaseDate": said]).status == 200)
            let page = HTMLInspection.unescape(try client.get("/claims/\(claim)").text)
            #expect(page.contains("dated before the purchase") == flagged, "\(said)")
        }
    }

    @Test func anItemPhotoIsPrintedWithTheDateItsCameraGives() throws {
        let app = try TestApp()
        let tv = try #require((try app.client.json("POST", "/api/v1/items", ["name": "Television", "replacementCost": "899.00"]).json as? [String: Any])?["id"] as? Int)
        let photo = try RasterImage(width: 320, height: 200) { x, y in [UInt8(x % 256), UInt8(y % 256), 90] }
            .encoded(metadata: SampleMetadata(orientation: 1, exif: ["exif-ifd2-DateTimeOriginal": "2021:07:04 18:30:00"]))
        #expect(try app.client.send("POST", "/api/v1/items/\(tv)/photos", headers: ["Content-Type": "image/jpeg"], body: photo).status == 201)
        let claim = try #require((try app.client.json("POST", "/api/v1/claims", ["name": "Flood", "lossDate": "2026-03-14", "items": [["itemId": tv]]]
                                                      as [String: Any]).json as? [String: Any])?["id"] as? Int)
        let report = try app.client.get("/api/v1/claims/\(claim)/report.pdf")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("photo-date-\(UUID().uuidString).pdf")
        try Data(report.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try ToolRun.output(of: "/usr/bin/pdftotext", [file.path, "-"])
        #expect(text.contains("Photo 1 · Taken Jul 4, 2021, 18:30"), "\(text)")
    }
}
