import Foundation
import HTTPTestClient
import Testing
@testable import App

/// The forms of a page in another language show their amounts, quantities and rates as that language
/// writes them and read them back the same way (`1.299,99` and `2,5` in German): saving a form
/// unchanged changes nothing, and an amount written the other way is refused, never misread.
@Suite struct TypedNumbersFormTests {
    static let html = ["Accept": "text/html"]

    /// A euro inventory with a sofa worth 1,234.56 €, 2.5 of it, bought for 999.00 €.
    static func euroSofa() throws -> (app: TestApp, id: Int) {
        let app = try TestApp()
        try app.client.json("PATCH", "/api/v1/settings", ["currency": "EUR"] as [String: Any]).expect(200)
        let made = try app.client.json("POST", "/api/v1/items", ["name": "Sofa", "replacementCost": "1234.56", "quantity": 2.5,
                                                                 "purchasePrice": "999.00"] as [String: Any])
        return (app, try #require((made.json as? [String: Any])?["id"] as? Int, "\(made.text)"))
    }

    static func item(_ app: TestApp, _ id: Int) throws -> [String: Any] {
        try #require(try app.client.get("/api/v1/items/\(id)").json as? [String: Any])
    }

    /// The detail form's fields as the page shows them, by name, with what it sends unchanged.
    static func detailForm(_ app: TestApp, _ id: Int, language: String) throws -> [(String, String)] {
        let page = try app.client.get("/items/\(id)?lang=\(language)", headers: html).text
        var fields: [(String, String)] = []
        for name in ["version", "name", "amountLanguage", "replacementCost", "quantity", "purchasePrice", "riderAmount"] {
            fields.append((name, HTMLInspection.unescape(try #require(HTMLInspection.value(ofInput: name, in: page), "no \(name) on the \(language) page"))))
        }
        return fields
    }

    @Test func theGermanDetailFormWritesAndReadsGermanNumbers() throws {
        let (app, id) = try Self.euroSofa()
        let form = try Self.detailForm(app, id, language: "de")
        let shown = Dictionary(form, uniquingKeysWith: { first, _ in first })
        #expect(shown["amountLanguage"] == "de")
        #expect(shown["replacementCost"] == "1234,56")
        #expect(shown["quantity"] == "2,5")
        #expect(shown["purchasePrice"] == "999,00")

        // Sent back unchanged, nothing changes.
        #expect(try app.client.pageForm("/items/\(id)", form).status == 303)
        var stored = try Self.item(app, id)
        #expect(stored["replacementCost"] as? String == "1234.56")
        #expect(stored["quantity"] as? Double == 2.5)
        #expect(stored["purchasePrice"] as? String == "999.00")

        // Typed the German way, with grouping and a currency sign.
        let typed = try Self.detailForm(app, id, language: "de").map { name, value in
            switch name {
            case "replacementCost": (name, "1.299,99 €")
            case "quantity": (name, "3,75")
            case "purchasePrice": (name, "12,50")
            default: (name, value)
            }
        }
        #expect(try app.client.pageForm("/items/\(id)", typed).status == 303)
        stored = try Self.item(app, id)
        #expect(stored["replacementCost"] as? String == "1299.99")
        #expect(stored["quantity"] as? Double == 3.75)
        #expect(stored["purchasePrice"] as? String == "12.50")
    }

    @Test func aGermanFormRefusesAnAmountWrittenWithAPointInsteadOfMisreadingIt() throws {
        let (app, id) = try Self.euroSofa()
        let typed = try Self.detailForm(app, id, language: "de").map { name, value in name == "purchasePrice" ? (name, "12.50") : (name, value) }
        let refused = try app.client.pageForm("/items/\(id)?lang=de", typed, headers: Self.html)
        #expect(refused.status == 422)
        #expect(HTMLInspection.unescape(refused.text).contains("„12.50“ lässt sich nicht als Betrag lesen. Schreiben Sie einen Betrag wie 1.234,56."),
                "\(refused.text.prefix(300))")
        #expect(try Self.item(app, id)["purchasePrice"] as? String == "999.00")
    }

    /// Arabic writes its own digits and decimal separator; ASCII digits typed on the same form are read too.
    @Test func theArabicDetailFormWritesArabicDigits() throws {
        let (app, id) = try Self.euroSofa()
        let form = try Self.detailForm(app, id, language: "ar")
        let shown = Dictionary(form, uniquingKeysWith: { first, _ in first })
        #expect(shown["replacementCost"] == "١٢٣٤٫٥٦")
        #expect(shown["quantity"] == "٢٫٥")
        let typed = form.map { name, value in name == "purchasePrice" ? (name, "15٫25") : (name, value) }
        #expect(try app.client.pageForm("/items/\(id)", typed).status == 303)
        let stored = try Self.item(app, id)
        #expect(stored["replacementCost"] as? String == "1234.56")
        #expect(stored["quantity"] as? Double == 2.5)
        #expect(stored["purchasePrice"] as? String == "15.25")
    }

    /// The policy on the coverage page, a claim's tax rate, a line's value and quantity, and an expense,
    /// each typed in French.
    @Test func theClaimFormsReadFrenchNumbers() throws {
        let (app, id) = try Self.euroSofa()
        let coverage = try app.client.get("/coverage?lang=fr", headers: Self.html).text
        #expect(HTMLInspection.value(ofInput: "amountLanguage", in: coverage) == "fr")
        let saved = try app.client.pageForm("/coverage?lang=fr", [("amountLanguage", "fr"), ("contentsLimit", "30 000"), ("deductible", "500,00"),
                                                                 ("settlement", "actualCashValue")])
        #expect(saved.status == 303, "\(saved.text.prefix(300))")
        let policy = try #require(try app.client.get("/api/v1/policy").json as? [String: Any])
        #expect(policy["contentsLimit"] as? String == "30000.00")
        #expect(policy["deductible"] as? String == "500.00")
        let again = try app.client.get("/coverage?lang=fr", headers: Self.html).text
        #expect(HTMLInspection.value(ofInput: "contentsLimit", in: again) == "30000,00")

        let made = try app.client.json("POST", "/api/v1/claims", ["name": "Incendie", "lossDate": "2026-03-14", "items": [["itemId": id, "quantityLost": 1]]] as [String: Any])
        let claim = try #require((made.json as? [String: Any])?["id"] as? Int, "\(made.text)")
        let taxed = try app.client.pageForm("/claims/\(claim)", [("amountLanguage", "fr"), ("name", "Incendie"), ("salesTaxRate", "8,875")])
        #expect(taxed.status == 303, "\(taxed.text.prefix(300))")
        let claimPage = try app.client.get("/claims/\(claim)?lang=fr", headers: Self.html).text
        #expect(HTMLInspection.value(ofInput: "salesTaxRate", in: claimPage) == "8,875")

        let line = try app.client.pageForm("/claims/\(claim)/lines/\(id)", [("amountLanguage", "fr"), ("quantityLost", "1,5"), ("category", ""),
                                                                         ("actualCashValueOverride", "1 100,50"), ("overrideReason", "Expertise"),
                                                                         ("paid", ""), ("replacedCost", ""), ("replacedDate", "")])
        #expect(line.status == 303, "\(line.text.prefix(300))")
        let linePage = try app.client.get("/claims/\(claim)/lines/\(id)?lang=fr", headers: Self.html).text
        #expect(HTMLInspection.value(ofInput: "quantityLost", in: linePage) == "1,5")
        #expect(HTMLInspection.value(ofInput: "actualCashValueOverride", in: linePage) == "1100,50")

        let boundary = "----homepwner-expense"
        let parts: [(name: String, filename: String?, type: String?, body: [UInt8])] =
            [("amountLanguage", "fr"), ("category", "hotel"), ("date", "2026-03-15"), ("description", "Hôtel"), ("amount", "1 234,56 €")]
            .map { ($0.0, nil, nil, Array($0.1.utf8)) }
        let expense = try app.client.pageFormUpload("/claims/\(claim)/expenses", body: ItemImageFixtures.multipart(boundary: boundary, parts),
                                                    contentType: "multipart/form-data; boundary=\(boundary)")
        #expect(expense.status == 303, "\(expense.text.prefix(300))")
        let listed = try #require(try app.client.get("/api/v1/claims/\(claim)/expenses").json as? [String: Any])
        let expenses = try #require(listed["expenses"] as? [[String: Any]])
        #expect(expenses.first?["amount"] as? String == "1234.56")
    }
}
