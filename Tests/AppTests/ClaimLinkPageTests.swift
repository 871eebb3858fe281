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
        for (expires, words) in [("", "Choose the last day"), (latest.adding(days: 1).iso, "choose \(latest.english) or earlier"),
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
        #expect(page.text.contains("/shared/\(token)/report.pdf") && page.text.contains("/shared/\(token)/evidence.zip?paper=letter"), "the packet, for the adjuster")
    }

    /// The adjuster reads the lines at a glance, each leading to its card; reaches the policyholder; opens
    /// a photo in the site's viewer, whose Back (and Escape) returns to the item; never leaves the claim.
    @Test func theAdjustersPageTabulatesTheLinesOpensPhotosInTheViewerAndNeverLeadsOut() throws {
        let app = try TestApp()
        let (claim, kettle) = try claim(app)
        let toaster = try app.createItem("Toaster")
        _ = try app.client.json("PATCH", "/api/v1/items/\(kettle)", ["replacementCost": "149.00", "quantity": 2])
        let upload = try app.client.send("POST", "/api/v1/items/\(kettle)/photos", headers: ["Content-Type": "image/jpeg"],
                                         body: try ItemImageFixtures.bytes("corpus/pillow/flower.jpg"))
        #expect(upload.status == 201)
        let photo = try #require(((upload.json as? [String: Any])?["id"] as? Int))
        let patched = try app.client.json("PATCH", "/api/v1/claims/\(claim)", [
            "phone": "+1 (217) 555-0142", "email": "maya@example.com", "contactAddress": "Room 12, Lakeside Inn\n400 Shore Drive",
            "items": [["itemId": kettle], ["itemId": toaster.id]],
        ] as [String: Any])
        #expect(patched.status == 200, "\(patched.text)")
        let hotel = try app.client.json("POST", "/api/v1/claims/\(claim)/expenses",
                                        ["category": "hotel", "date": "2026-03-15", "description": "Hotel Marigold, 3 nights", "amount": "567.00"])
        #expect(hotel.status == 201, "\(hotel.text)")
        let (_, token) = try app.app.claims.createLink(claimID: Claim.ID(claim), expires: Date().addingTimeInterval(86_400))
        let page = try app.client.get("/shared/\(token)", headers: ["Accept": "text/html"]).text
        // The living expenses: totals by category and each entry; its receipt is in Download All.
        #expect(page.contains("Living expenses while displaced") && page.contains("Hotel or lodging (1)") && page.contains("Hotel or lodging: Hotel Marigold, 3 nights"))
        #expect(page.contains("$567.00") && page.contains("No receipt"))
        // The table: a row a line, its item linked to the card below, the evidence counted.
        let table = try #require(page.range(of: "<table").map { String(page[$0.lowerBound...]) })
        for header in ["#", "Item", "Qty", "Room", "Replacement", "Actual cash value", "Evidence"] { #expect(table.contains(">\(header)</th>")) }
        #expect(table.contains("<a href=\"#item-\(kettle)\">Kettle</a>") && table.contains("<a href=\"#item-\(toaster.id)\">Toaster</a>"))
        #expect(page.contains("id=\"item-\(kettle)\"") && page.contains("$149.00") && page.contains("1 file of evidence"))
        #expect(page.contains("class=\"claim-cards\""), "cards for a phone")
        // The policyholder's contact, the address with its line break.
        #expect(page.contains("href=\"tel:+12175550142\"") && page.contains("href=\"mailto:maya@example.com\""))
        #expect(page.contains("Room 12, Lakeside Inn\n400 Shore Drive"))
        // Download All, first of the downloads.
        #expect(page.contains("id=\"download-all\"") && page.contains("href=\"/shared/\(token)/evidence.zip?paper=letter\""))
        // Every link stays in the claim: on the link, on the page, or a call or an e-mail.
        let hrefs = page.matches(of: /<a [^>]*href="([^"]*)"/).map { String($0.output.1) }
        #expect(!hrefs.isEmpty)
        for href in hrefs {
            #expect(href.hasPrefix("/shared/\(token)") || href.hasPrefix("#") || href.hasPrefix("tel:") || href.hasPrefix("mailto:"), "\(href) leads out")
        }
        // The photo opens in the site's viewer, on the link, and Back returns to its card.
        let viewerURL = "/shared/\(token)/items/\(kettle)/photos/\(photo)"
        #expect(hrefs.contains(viewerURL))
        let viewer = try app.client.get(viewerURL, headers: ["Accept": "text/html"])
        #expect(viewer.status == 200 && viewer.text.contains("id=\"viewer\""))
        #expect(viewer.text.contains("data-back=\"/shared/\(token)#item-\(kettle)\"") && viewer.text.contains("Back to the claim"))
        #expect(viewer.text.contains("/shared/\(token)/items/\(kettle)/photos/\(photo)/screen.jpg"))
        #expect(!viewer.text.contains("Original file"), "no original on the link")
        #expect(try app.client.get("/shared/\(token)/items/\(kettle)/photos/99999", headers: ["Accept": "text/html"]).status == 404)
        #expect(try app.client.get("/shared/nope/items/\(kettle)/photos/\(photo)", headers: ["Accept": "text/html"]).status == 404)
    }

    @Test func theDownloadsAppearWhereThePacketGivesThem() {
        let site = PageContext(stylesheet: "/s.css", script: "/s.js", icon: "/i.svg")
        var model = SharedClaimModel(name: "Fire", facts: [], owed: [], warnings: [], validity: "", contact: [], lines: [], footer: ("", ""),
                                     items: [], countText: "", downloads: .none)
        #expect(!String(decoding: SharedClaimPage(claim: model, context: site).document().renderedBytes(), as: UTF8.self).contains("Downloads"))
        model = SharedClaimModel(name: "Fire", facts: [], owed: [], warnings: [], validity: "", contact: [], lines: [], footer: ("", ""), items: [], countText: "",
                                 downloads: SharedClaimDownloads(reportPDF: "/shared/t/report.pdf", scheduleCSV: nil, evidenceZip: "/shared/t/evidence.zip"))
        let html = String(decoding: SharedClaimPage(claim: model, context: site).document().renderedBytes(), as: UTF8.self)
        #expect(html.contains("href=\"/shared/t/report.pdf\"") && html.contains("href=\"/shared/t/evidence.zip\"") && !html.contains("Schedule (CSV)"))
    }
}
