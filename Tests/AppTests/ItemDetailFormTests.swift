import Foundation
import HTTPTestClient
import Testing

/// The detail page's claim fields as a plain form post (what happens without scripts, and what the
/// page script sends asking for JSON).
@Suite struct ItemDetailFormTests {
    static let html = ["Accept": "text/html,application/xhtml+xml"]

    /// Every field the detail page posts, as a person would fill it in.
    private func filledForm(version: String, overriding changes: [String: String] = [:]) -> [(String, String)] {
        var fields: [(String, String)] = [
            ("name", "Sofa"), ("serialNumber", ""), ("replacementCost", "$1,899.50"), ("quantity", "2"), ("condition", "good"),
            ("brand", "Hay"), ("model", "Mags"), ("barcode", ""), ("description", "Three-seater"), ("locationId", ""),
            ("tags", "living room, insured ,"), ("purchasePrice", "1,200"), ("purchaseDate", "2019-04-12"), ("purchasedFrom", "Design Shop"),
            ("replacementCostDate", "2026-11-02"), ("replacementCostSource", "https://example.com/mags"), ("riderAmount", ""),
            ("warrantyExpires", "2029-04-12"), ("lifetimeWarranty", "on"), ("warrantyDetails", "Frame only"), ("notes", ""),
            ("customFieldName", "Fabric"), ("customFieldValue", "Wool"), ("customFieldName", ""), ("customFieldValue", ""),
            ("disposedKind", ""), ("disposedDate", ""), ("disposedPrice", ""), ("disposedNotes", ""), ("version", version),
        ]
        for (name, value) in changes {
            if let index = fields.firstIndex(where: { $0.0 == name }) { fields[index].1 = value } else { fields.append((name, value)) }
        }
        return fields
    }

    private func version(of id: Int64, in app: TestApp) throws -> String {
        let page = try app.client.get("/items/\(id)", headers: Self.html)
        return try #require(HTMLInspection.value(ofInput: "version", in: page.text))
    }

    @Test func theDetailFormSavesEveryClaimField() throws {
        let app = try TestApp()
        let item = try app.createItem("Sofa", value: 900)
        let response = try app.client.pageForm("/items/\(item.id)", filledForm(version: try version(of: item.id, in: app)))
        #expect(response.status == 303, "\(response.text.prefix(400))")
        let stored = try #require(try app.item(item.id))
        #expect(stored.replacementCost == "1899.50" && stored.valueInDollars == 1899)
        #expect(stored.quantity == 2 && stored.condition == "good" && stored.brand == "Hay" && stored.model == "Mags")
        #expect(stored.tags == ["insured", "living room"])
        #expect(stored.purchasePrice == "1200.00" && stored.purchaseDate == "2019-04-12" && stored.purchasedFrom == "Design Shop")
        #expect(stored.warrantyExpires == "2029-04-12" && stored.lifetimeWarranty && stored.warrantyDetails == "Frame only")
        #expect(!stored.scheduled && stored.disposed == nil)
        #expect(stored.customFields == ["Fabric": "Wool"])

        // The page shows what was stored.
        let page = try app.client.get("/items/\(item.id)", headers: Self.html).text
        #expect(HTMLInspection.value(ofInput: "replacementCost", in: page) == "1899.50")
        #expect(HTMLInspection.value(ofInput: "tags", in: page) == "insured, living room")
        #expect(page.contains(#"<option value="good" selected>Good</option>"#))
    }

    @Test func theDetailFormTakesADecimalQuantityAUnitAndBusinessUse() throws {
        let app = try TestApp()
        let item = try app.createItem("Wall paint", value: 0)
        let response = try app.client.pageForm("/items/\(item.id)", filledForm(version: try version(of: item.id, in: app), overriding: [
            "name": "Wall paint", "quantity": " 2.5 ", "quantityUnit": "gal", "businessUse": "on", "replacementCost": "38.99",
        ]))
        #expect(response.status == 303, "\(response.text.prefix(400))")
        let stored = try #require(try app.item(item.id))
        #expect(stored.quantity == Decimal(string: "2.5") && stored.quantityUnit == "gal" && stored.businessUse)
        let page = try app.client.get("/items/\(item.id)", headers: Self.html).text
        #expect(HTMLInspection.value(ofInput: "quantity", in: page) == "2.5")
        #expect(page.contains(#"<option value="gal" selected>gal (gallons)</option>"#))
        #expect(page.contains("Used for business") && page.contains(#"name="businessUse" value="on" checked"#))
        // The list shows how much and of what.
        #expect(try app.client.get("/", headers: Self.html).text.contains("2.5 gal × $38.99"))
    }

