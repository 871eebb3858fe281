import Foundation
import HTTPTestClient
import Testing

/// `/coverage` and `/api/v1/coverage`: the inventory against the policy before any loss.
@Suite struct CoverageTests {
    @Test func thePageSaysWhatIsOwnedAgainstTheLimitAndEachRiderIsChecked() throws {
        let app = try TestApp()
        for (name, cost, extra) in [("Sofa", "84000.00", [String: Any]()), ("Lamp", "349.99", [:]),
                                    ("Ring", "5000.00", ["scheduled": true, "riderAmount": "4000.00"])] {
            var fields: [String: Any] = ["name": name, "replacementCost": cost]
            fields.merge(extra) { $1 }
            #expect(try app.client.json("POST", "/api/v1/items", fields).status == 201)
        }
        var page = try app.client.get("/coverage").text
        #expect(page.contains("You own about $84,300 of contents."))
        #expect(page.contains("Enter your policy’s contents limit"))

        let form = try app.client.pageForm("/coverage", [("contentsLimit", "60,000"), ("insurer", "Acme Mutual"), ("policyNumber", "HO-1")])
        #expect(form.status == 303 || form.status == 302)
        page = try app.client.get("/coverage").text
        #expect(page.contains("You own about $84,300 of contents; your policy covers $60,000."))
        #expect(page.contains("about $24,300 would not be paid back"))
        #expect(page.contains("Ring") && page.contains("$1,000"))

        let refused = try app.client.pageForm("/coverage", [("contentsLimit", "sixty")])
        #expect(refused.status == 422)
        #expect(refused.text.contains("sixty"))

        let api = try #require(try app.client.get("/api/v1/coverage").json as? [String: Any])
        #expect(api["contentsValue"] as? String == "84349.99" && api["contentsLimit"] as? String == "60000.00" && api["shortfall"] as? String == "24349.99")
        let ring = try #require((api["scheduled"] as? [[String: Any]])?.first)
        #expect(ring["shortfall"] as? String == "1000.00")
        #expect(try app.client.get("/").text.contains("/coverage"))
    }
}
