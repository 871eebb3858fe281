@testable import App
import Foundation
import HTTPTestClient
import Testing
import ToolRunner

/// What the claimant still has to do about a line ("Add the purchase date.") is said on the claimant's
/// own pages and in the JSON's `toDos`, and never in what the insurer reads: the report, the schedule,
/// the adjuster's page.
@Suite struct ClaimToDoTests {
    @Test func aLineWithoutAPurchaseDateAsksTheClaimantAndNotTheInsurer() throws {
        let app = try TestApp()
        let desk = try #require(try app.client.json("POST", "/api/v1/items", ["name": "Oak desk", "replacementCost": "640.00"]).json as? [String: Any])
        let deskID = try #require(desk["id"] as? Int)
        let created = try app.client.json("POST", "/api/v1/claims", ["name": "Study fire", "lossDate": "2026-03-14", "items": [["itemId": deskID]]])
        let id = try #require((created.json as? [String: Any])?["id"] as? Int)

        let claim = try #require(try app.client.get("/api/v1/claims/\(id)").json as? [String: Any])
        let valuation = try #require(((claim["items"] as? [[String: Any]])?.first)?["valuation"] as? [String: Any])
        #expect(valuation["toDos"] as? [String] == ["Add the purchase date."])
        #expect((valuation["basis"] as? String)?.contains("age unknown, so not depreciated.") == true)
        #expect(try app.client.get("/claims/\(id)/lines/\(deskID)").text.contains("Add the purchase date."), "the claimant's line page asks")

        let report = try app.client.get("/api/v1/claims/\(id)/report.pdf")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("claim-todo-\(UUID().uuidString).pdf")
        try Data(report.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try ToolRun.output(of: "/usr/bin/pdftotext", [file.path, "-"])
        #expect(text.contains("age unknown") && !text.contains("Add the purchase date"), "the insurer's copy states the basis only")
        #expect(!(try app.client.get("/api/v1/claims/\(id)/schedule.csv").text.contains("Add the purchase date")))
    }
}
