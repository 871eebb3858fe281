import Claims
import Foundation
import HTTPTestClient
import Testing
@testable import App

/// The paper a claim's PDFs are printed on when the request does not say: the claim's language's
/// (CLDR through ICU: US Letter in the United States, A4 in Europe and most of the world).
@Suite struct ClaimPaperTests {
    static func pageSize(_ app: TestApp, _ path: String) throws -> String {
        let info = try ClaimLanguageTests.read(app, path, with: "/usr/bin/pdfinfo")
        return info.split(separator: "\n").first { $0.hasPrefix("Page size:") }.map(String.init) ?? info
    }

    @Test func aClaimsPDFsArePrintedOnItsLanguagesPaper() throws {
        let app = try TestApp()
        let item = try app.createItem("Stand mixer", value: 450)
        let body: (String) -> [String: Any] = { ["name": "Fire", "language": $0, "lossKind": "theft", "items": [["itemId": item.id, "quantityLost": 1]]] }
        let american = try #require(try ClaimLanguageTests.claim(in: app, body("en-US"))["id"] as? Int)
        let german = try #require(try ClaimLanguageTests.claim(in: app, body("de"))["id"] as? Int)
        let british = try #require(try ClaimLanguageTests.claim(in: app, body("en-GB"))["id"] as? Int)

        for file in ["report.pdf", "police-list.pdf", "proof-of-loss.pdf"] {
            #expect(try Self.pageSize(app, "/api/v1/claims/\(american)/\(file)").contains("612 x 792"), "\(file): US Letter in the United States")
            #expect(try Self.pageSize(app, "/api/v1/claims/\(german)/\(file)").contains("595 x 842"), "\(file): A4 in Germany")
        }
        #expect(try Self.pageSize(app, "/api/v1/claims/\(british)/report.pdf").contains("595 x 842"), "A4 in Britain")
        #expect(try Self.pageSize(app, "/api/v1/claims/\(german)/report.pdf?paper=letter").contains("612 x 792"), "?paper= still chooses")

        let link = try app.client.json("POST", "/api/v1/claims/\(german)/links", ["expires": ClaimLinkInput.suggestedDay(now: Date()).iso])
        let url = try #require((link.json as? [String: Any])?["url"] as? String, "\(link.text.prefix(300))")
        let token = String(url.split(separator: "/").last ?? "")
        let page = try app.client.get("/shared/\(token)").text
        #expect(page.contains("/shared/\(token)/report.pdf?paper=a4"), "the adjuster's page offers the claim's paper")
    }
}