    @Test func aBadValueComesBackBesideItsFieldWithTheTextAsTypedAndNothingSaved() throws {
        let app = try TestApp()
        let item = try app.createItem("Sofa", value: 900)
        let before = try app.client.get("/api/v1/items/\(item.id)").text
        let cases: [(field: String, typed: String, errorID: String, words: String)] = [
            ("purchasePrice", "12,50", "item-purchasePrice-error", "isn’t a number"),
            ("quantity", "two", "item-quantity-error", "Quantity “two” isn’t a number. Write a number above 0 with at most 4 decimals, like 2, 2.5 or 0.75."),
            ("quantity", "2,5", "item-quantity-error", "Quantity “2,5” isn’t a number."),
            ("quantity", "0", "item-quantity-error", "Quantity must be above 0, not “0”."),
            ("quantityUnit", "gallonz", "item-quantityUnit-error", "Unit “gallonz” is not a unit Homepwner knows."),
            ("purchaseDate", "2021-02-30", "item-purchaseDate-error", "exists"),
            ("replacementCost", "-3", "item-replacementCost-error", "negative"),
            ("disposedPrice", "abc", "item-disposedPrice-error", "isn’t a number"),
        ]
        for test in cases {
            var changes = [test.field: test.typed]
            if test.field == "disposedPrice" { changes["disposedKind"] = "sold" }
            let response = try app.client.pageForm("/items/\(item.id)", filledForm(version: try version(of: item.id, in: app), overriding: changes))
            #expect(response.status == 422, "\(test.field)")
            if test.field != "quantityUnit" {
                #expect(HTMLInspection.value(ofInput: test.field, in: response.text) == test.typed, "\(test.field) keeps the text as typed")
            }
            let message = HTMLInspection.text(ofElementWithID: test.errorID, in: response.text) ?? ""
            #expect(message.contains(test.words), "\(test.field): “\(message)”")
        }
        #expect(try app.client.get("/api/v1/items/\(item.id)").text == before)
    }

    @Test func theNewItemSheetNeverClearsFieldsItDoesNotShow() throws {
        let app = try TestApp()
        let created = try app.client.json("POST", "/api/v1/items", ["name": "Ring", "brand": "Tiffany", "tags": ["jewellery"]])
        let id = try #require(created.json as? [String: Any])["id"] as! Int
        // A form with the seed's three fields only (an old page, or a script): the rest stays.
        let response = try app.client.pageForm("/items/\(id)", [("name", "Ring"), ("serialNumber", "R-1"), ("valueInDollars", "2000")])
        #expect(response.status == 303)
        let stored = try #require(try app.item(Int64(id)))
        #expect(stored.brand == "Tiffany" && stored.tags == ["jewellery"] && stored.serialNumber == "R-1" && stored.replacementCost == "2000.00")
    }

    @Test func disposingThroughTheFormKeepsItsHistory() throws {
        let app = try TestApp()
        let item = try app.createItem("Bike", value: 300)
        let response = try app.client.pageForm("/items/\(item.id)", filledForm(version: try version(of: item.id, in: app), overriding: [
            "name": "Bike", "disposedKind": "givenAway", "disposedDate": "2026-06-01", "disposedNotes": "To my niece",
        ]))
        #expect(response.status == 303)
        let stored = try #require(try app.item(item.id))
        #expect(stored.disposed == DisposalModel(kind: "givenAway", date: "2026-06-01", price: nil, notes: "To my niece"))
        let page = try app.client.get("/items/\(item.id)", headers: Self.html).text
        #expect(page.contains(#"<details class="form-group disposal" open>"#), "the disposal group is open when disposed")
    }
}
