import Foundation
import HTTPTestClient
import Testing

/// `/api/v1/claims`, `/api/v1/policy`: a claim after a loss, choosing what was lost, closing it.
@Suite struct ClaimsAPITests {
    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(response.json as? [String: Any], "\(response.status) \(response.text)")
    }

    private func place(_ app: TestApp, _ name: String, in parent: Int? = nil) throws -> Int {
        var fields: [String: Any] = ["name": name]
        if let parent { fields["parentId"] = parent }
        return try #require(try object(try app.client.json("POST", "/api/v1/locations", fields))["id"] as? Int)
    }

    private func item(_ app: TestApp, _ fields: [String: Any]) throws -> Int {
        let response = try app.client.json("POST", "/api/v1/items", fields)
        #expect(response.status == 201, "\(response.text)")
        return try #require(try object(response)["id"] as? Int)
    }

    @Test func aClaimIsMadeFromThePolicyChosenByRoomAndTagAndEditedUntilClosed() throws {
        let app = try TestApp()
        let policy = try app.client.json("PATCH", "/api/v1/policy", ["policyholder": "Ana Lima", "insurer": "Acme Mutual", "contentsLimit": "60000.00"])
        #expect(policy.status == 200, "\(policy.text)")
        let home = try place(app, "Home"), kitchen = try place(app, "Kitchen", in: home), cupboard = try place(app, "Cupboard", in: kitchen)
        let study = try place(app, "Study", in: home)
        let kettle = try item(app, ["name": "Kettle", "locationId": kitchen])
        let plates = try item(app, ["name": "Plates", "locationId": cupboard, "quantity": 12])
        let laptop = try item(app, ["name": "Laptop", "locationId": study, "tags": ["electronics"]])
        _ = try item(app, ["name": "Old radio", "locationId": kitchen, "disposed": ["kind": "sold"]])

        let created = try app.client.json("POST", "/api/v1/claims", ["name": "Kitchen fire", "lossDate": "2026-03-14", "cause": "Fire"])
        #expect(created.status == 201)
        var claim = try object(created)
        let id = try #require(claim["id"] as? Int)
        #expect(created.header("Location") == "/api/v1/claims/\(id)")
        #expect(claim["policyholder"] as? String == "Ana Lima" && claim["insurer"] as? String == "Acme Mutual")
        #expect(claim["contentsLimit"] as? String == "60000.00")
        #expect(claim["proofOfLossDue"] as? String == "2026-05-13")

        // The kitchen with everything below it, never what is no longer owned; then a tag.
        var added = try object(try app.client.json("POST", "/api/v1/claims/\(id)/items", ["locationId": kitchen]))
        #expect(added["added"] as? Int == 2)
        added = try object(try app.client.json("POST", "/api/v1/claims/\(id)/items", ["tag": "electronics"]))
        claim = try #require(added["claim"] as? [String: Any])
        let lines = try #require(claim["items"] as? [[String: Any]])
        #expect(lines.compactMap { $0["name"] as? String } == ["Kettle", "Plates", "Laptop"])
        #expect(lines.compactMap { $0["quantityLost"] as? Int } == [1, 12, 1])

        // Part of a quantity, with its limit named.
        let tooMany = try app.client.json("PATCH", "/api/v1/claims/\(id)/items/\(plates)", ["quantityLost": 13])
        #expect(tooMany.status == 422)
        #expect(tooMany.text.contains("“Plates” holds 12; the quantity lost is above 0 and at most 12, not 13."))
        let eight = try object(try app.client.json("PATCH", "/api/v1/claims/\(id)/items/\(plates)", ["quantityLost": 8, "paid": "40.00"]))
        #expect((eight["items"] as? [[String: Any]])?[1]["paid"] as? String == "40.00")
        #expect(try app.client.send("DELETE", "/api/v1/claims/\(id)/items/\(laptop)").status == 200)

        let closed = try object(try app.client.json("POST", "/api/v1/claims/\(id)/close", [:]))
        #expect(closed["closed"] as? Bool == true)
        let kettleAfter = try object(try app.client.get("/api/v1/items/\(kettle)"))
        #expect((kettleAfter["disposed"] as? [String: Any])?["kind"] as? String == "lost")
        #expect(try object(try app.client.get("/api/v1/items/\(plates)"))["quantity"] as? Int == 4)
        let refused = try app.client.json("PATCH", "/api/v1/claims/\(id)", ["name": "Other"])
        #expect(refused.status == 409)
        #expect(refused.text.contains("claim-closed"))
    }

    /// "1.5 of 2.5 gal": a decimal quantity lost, its line figures rounded once, the item's unit beside it.
    @Test func aLineLosesADecimalQuantityOfWhatTheItemHolds() throws {
        let app = try TestApp()
        let paint = try item(app, ["name": "Wall paint", "quantity": 2.5, "quantityUnit": "gal", "replacementCost": "38.99"])
        let id = try #require(try object(try app.client.json("POST", "/api/v1/claims", ["name": "Garage flood", "lossDate": "2026-03-14"]))["id"] as? Int)
        _ = try app.client.json("POST", "/api/v1/claims/\(id)/items", ["itemIds": [paint]])
        let cases: [(Any, String)] = [
            (3, "“Wall paint” holds 2.5 gal; the quantity lost is above 0 and at most 2.5, not 3."),
            (0, "quantityLost must be above 0, not “0”."), ("1.5", "quantityLost must be a number above 0, like 2 or 2.5, not text."),
            (1.23456, "quantityLost “1.23456” has more than 4 decimals."),
        ]
        for (value, message) in cases {
            let refused = try app.client.json("PATCH", "/api/v1/claims/\(id)/items/\(paint)", ["quantityLost": value])
            #expect(refused.status == 422 && refused.text.contains(message), "\(value): \(refused.text.prefix(400))")
        }
        let changed = try app.client.json("PATCH", "/api/v1/claims/\(id)/items/\(paint)", ["quantityLost": 1.5])
        #expect(changed.status == 200, "\(changed.text.prefix(300))")
        #expect(changed.text.contains(#""quantityLost":1.5,"quantityUnit":"gal""#))
        let line = try #require((try object(changed)["items"] as? [[String: Any]])?.first)
        let valuation = try #require(line["valuation"] as? [String: Any])
        #expect(valuation["lineReplacementCost"] as? String == "58.49", "1.5 × 38.99 = 58.485, half up once")
    }

    @Test func badClaimsAreRefusedWithEveryFieldNamedAndNothingStored() throws {
        let app = try TestApp()
        let response = try app.client.json("POST", "/api/v1/claims", ["name": "", "lossDate": "2026-02-30", "contentsLimit": "-3", "color": "red",
                                                                       "items": [["itemId": 999]]])
        #expect(response.status == 422)
        let fields = try #require((try object(response)["error"] as? [String: Any])?["fields"] as? [String: String])
        #expect(fields["lossDate"] != nil && fields["contentsLimit"] != nil && fields["color"]?.contains("Unknown field") == true)
        #expect(try app.client.get("/api/v1/claims").text == "[]")
        let noChoice = try app.client.json("POST", "/api/v1/claims/1/items", [:])
        #expect(noChoice.status == 404)
        let claim = try object(try app.client.json("POST", "/api/v1/claims", ["name": "Flood"]))
        let unchosen = try app.client.json("POST", "/api/v1/claims/\(claim["id"]!)/items", [:])
        #expect(unchosen.status == 422)
        #expect(unchosen.text.contains("Say which items were lost"))
        #expect(try app.client.get("/api/v1/claims/abc").status == 404)
    }
}
