import Foundation
import HTTPTestClient
import Testing

/// What an insurer asks about an item, through the JSON API: quantity, description, brand, model,
/// barcode, condition, notes, purchase and replacement amounts (exact, in the inventory's currency)
/// and their dates.
@Suite struct ItemClaimFieldsAPITests {
    private func object(_ response: TestResponse) -> [String: Any] { response.json as? [String: Any] ?? [:] }

    @Test func everyFieldIsStoredAndReadBackExactly() throws {
        let app = try TestApp()
        let created = try app.client.json("POST", "/api/v1/items", [
            "name": "Espresso Machine", "quantity": 2, "description": "Dual boiler, stainless", "brand": "Breville",
            "model": "BES920", "barcode": "9310270004016", "condition": "good", "notes": "Descaled yearly",
            "purchasePrice": "1299.9", "purchaseDate": "2020-02-29", "purchasedFrom": "Kitchen Co",
            "replacementCost": "1499.99", "replacementCostDate": "2026-11-30", "replacementCostSource": "https://example.com/bes920",
        ])
        #expect(created.status == 201, "\(created.text)")
        let item = object(created)
        let expected: [String: Any] = [
            "quantity": 2, "description": "Dual boiler, stainless", "brand": "Breville", "model": "BES920", "barcode": "9310270004016",
            "condition": "good", "notes": "Descaled yearly", "purchasePrice": "1299.90", "purchaseDate": "2020-02-29",
            "purchasedFrom": "Kitchen Co", "replacementCost": "1499.99", "replacementCostDate": "2026-11-30",
            "replacementCostSource": "https://example.com/bes920", "currency": "USD", "valueInDollars": 1499,
        ]
        for (key, value) in expected {
            #expect("\(item[key] ?? "missing")" == "\(value)", "\(key)")
        }
        let reread = object(try app.client.get("/api/v1/items/\(item["id"]!)"))
        for key in expected.keys { #expect("\(reread[key] ?? "missing")" == "\(item[key] ?? "")", "\(key)") }
    }

    /// A quantity is a JSON number, exact to four decimals, with a unit; business use a flag.
    @Test func aDecimalQuantityWithAUnitIsStoredAndWrittenExactly() throws {
        let app = try TestApp()
        let created = try app.client.json("POST", "/api/v1/items", [
            "name": "Wall paint", "quantity": 2.5, "quantityUnit": "gallons", "businessUse": true, "replacementCost": "38.99",
        ] as [String: Any])
        #expect(created.status == 201, "\(created.text)")
        #expect(created.text.contains(#""quantity":2.5,"quantityUnit":"gal","businessUse":true"#))
        let id = object(created)["id"]!
        let tape = try app.client.json("PATCH", "/api/v1/items/\(id)", ["quantity": 0.0001, "quantityUnit": "roll"] as [String: Any])
        #expect(tape.text.contains(#""quantity":0.0001,"quantityUnit":"roll""#), "\(tape.text.prefix(300))")
        let whole = try app.client.json("PATCH", "/api/v1/items/\(id)", ["quantity": 3, "quantityUnit": ""] as [String: Any])
        #expect(whole.text.contains(#""quantity":3,"quantityUnit":"","businessUse":true"#))
        let model = try app.client.get("/api/v1/items/\(id)").decode(ItemModel.self)
        #expect(model.quantity == 3 && model.quantityUnit == "" && model.businessUse)
    }

    @Test func valueInDollarsAndTheReplacementCostAreOneAmount() throws {
        let app = try TestApp()
        let item = try app.createItem("Bike", value: 250)
        let path = "/api/v1/items/\(item.id)"
        #expect(object(try app.client.get(path))["replacementCost"] as? String == "250.00")
        let costed = object(try app.client.json("PATCH", path, ["replacementCost": "899.95"]))
        #expect(costed["valueInDollars"] as? Int == 899)
        let cleared = object(try app.client.json("PATCH", path, ["replacementCost": NSNull()]))
        #expect(cleared["valueInDollars"] as? Int == 0 && cleared["replacementCost"] is NSNull)
        let legacy = object(try app.client.json("PATCH", path, ["valueInDollars": 40]))
        #expect(legacy["replacementCost"] as? String == "40.00")
    }

    @Test func eachBadValueNamesItsFieldAndNothingIsSaved() throws {
        let app = try TestApp()
        let item = try app.createItem("Lamp")
        let before = try app.client.get("/api/v1/items/\(item.id)").text
        let cases: [(String, Any, String)] = [
            ("purchasePrice", "-5", "negative"), ("purchasePrice", "12.345", "decimals"), ("replacementCost", "abc", "abc"),
            ("replacementCost", 12.5, "text"), ("purchaseDate", "2021-02-30", "2021-02-30"), ("replacementCostDate", "30/11/2026", "YYYY-MM-DD"),
            ("quantity", 0, "quantity must be above 0, not “0”. Write a number above 0 with at most 4 decimals, like 2, 2.5 or 0.75."),
            ("quantity", "2.5", "quantity must be a number above 0, like 2 or 2.5, not text."), ("quantity", -1.5, "above 0, not “-1.5”"),
            ("quantity", 0.33333, "quantity “0.33333” has more than 4 decimals."), ("quantity", 1_000_000.5, "at most 1,000,000"),
            ("quantity", 0.00001, "more than 4 decimals"), ("quantityUnit", "gallonz", "quantityUnit “gallonz” is not a unit Homepwner knows. Use one of \"\" (pieces), pair,"),
            ("quantityUnit", NSNull(), "quantityUnit must be a unit"), ("businessUse", "yes", "businessUse must be true or false, not text."),
            ("condition", "mint", "new, good, fair, poor, broken"),
            ("brand", String(repeating: "b", count: 201), "limit is 200"), ("model", "a\nb", "control characters"),
            ("purchasePrice", "99999999999999999999", "at most"),
        ]
        for (field, value, words) in cases {
            let response = try app.client.json("PATCH", "/api/v1/items/\(item.id)", [field: value, "name": "Changed"])
            #expect(response.status == 422, "\(field) = \(value): \(response.status)")
            let message = ((object(response)["error"] as? [String: Any])?["fields"] as? [String: String])?[field] ?? ""
            #expect(message.contains(words), "\(field) = \(value): \(message)")
        }
        #expect(try app.client.get("/api/v1/items/\(item.id)").text == before)
    }

    @Test func amountsFollowTheInventorysCurrency() throws {
        let app = try TestApp()
        #expect(try app.client.json("PATCH", "/api/v1/settings", ["currency": "JPY"]).status == 200)
        let item = try app.client.json("POST", "/api/v1/items", ["name": "Camera", "replacementCost": "129800"])
        #expect(object(item)["replacementCost"] as? String == "129800")
        #expect(object(item)["currency"] as? String == "JPY")
        let fraction = try app.client.json("POST", "/api/v1/items", ["name": "Lens", "replacementCost": "1.5"])
        #expect(fraction.status == 422)
        #expect(fraction.text.contains("JPY"))
        // Amounts are stored in yen now: a currency with decimals would change what they mean.
        let refused = try app.client.json("PATCH", "/api/v1/settings", ["currency": "USD"])
        #expect(refused.status == 422)
        #expect(refused.text.contains("invalid-settings"))
        #expect(try app.client.json("PATCH", "/api/v1/settings", ["currency": "KRW"]).status == 200, "no decimals either: allowed")
    }

    @Test func tagsAreGivenThroughTheItemAndListedWithTheirCounts() throws {
        let app = try TestApp()
        let lamp = try app.createItem("Lamp")
        let tagged = object(try app.client.json("PATCH", "/api/v1/items/\(lamp.id)", ["tags": ["insured", "Living room", "Insured"]]))
        #expect(tagged["tags"] as? [String] == ["insured", "Living room"])
        let chair = try app.client.json("POST", "/api/v1/items", ["name": "Chair", "tags": ["insured"]])
        #expect(object(chair)["tags"] as? [String] == ["insured"])
        #expect(try app.client.get("/api/v1/tags").text == #"[{"name":"insured","count":2},{"name":"Living room","count":1}]"#)
        for bad in ["insured", ["ok", 5], [String(repeating: "x", count: 51)]] as [Any] {
            let response = try app.client.json("PATCH", "/api/v1/items/\(lamp.id)", ["tags": bad])
            #expect(response.status == 422, "\(bad)")
            #expect(((object(response)["error"] as? [String: Any])?["fields"] as? [String: String])?["tags"] != nil, "\(bad)")
        }
        #expect(object(try app.client.get("/api/v1/items/\(lamp.id)"))["tags"] as? [String] == ["insured", "Living room"])
    }
}
