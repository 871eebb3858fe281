@testable import App
import Foundation
import HTTPTestClient
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
    }
}
