@testable import App
import Foundation
import HTTPServer
import HTTPTestClient
import Testing

/// `/api/v1/claims/{id}/links`: an owner makes a link for the adjuster, sees it used, revokes it.
@Suite struct ClaimLinkAPITests {
    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(response.json as? [String: Any], "\(response.status) \(response.text)")
    }

    /// A claim with one item in it.
    private func claim(_ app: TestApp, _ name: String = "Kitchen fire") throws -> Int64 {
        let item = try app.createItem("Kettle \(name)")
        let id = try object(try app.client.json("POST", "/api/v1/claims", ["name": name, "items": [["itemId": item.id]]])).id
        #expect(id > 0)
        return id
    }

    private var inAMonth: String { ClaimLinkInput.suggestedDay(now: Date()).iso }

    @Test func anOwnerMakesALinkSeesItOpenedAndRevokesIt() throws {
        let app = try TestApp()
        let claim = try claim(app)
        let created = try app.client.json("POST", "/api/v1/claims/\(claim)/links", ["expires": inAMonth, "label": " Acme adjuster "])
        #expect(created.status == 201)
        let link = try object(created)
        let url = try #require(link.string("url"))
        let token = String(url.split(separator: "/").last ?? "")
        #expect(url == "http://127.0.0.1:\(app.app.port)/shared/\(token)" && token.count == 43, "\(url)")
        #expect(link.string("label") == "Acme adjuster")
        #expect(link.string("expires") == JSONWriterDate.iso(ClaimLinkInput.endOfDay(ClaimLinkInput.suggestedDay(now: Date()))))
        // The address is the site as the request reached it.
        let behindAName = try app.client.json("POST", "/api/v1/claims/\(claim)/links", ["expires": inAMonth], headers: ["Host": "localhost:8443"])
        #expect(try object(behindAName).string("url")?.hasPrefix("http://localhost:8443/shared/") == true)

        #expect(try app.client.get("/shared/\(token)", headers: ["Accept": "text/html"]).status == 200)
        let listed = try app.client.get("/api/v1/claims/\(claim)/links")
        #expect(!listed.text.contains(token), "the list shows a token")
        let links = try #require(listed.json as? [[String: Any]])
        #expect(links.count == 2)
        let first = try #require(links.first { $0.id == link.id })
        #expect(first["active"] as? Bool == true && first["revoked"] is NSNull)
        let openings = try #require(first["openings"] as? [[String: Any]])
        #expect(openings.count == 1 && openings.first?.string("path") == "/" && openings.first?.string("address") == "127.0.0.1")

        #expect(try app.client.send("DELETE", "/api/v1/claims/\(claim)/links/\(link.id)").status == 204)
        #expect(try app.client.get("/shared/\(token)", headers: ["Accept": "text/html"]).status == 404, "revoked at once")
        let revoked = try #require((try app.client.get("/api/v1/claims/\(claim)/links").json as? [[String: Any]])?.first { $0.id == link.id })
        #expect(revoked["active"] as? Bool == false && revoked.string("revoked") != nil)
        // Revoking again changes nothing.
        #expect(try app.client.send("DELETE", "/api/v1/claims/\(claim)/links/\(link.id)").status == 204)
        let again = try #require((try app.client.get("/api/v1/claims/\(claim)/links").json as? [[String: Any]])?.first { $0.id == link.id })
        #expect(again.string("revoked") == revoked.string("revoked"))
    }

    @Test func aDayMeansThroughItsEndAndATimeThatMoment() throws {
        let app = try TestApp()
        let claim = try claim(app)
        let day = ClaimLinkInput.day(of: Date()).adding(days: 10)
        let byDay = try object(try app.client.json("POST", "/api/v1/claims/\(claim)/links", ["expires": day.iso]))
        #expect(byDay.string("expires") == JSONWriterDate.iso(ClaimLinkInput.endOfDay(day)))
        let moment = JSONWriterDate.iso(Date().addingTimeInterval(5 * 86_400).rounded)
        for sent in [moment, moment.replacingOccurrences(of: "Z", with: ".250Z")] {
            let byTime = try object(try app.client.json("POST", "/api/v1/claims/\(claim)/links", ["expires": sent]))
            #expect(byTime.string("expires") == moment, "\(sent)")
        }
        let offset = try object(try app.client.json("POST", "/api/v1/claims/\(claim)/links", ["expires": "\(day.iso)T17:00:00+02:00"]))
        #expect(offset.string("expires") == "\(day.iso)T15:00:00Z")
    }

    @Test func badLinksAreRefusedSayingWhatToFixAndNothingIsMade() throws {
        let app = try TestApp()
        let claim = try claim(app)
        let latest = ClaimLinkInput.latestDay(now: Date())
        let cases: [([String: Any], String, String)] = [
            ([:], "expires", "Say when the link stops working"),
            (["expires": 20260630], "expires", "expires must be a day like"),
            (["expires": "next week"], "expires", "is not a day like"),
            (["expires": "2020-01-01"], "expires", "must expire in the future"),
            (["expires": "2020-01-01T10:00:00Z"], "expires", "must expire in the future"),
            (["expires": latest.adding(days: 1).iso], "expires", "choose \(latest.english) or earlier"),
            (["expires": inAMonth, "label": String(repeating: "x", count: 201)], "label", "use at most 200"),
            (["expires": inAMonth, "label": "line\nbreak"], "label", "line breaks"),
            (["expires": inAMonth, "label": 7], "label", "label must be text"),
            (["expires": inAMonth, "token": "mine"], "token", "Unknown field"),
        ]
        for (body, field, words) in cases {
            let response = try app.client.json("POST", "/api/v1/claims/\(claim)/links", body)
            #expect(response.status == 422 && response.errorCode == "invalid-claim-link", "\(body) → \(response.status) \(response.text)")
            let fields = (try object(response)["error"] as? [String: Any])?["fields"] as? [String: String]
            #expect(fields?[field]?.contains(words) == true, "\(body) → \(response.text)")
        }
        #expect(try app.client.json("POST", "/api/v1/claims/\(claim)/links", ["expires": latest.iso]).status == 201, "the last day itself is allowed")
        #expect(try app.client.send("POST", "/api/v1/claims/\(claim)/links", headers: ["Content-Type": "application/json"], body: Array("{".utf8)).status == 400)
        #expect(try app.client.send("POST", "/api/v1/claims/\(claim)/links", headers: ["Content-Type": "application/xml"], body: Array("<x/>".utf8)).status == 415)
        #expect((try app.client.get("/api/v1/claims/\(claim)/links").json as? [Any])?.count == 1)
    }

    @Test func aLinkIsOnlyItsOwnClaimsAndGoesWithIt() throws {
        let app = try TestApp()
        let fire = try claim(app), flood = try claim(app, "Flood")
        let link = try object(try app.client.json("POST", "/api/v1/claims/\(fire)/links", ["expires": inAMonth]))
        let path = try #require(link.string("url").flatMap { URL(string: $0)?.path })
        let wrongClaim = try app.client.send("DELETE", "/api/v1/claims/\(flood)/links/\(link.id)")
        #expect(wrongClaim.status == 404 && wrongClaim.errorCode == "claim-link-not-found")
        #expect(try app.client.get(path).status == 200, "still works")
        for missing in ["/api/v1/claims/999999/links", "/api/v1/claims/abc/links", "/api/v1/claims/0/links"] {
            let response = try app.client.json("POST", missing, ["expires": inAMonth])
            #expect(response.status == 404 && response.errorCode == "claim-not-found", "\(missing) → \(response.text)")
            #expect(try app.client.get(missing).status == 404)
        }
        for id in ["999999", "abc", "-1"] {
            let response = try app.client.send("DELETE", "/api/v1/claims/\(fire)/links/\(id)")
            #expect(response.status == 404 && response.errorCode == "claim-link-not-found", "\(id) → \(response.text)")
        }
        // A closed claim may still be shown to its adjuster.
        #expect(try app.client.json("POST", "/api/v1/claims/\(flood)/close", [:]).status == 200)
        #expect(try app.client.json("POST", "/api/v1/claims/\(flood)/links", ["expires": inAMonth]).status == 201)

        #expect(try app.client.send("DELETE", "/api/v1/claims/\(fire)").status == 204)
        #expect(try app.client.get(path).status == 404, "the claim's links went with it")
    }
}

/// RFC 3339 as the API writes it, for comparing.
enum JSONWriterDate {
    static func iso(_ date: Date) -> String { JSONWriter.iso8601(date) }
}

private extension Date {
    /// To the whole second, as the API writes times.
    var rounded: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
