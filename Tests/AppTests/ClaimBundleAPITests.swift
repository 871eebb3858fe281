import Foundation
import HTTPTestClient
import Testing

/// A claim's bundles through the API: lines the schedule shows as one row ("Lot of hand tools,
/// 34 pieces", Line "2–4"), its figures the sums of its lines' to the cent, in the CSV (and as one
/// item in a carrier's layout) while the claim's totals stay as they were; renamed, changed,
/// refused with what to fix, and unbundled.
@Suite struct ClaimBundleAPITests {
    /// A claim of five lines: 1 a camera on a rider, 2–4 hand tools (1 + 12 + 21 pieces, odd cents),
    /// 5 a saw; and a drill that is in no claim.
    struct Fixture {
        let app: TestApp
        let claim: Int
        let camera: Int, hammer: Int, screwdrivers: Int, wrenches: Int, saw: Int, drill: Int
        var base: String { "/api/v1/claims/\(claim)/bundles" }
    }

    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(response.json as? [String: Any], "\(response.status) \(response.text)")
    }

    private func fixture() throws -> Fixture {
        let app = try TestApp()
        func id(_ response: TestResponse) throws -> Int { try #require(try object(response)["id"] as? Int) }
        let garage = try id(try app.client.json("POST", "/api/v1/locations", ["name": "Garage"]))
        func item(_ fields: [String: Any]) throws -> Int {
            try id(try app.client.json("POST", "/api/v1/items", fields.merging(["locationId": garage, "purchaseDate": "2019-06-01"]) { $1 }))
        }
        let camera = try item(["name": "Camera", "replacementCost": "1899.99", "scheduled": true, "riderAmount": "1500.00"])
        let hammer = try item(["name": "Hammer", "purchasePrice": "19.99", "replacementCost": "24.99"])
        let screwdrivers = try item(["name": "Screwdrivers", "quantity": 12, "purchasePrice": "3.10", "replacementCost": "4.33"])
        let wrenches = try item(["name": "Wrenches", "quantity": 21, "purchasePrice": "6.05", "replacementCost": "7.17"])
        let saw = try item(["name": "Saw", "purchasePrice": "39.00", "replacementCost": "45.00"])
        let drill = try item(["name": "Drill", "replacementCost": "89.00"])
        let created = try app.client.json("POST", "/api/v1/claims", [
            "name": "Garage fire", "lossDate": "2026-03-14", "salesTaxRate": "8.875",
            "items": [camera, hammer, screwdrivers, wrenches, saw].map { ["itemId": $0] },
        ] as [String: Any])
        #expect(created.status == 201, "\(created.text)")
        return Fixture(app: app, claim: try id(created), camera: camera, hammer: hammer, screwdrivers: screwdrivers, wrenches: wrenches, saw: saw, drill: drill)
    }

    /// An amount's exact minor units ("1234.56" → 123456).
    private func cents(_ value: Any?) throws -> Int {
        let text = try #require(value as? String, "\(value ?? "nil") is no amount")
        #expect(text.split(separator: ".").last?.count == 2, "\(text)")
        return try #require(Int(text.replacingOccurrences(of: ".", with: "")))
    }

    /// The CSV's rows after its byte-order mark, every cell quoted.
    private func csv(_ fixture: Fixture, profile: String? = nil) throws -> (header: [String], rows: [[String: String]]) {
        let response = try fixture.app.client.get("/api/v1/claims/\(fixture.claim)/schedule.csv" + (profile.map { "?profile=\($0)" } ?? ""))
        #expect(response.status == 200)
        let lines = String(decoding: response.body.dropFirst(3), as: UTF8.self).split(separator: "\r\n")
            .map { $0.dropFirst().dropLast().components(separatedBy: "\",\"") }
        let header = try #require(lines.first)
        return (header, lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) })
    }

    private func claim(_ fixture: Fixture) throws -> [String: Any] { try object(try fixture.app.client.get("/api/v1/claims/\(fixture.claim)")) }

    @Test func aBundleIsOneRowWhoseFiguresAreItsLinesAddedUpToTheCent() throws {
        let fixture = try fixture()
        let before = try claim(fixture)
        let made = try fixture.app.client.json("POST", fixture.base, ["name": "Lot of hand tools", "lines": [fixture.wrenches, fixture.hammer, fixture.screwdrivers]])
        #expect(made.status == 201, "\(made.text)")
        let bundle = try object(made)
        let id = try #require(bundle["id"] as? Int)
        #expect(made.header("Location") == "\(fixture.base)/\(id)")
        #expect(bundle["name"] as? String == "Lot of hand tools")
        #expect(bundle["description"] as? String == "Lot of hand tools, 34 pieces")
        #expect(bundle["lines"] as? [Int] == [fixture.hammer, fixture.screwdrivers, fixture.wrenches], "in the claim's order")
        #expect(bundle["lineNumbers"] as? String == "2–4")
        #expect(bundle["quantity"] as? Int == 34)

        // Its sums are the sums of its lines' figures as the claim shows them, to the cent.
        let after = try claim(fixture)
        let items = try #require(after["items"] as? [[String: Any]])
        let members = items.filter { $0["bundleId"] as? Int == id }
        #expect(members.compactMap { $0["itemId"] as? Int } == [fixture.hammer, fixture.screwdrivers, fixture.wrenches])
        #expect(items.filter { $0["bundleId"] is NSNull }.compactMap { $0["itemId"] as? Int } == [fixture.camera, fixture.saw])
        let valuations = try members.map { try #require($0["valuation"] as? [String: Any]) }
        for (figure, line) in [("replacementCost", "lineReplacementCost"), ("depreciation", "lineDepreciation"), ("actualCashValue", "lineActualCashValue")] {
            #expect(try cents(bundle[figure]) == valuations.map { try cents($0[line]) }.reduce(0, +), "\(figure)")
        }
        // 19.99 + 12 × 3.10 + 21 × 6.05
        #expect(try cents(bundle["originalCost"]) == 1999 + 12 * 310 + 21 * 605)
        #expect(try cents(bundle["replacementCost"]) == 2499 + 12 * 433 + 21 * 717)
        #expect((after["bundles"] as? [[String: Any]])?.count == 1)
        #expect((after["bundles"] as? [[String: Any]])?.first.map { NSDictionary(dictionary: $0) } == NSDictionary(dictionary: bundle))
        #expect((try object(try fixture.app.client.get(fixture.base))["bundles"] as? [[String: Any]])?.first.map { NSDictionary(dictionary: $0) }
                == NSDictionary(dictionary: bundle))
        #expect(NSDictionary(dictionary: try #require(after["totals"] as? [String: Any])) == NSDictionary(dictionary: try #require(before["totals"] as? [String: Any])),
                "bundling changes no total")

        // The schedule's CSV: one row for the bundle where its first line was, instead of its three.
        let full = try csv(fixture)
        #expect(full.rows.map { $0["Line"] } == ["1", "2–4", "5"])
        let row = full.rows[1]
        #expect(row["Name"] == "Lot of hand tools, 34 pieces" && row["Description"] == "Hammer; Screwdrivers; Wrenches")
        #expect(row["Quantity lost"] == "34")
        #expect(row["Line replacement cost pre-tax (USD)"] == bundle["replacementCost"] as? String)
        #expect(row["Line actual cash value (USD)"] == bundle["actualCashValue"] as? String)
        #expect(row["Line original cost (USD)"] == bundle["originalCost"] as? String)

        // A carrier's layout takes it as one item: quantity 1 at the lot's cost.
        let pasted = try csv(fixture, profile: "claimxperience")
        #expect(pasted.rows.count == 3)
        #expect(pasted.rows[1]["Item description"] == "Lot of hand tools, 34 pieces")
        #expect(pasted.rows[1]["Qty lost"] == "1")
        #expect(pasted.rows[1]["Cost to replace pre-tax each"] == bundle["replacementCost"] as? String)
    }

    @Test func aBundleIsRenamedChangedAndUnbundledWithItsLinesKept() throws {
        let fixture = try fixture()
        let id = try #require(try object(try fixture.app.client.json("POST", fixture.base, [
            "name": "Lot of hand tools", "lines": [fixture.hammer, fixture.screwdrivers, fixture.wrenches],
        ]))["id"] as? Int)
        let url = "\(fixture.base)/\(id)"

        // Renamed and given other lines: those left out are rows of their own again.
        let changed = try object(try fixture.app.client.json("PATCH", url, ["name": "  Lot of tools ", "lines": [fixture.wrenches, fixture.hammer]]))
        #expect(changed["name"] as? String == "Lot of tools")
        #expect(changed["description"] as? String == "Lot of tools, 22 pieces")
        #expect(changed["lines"] as? [Int] == [fixture.hammer, fixture.wrenches])
        #expect(changed["lineNumbers"] as? String == "2, 4")
        #expect(try csv(fixture).rows.map { $0["Line"] } == ["1", "2, 4", "3", "5"])
        // A field left out stays as it was.
        let renamed = try object(try fixture.app.client.json("PATCH", url, ["name": "Lot of spanners and a hammer"]))
        #expect(renamed["lines"] as? [Int] == [fixture.hammer, fixture.wrenches] && renamed["description"] as? String == "Lot of spanners and a hammer, 22 pieces")
        #expect(NSDictionary(dictionary: try object(try fixture.app.client.get(url))) == NSDictionary(dictionary: renamed))

        // Unbundled: every line is still in the claim, each its own row again.
        let totals = try #require(try claim(fixture)["totals"] as? [String: Any])
        let removed = try fixture.app.client.send("DELETE", url)
        #expect(removed.status == 204 && removed.body.isEmpty)
        let after = try claim(fixture)
        let items = try #require(after["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["itemId"] as? Int } == [fixture.camera, fixture.hammer, fixture.screwdrivers, fixture.wrenches, fixture.saw])
        #expect(items.allSatisfy { $0["bundleId"] is NSNull })
        #expect((after["bundles"] as? [Any])?.isEmpty == true)
        #expect(NSDictionary(dictionary: try #require(after["totals"] as? [String: Any])) == NSDictionary(dictionary: totals))
        #expect(try csv(fixture).rows.map { $0["Line"] } == ["1", "2", "3", "4", "5"])
        #expect(try csv(fixture).rows.map { $0["Name"] } == ["Camera", "Hammer", "Screwdrivers", "Wrenches", "Saw"])
        #expect(try fixture.app.client.get(url).text.contains("claim-bundle-not-found"))
    }

    @Test func everyRefusalSaysWhatToFixAndChangesNothing() throws {
        let fixture = try fixture()
        let client = fixture.app.client
        let first = try #require(try object(try client.json("POST", fixture.base, [
            "name": "Lot of hand tools", "lines": [fixture.hammer, fixture.screwdrivers, fixture.wrenches],
        ]))["id"] as? Int)
        let before = try claim(fixture)

        /// The refusal's status, code and each field's message.
        func refusal(_ method: String, _ url: String, _ body: [String: Any], status: Int = 422, code: String = "invalid-claim",
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: String] {
            let response = try client.json(method, url, body)
            #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
            let error = try #require(try object(response)["error"] as? [String: Any], sourceLocation: sourceLocation)
            #expect(error["code"] as? String == code, sourceLocation: sourceLocation)
            #expect((error["message"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
            return error["fields"] as? [String: String] ?? [:]
        }
        let base = fixture.base
        #expect(try refusal("POST", base, ["name": "Lot of saws", "lines": [fixture.saw]])
                == ["lines": "Choose at least 2 lines to bundle; one line is a row of its own already."])
        #expect(try refusal("POST", base, ["name": "Lot of saws", "lines": [fixture.saw, fixture.saw]])
                == ["lines": "Choose at least 2 lines to bundle; one line is a row of its own already."], "one line named twice is one line")
        #expect(try refusal("POST", base, ["name": "Lot of tools", "lines": [fixture.saw, fixture.drill]])
                == ["lines": "These lines cannot be bundled: item \(fixture.drill) is not a line of this claim."])
        #expect(try refusal("POST", base, ["name": "Lot of things", "lines": [fixture.camera, fixture.saw]])
                == ["lines": "These lines cannot be bundled: line 1 (Camera) is claimed against its rider and stays a row of its own."])
        #expect(try refusal("POST", base, ["name": "Lot of saws", "lines": [fixture.saw, fixture.wrenches]])
                == ["lines": "These lines cannot be bundled: line 4 (Wrenches) is already in “Lot of hand tools”; take it out of that bundle first."])
        #expect(try refusal("POST", base, ["name": " ", "lines": [fixture.saw, fixture.camera]]) == [
            "name": "Name the bundle as the schedule should describe it (for example “Lot of hand tools”).",
            "lines": "These lines cannot be bundled: line 1 (Camera) is claimed against its rider and stays a row of its own.",
        ], "every reason at once")
        #expect(try refusal("POST", base, ["lines": [fixture.saw, fixture.hammer]]) == ["name": "Name the bundle (for example “Lot of hand tools”)."])
        #expect(try refusal("POST", base, ["name": "Lot"]) == ["lines": "Give the lines to bundle as their items' ids, like [3, 7]."])
        #expect(try refusal("POST", base, ["name": 5, "lines": "3, 7", "colour": "red"]) == [
            "name": "name must be text, not a number.",
            "lines": "lines must be a list of items' ids (whole numbers), like [3, 7].",
            "colour": "Unknown field “colour”. A bundle's fields are name and lines.",
        ])
        #expect(try refusal("PATCH", "\(base)/\(first)", ["lines": [fixture.saw, 1.5]]) == ["lines": "lines must be a list of items' ids (whole numbers), like [3, 7]."])
        #expect(try refusal("PATCH", "\(base)/\(first)", ["lines": [fixture.hammer]])
                == ["lines": "Choose at least 2 lines to bundle; one line is a row of its own already."])
        #expect(try refusal("PATCH", "\(base)/\(first)", ["name": String(repeating: "x", count: 201)])["name"]?.contains("200") == true)

        // A bundle this claim does not have, whatever the method.
        _ = try refusal("PATCH", "\(base)/999999", ["name": "Lot"], status: 404, code: "claim-bundle-not-found")
        #expect(try client.get("\(base)/999999").status == 404)
        #expect(try client.send("DELETE", "\(base)/999999").text.contains("claim-bundle-not-found"))
        #expect(try client.get("\(base)/tools").text.contains("claim-bundle-not-found"))
        #expect(try client.get("/api/v1/claims/999999/bundles").text.contains("claim-not-found"))

        // Nothing was stored by any of them.
        let after = try claim(fixture)
        #expect(NSDictionary(dictionary: after) == NSDictionary(dictionary: before))

        // A closed claim keeps its bundles as they were settled.
        #expect(try client.json("POST", "/api/v1/claims/\(fixture.claim)/close", [String: Any]()).status == 200)
        _ = try refusal("POST", base, ["name": "Lot of saws", "lines": [fixture.saw, fixture.camera]], status: 409, code: "claim-closed")
        _ = try refusal("PATCH", "\(base)/\(first)", ["name": "Lot"], status: 409, code: "claim-closed")
        #expect(try client.send("DELETE", "\(base)/\(first)").status == 409)
        #expect((try claim(fixture)["bundles"] as? [[String: Any]])?.first?["name"] as? String == "Lot of hand tools")
    }
}
