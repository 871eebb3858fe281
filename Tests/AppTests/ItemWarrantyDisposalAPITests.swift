import Foundation
import HTTPTestClient
import Inventory
import Testing

extension TestApp {
    /// The value of everything still owned, in cents.
    func inventoryTotal() throws -> Int64 { try app.items.totals().all.value }
}

/// Warranty, scheduled valuables with their rider, disposed items and the household's own fields,
/// through the JSON API; and the totals they feed.
@Suite struct ItemWarrantyDisposalAPITests {
    private func object(_ response: TestResponse) -> [String: Any] { response.json as? [String: Any] ?? [:] }
    private func fieldMessage(_ response: TestResponse, _ field: String) -> String {
        ((object(response)["error"] as? [String: Any])?["fields"] as? [String: String])?[field] ?? ""
    }

    @Test func warrantyRiderAndCustomFieldsAreStoredAndReadBack() throws {
        let app = try TestApp()
        let created = try app.client.json("POST", "/api/v1/items", [
            "name": "Engagement ring", "warrantyExpires": "2031-06-30", "warrantyDetails": "Resizing included",
            "scheduled": true, "riderAmount": "8500.00", "customFields": ["Metal": "Platinum", "Carat": " 1.2 ", "Empty": ""],
        ])
        #expect(created.status == 201, "\(created.text)")
        let item: ItemModel = try created.decode()
        #expect(item.warrantyExpires == "2031-06-30" && item.warrantyDetails == "Resizing included" && !item.lifetimeWarranty)
        #expect(item.scheduled && item.riderAmount == "8500.00")
        #expect(item.customFields == ["Metal": "Platinum", "Carat": "1.2"], "trimmed; an empty value is no field")
        #expect(item.disposed == nil)
        #expect(created.text.contains(#""customFields":{"Carat":"1.2","Metal":"Platinum"}"#), "sorted by name")
        let reread = try #require(try app.item(item.id))
        #expect(reread == item)

        // Sending customFields replaces them; other fields stay.
        let changed: ItemModel = try app.client.json("PATCH", "/api/v1/items/\(item.id)", [
            "customFields": ["metal": "Gold"], "lifetimeWarranty": true, "warrantyExpires": NSNull(),
        ]).decode()
        #expect(changed.customFields == ["metal": "Gold"])
        #expect(changed.lifetimeWarranty && changed.warrantyExpires == nil && changed.riderAmount == "8500.00")
    }

    @Test func aDisposedItemKeepsItsHistoryAndLeavesTheTotals() throws {
        let app = try TestApp()
        let bike = try app.createItem("Bike", value: 300)
        _ = try app.createItem("Desk", value: 200)
        #expect(try app.inventoryTotal() == 500_00)
        let sold = try app.client.json("PATCH", "/api/v1/items/\(bike.id)", [
            "disposed": ["kind": "sold", "date": "2026-05-01", "price": "120.5", "notes": "To a neighbour"],
        ])
        #expect(sold.status == 200, "\(sold.text)")
        let model: ItemModel = try sold.decode()
        #expect(model.disposed == DisposalModel(kind: "sold", date: "2026-05-01", price: "120.50", notes: "To a neighbour"))
        #expect(model.replacementCost == "300.00", "its value is kept")
        #expect(try app.inventoryTotal() == 200_00)
        let restored: ItemModel = try app.client.json("PATCH", "/api/v1/items/\(bike.id)", ["disposed": NSNull()]).decode()
        #expect(restored.disposed == nil)
        #expect(try app.inventoryTotal() == 500_00)
    }

    @Test func eachBadValueNamesItsFieldAndTheLimit() throws {
        let app = try TestApp()
        let item = try app.createItem("Lamp")
        let before = try app.client.get("/api/v1/items/\(item.id)").text
        var tooMany: [String: String] = [:]
        for index in 0..<10_000 { tooMany["Field \(index)"] = "x" }
        let cases: [(field: String, value: Any, messageField: String, words: String)] = [
            ("warrantyExpires", "2027-02-29", "warrantyExpires", "2027-02-29"),
            ("lifetimeWarranty", "yes", "lifetimeWarranty", "true or false"),
            ("scheduled", 1, "scheduled", "true or false"),
            ("riderAmount", "-1", "riderAmount", "negative"),
            ("riderAmount", "1.001", "riderAmount", "decimals"),
            ("customFields", tooMany, "customFields", "at most 50 custom fields, not 10,000"),
            ("customFields", [String(repeating: "n", count: 51): "x"], "customFields", "1 to 50 characters"),
            ("customFields", ["Colour": String(repeating: "v", count: 1_001)], "customFields", "at most 1,000"),
            ("customFields", ["Colour": "red", "colour": "blue"], "customFields", "Two custom fields"),
            ("customFields", ["Colour": 3], "customFields", "must be text"),
            ("customFields", ["a", "b"], "customFields", "object of names"),
            ("disposed", ["kind": "burnt"], "disposed", "sold, givenAway, thrownAway, lost, stolen"),
            ("disposed", ["kind": "lost", "date": "2026-13-01"], "disposed.date", "2026-13-01"),
            ("disposed", ["kind": "sold", "price": 12], "disposed.price", "amount as text"),
            ("disposed", ["kind": "sold", "buyer": "Sam"], "disposed", "Unknown field"),
            ("disposed", true, "disposed", "null or an object"),
        ]
        for test in cases {
            let response = try app.client.json("PATCH", "/api/v1/items/\(item.id)", [test.field: test.value, "name": "Changed"])
            #expect(response.status == 422, "\(test.field): \(response.status)")
            let message = fieldMessage(response, test.messageField)
            #expect(message.contains(test.words), "\(test.field): \(message)")
        }
        #expect(try app.client.get("/api/v1/items/\(item.id)").text == before, "nothing half-saved")
    }

    @Test func aRiderAmountCountsAsAStoredAmountForTheCurrency() throws {
        let app = try TestApp()
        _ = try app.client.json("POST", "/api/v1/items", ["name": "Painting", "scheduled": true, "riderAmount": "4000"])
        let refused = try app.client.json("PATCH", "/api/v1/settings", ["currency": "JPY"])
        #expect(refused.status == 422, "yen have no decimals: the rider's cents would change meaning")
    }
}
