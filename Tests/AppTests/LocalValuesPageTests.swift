import Foundation
import HTTPTestClient
import Testing
@testable import App

/// The item list (translated) writes its values in the page's language; a page not translated yet
/// stays US English all through, its values too.
@Suite struct LocalValuesPageTests {
    static func euroInventory() throws -> TestApp {
        let app = try TestApp()
        try app.client.json("PATCH", "/api/v1/settings", ["currency": "EUR"] as [String: Any]).expect(200)
        try app.client.json("POST", "/api/v1/items", ["name": "Kamera", "serialNumber": "SN-4711/B", "replacementCost": "1234.56"] as [String: Any]).expect(201)
        try app.client.json("POST", "/api/v1/items", ["name": "Fahrrad", "replacementCost": "20"] as [String: Any]).expect(201)
        return app
    }

    @Test func theGermanItemListWritesEurosTheGermanWay() throws {
        let app = try Self.euroInventory()
        let page = try PageLanguageTests.page(app, "/?lang=de")
        #expect(page.contains(">1.234,56\u{A0}€<"))
        #expect(page.contains(">20\u{A0}€<"))
        #expect(page.contains(#"title="50\#u{A0}€ oder mehr""#))
        #expect(page.contains(#"title="Unter 50\#u{A0}€""#))
        #expect(page.contains(">2 Gegenstände · 1.254,56\u{A0}€ insgesamt<"))
        let byRoom = try PageLanguageTests.page(app, "/?view=rooms&lang=de")
        #expect(byRoom.contains("1.254,56\u{A0}€ insgesamt"))
        #expect(byRoom.contains("1.234,56\u{A0}€"))
    }

    @Test func theSameListInEnglishAndFrenchAndArabic() throws {
        let app = try Self.euroInventory()
        let english = try PageLanguageTests.page(app, "/")
        #expect(english.contains(">€1,234.56<"))
        #expect(english.contains(">2 items · €1,254.56 in all<"))
        #expect(english.contains(#"title="€50 or more""#))
        #expect(try PageLanguageTests.page(app, "/?lang=en-GB").contains(">€1,234.56<"))
        #expect(try PageLanguageTests.page(app, "/?lang=fr").contains(">1\u{202F}234,56\u{A0}€<"))
        let arabic = try PageLanguageTests.page(app, "/?lang=ar")
        #expect(arabic.contains(">\u{200F}١٬٢٣٤٫٥٦\u{A0}€<"))
        // A serial number is a code: left to right on a right-to-left page.
        #expect(arabic.contains(#"<span class="item-serial" dir="ltr">SN-4711/B</span>"#))
    }

    /// Fix next writes its amounts as its words' language does.
    @Test func fixNextWritesGermanValuesInGerman() throws {
        let app = try Self.euroInventory()
        let page = try PageLanguageTests.page(app, "/fix?lang=de")
        #expect(page.contains(#"<html lang="de""#))
        #expect(page.contains("1.254,56\u{A0}€"))
        #expect(!page.contains("€1,254.56"))
    }

    /// The list's New Item sheet says which language its value is written in; a German "1.234" is 1234.
    @Test func theGermanSheetsValueIsReadTheGermanWay() throws {
        let app = try Self.euroInventory()
        let page = try PageLanguageTests.page(app, "/?lang=de")
        #expect(HTMLInspection.value(ofInput: "amountLanguage", in: page) == "de")
        let made = try app.client.pageForm("/items", [("name", "Sofa"), ("valueInDollars", "1.234"), ("amountLanguage", "de")])
        #expect(made.status == 303)
        #expect(try app.items().first { $0.name == "Sofa" }?.valueInDollars == 1234)
        let refused = try app.client.pageForm("/items", [("name", "Tisch"), ("valueInDollars", "1.23"), ("amountLanguage", "de")], headers: ["Accept": "text/html"])
        #expect(refused.status == 422)
        #expect(refused.text.contains("Value “1.23” can’t be read as an amount. Write an amount like 1.234,56."))
        // Without the sheet's language (the untranslated New Item page), the US rules as before.
        #expect(try app.client.pageForm("/items", [("name", "Lampe"), ("valueInDollars", "1,200")]).status == 303)
        #expect(try app.items().first { $0.name == "Lampe" }?.valueInDollars == 1200)
    }
}
