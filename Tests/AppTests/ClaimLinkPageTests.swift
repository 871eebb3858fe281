@testable import App
import Claims
import Foundation
import HTTPTestClient
import Testing

/// The owner's "Share with the adjuster" section (`/claims/{id}/links`) and what the adjuster's page
/// shows of a claim.
@Suite struct ClaimLinkPageTests {
    private func claim(_ app: TestApp) throws -> (claim: Int64, kettle: Int64) {
        let kettle = try app.createItem("Kettle", serial: "KT-1")
        let response = try app.client.json("POST", "/api/v1/claims", ["name": "Kitchen fire", "lossDate": "2026-03-14", "cause": "Fire",
                                                                      "items": [["itemId": kettle.id]]])
        return ((response.json as? [String: Any])?.id ?? -1, kettle.id)
    }

    @Test func theOwnerMakesALinkOnThePageSeesItOnceAndRevokesIt() throws {
        let app = try TestApp()
        let (claim, _) = try claim(app)
        let page = try app.client.get("/claims/\(claim)/links", headers: ["Accept": "text/html"])
        #expect(page.status == 200)
        #expect(page.text.contains("Share with the adjuster") && page.text.contains("No links yet."))
        let dateField = try #require(HTMLInspection.input(named: "expires", in: page.text))
        let today = ClaimLinkInput.day(of: Date())
        #expect(HTMLInspection.attribute("min", of: dateField) == today.iso)
        #expect(HTMLInspection.attribute("max", of: dateField) == ClaimLinkInput.latestDay(now: Date()).iso)
        #expect(HTMLInspection.attribute("value", of: dateField) == today.adding(days: 30).iso)

        let made = try app.client.pageForm("/claims/\(claim)/links", [("expires", today.adding(days: 7).iso), ("label", "Acme adjuster")])
        #expect(made.status == 200)
        let shown = try #require(HTMLInspection.text(ofElementWithID: "new-claim-link", in: made.text))
        let token = String(shown.split(separator: "/").last ?? "")
        #expect(shown.hasPrefix("http://127.0.0.1:\(app.app.port)/shared/") && token.count == 43, "\(shown)")
        #expect(made.text.contains("shown only this once"))
        #expect(try app.client.get("/shared/\(token)", headers: ["Accept": "text/html"]).status == 200)

        let later = try app.client.get("/claims/\(claim)/links", headers: ["Accept": "text/html"])
        #expect(!later.text.contains(token), "the token is shown again")
        #expect(later.text.contains("Acme adjuster") && later.text.contains("Works through \(DisplayFormat.day(today.adding(days: 7)))"))
        #expect(later.text.contains("Opened once") && later.text.contains("from 127.0.0.1 · the claim"))

        let linkID = try #require(try app.app.claims.links(ofClaim: Claim.ID(claim)).first?.id)
        let revoked = try app.client.pageForm("/claims/\(claim)/links/\(linkID)/revoke", [])
        #expect(revoked.status == 303 && revoked.header("Location") == "/claims/\(claim)/links")
        #expect(try app.client.get("/shared/\(token)", headers: ["Accept": "text/html"]).status == 404)
        let after = try app.client.get("/claims/\(claim)/links", headers: ["Accept": "text/html"]).text
        #expect(after.contains("Revoked") && !after.contains("aria-label=\"Revoke Acme adjuster\""), "a revoked link offers no Revoke")
    }

    @Test func aDayTheLinkCannotLastIsNamedOnTheFormAndNothingIsMade() throws {
        let app = try TestApp()
        let (claim, _) = try claim(app)
        let latest = ClaimLinkInput.latestDay(now: Date())
        for (expires, words) in [("", "Choose the last day"), (latest.adding(days: 1).iso, "choose \(latest.iso) or earlier"),
                                 ("2020-01-01", "must expire in the future"), ("soon", "is not a day like")] {
            let response = try app.client.pageForm("/claims/\(claim)/links", [("expires", expires), ("label", "Acme")])
            #expect(response.status == 422, "\(expires)")
            #expect(response.text.contains(words), "\(expires): \(response.text.prefix(200))")
            #expect(HTMLInspection.input(named: "label", in: response.text).flatMap { HTMLInspection.attribute("value", of: $0) } == "Acme",
                    "the label is kept")
        }
        #expect(try app.app.claims.links(ofClaim: Claim.ID(claim)).isEmpty)
        #expect(try app.client.get("/claims/999/links", headers: ["Accept": "text/html"]).status == 404)
    }

    @Test func theAdjustersPageShowsTheClaimAndWhatWasLostWithNoControls() throws {
        let app = try TestApp()
        let (claim, kettle) = try claim(app)
        _ = try app.client.json("PATCH", "/api/v1/items/\(kettle)", ["quantity": 3, "brand": "Smeg", "model": "KLF03", "purchaseDate": "2021-05-01",
                                                                     "purchasePrice": "129.00", "replacementCost": "149.00", "description": "Cream"])
        _ = try app.client.json("PATCH", "/api/v1/claims/\(claim)/items/\(kettle)", ["quantityLost": 2])
        let (_, token) = try app.app.claims.createLink(claimID: Claim.ID(claim), expires: Date().addingTimeInterval(86_400))
        let page = try app.client.get("/shared/\(token)", headers: ["Accept": "text/html"])
        #expect(page.status == 200)
        for words in ["Kitchen fire", "Mar 14, 2026", "Fire", "Lost: 1 line, 2 items", "1. Kettle", "2 of 3", "Smeg", "KLF03", "KT-1", "Cream",
                      "May 1, 2021 · $129.00", "$149.00 each", "This link works through"] {
            #expect(page.text.contains(words), "the page lacks “\(words)”")
        }
        #expect(!page.text.contains("<form"), "a form on a read-only page")
        #expect(!page.text.contains("Signed in as"))
        #expect(page.text.contains("/shared/\(token)/report.pdf") && page.text.contains("/shared/\(token)/evidence.zip"), "the packet, for the adjuster")
    }

    @Test func theDownloadsAppearWhereThePacketGivesThem() {
        let site = PageContext(stylesheet: "/s.css", script: "/s.js", icon: "/i.svg")
        var model = SharedClaimModel(name: "Fire", facts: [], owed: [], warnings: [], validity: "", items: [], countText: "", downloads: .none)
        #expect(!String(decoding: SharedClaimPage(claim: model, context: site).document().renderedBytes(), as: UTF8.self).contains("Downloads"))
        model = SharedClaimModel(name: "Fire", facts: [], owed: [], warnings: [], validity: "", items: [], countText: "",
                                 downloads: SharedClaimDownloads(reportPDF: "/shared/t/report.pdf", scheduleCSV: nil, evidenceZip: "/shared/t/evidence.zip"))
        let html = String(decoding: SharedClaimPage(claim: model, context: site).document().renderedBytes(), as: UTF8.self)
        #expect(html.contains("href=\"/shared/t/report.pdf\"") && html.contains("href=\"/shared/t/evidence.zip\"") && !html.contains("Schedule (CSV)"))
    }
}
