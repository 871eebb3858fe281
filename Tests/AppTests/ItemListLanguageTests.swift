import Foundation
import HTTPTestClient
import Localization
import Testing
@testable import App

/// The item list in every way it is shown (in order, editing, by room, ticking several, a search), the
/// New Item page and the page that asks before deleting several items: in the pseudo-locale every word
/// of them comes from the catalogue, the rows' words for a screen reader too.
@Suite struct ItemListLanguageTests {
    typealias F = ItemImageFixtures

    /// Two items with Greek names (never taken for the page's words), one with a photo, one in a place.
    static func inventory() throws -> (app: TestApp, ids: [Int64]) {
        let app = try TestApp()
        let place = try app.client.json("POST", "/api/v1/locations", ["name": "Κουζίνα"])
        #expect(place.status == 201, "\(place.text)")
        let placeID = try #require((try JSONSerialization.jsonObject(with: Data(place.text.utf8)) as? [String: Any])?.id)
        let camera = try app.createItem("Κάμερα", serial: "SN-4711", value: 900)
        let lamp = try app.createItem("Λάμπα", value: 20)
        #expect(try app.client.json("PATCH", "/api/v1/items/\(lamp.id)", ["locationId": placeID]).status == 200)
        let photo = try app.client.send("PUT", "/api/v1/items/\(camera.id)/image", headers: ["Content-Type": "image/jpeg"], body: try F.bytes("photo-1.jpg"))
        #expect(photo.status == 200 || photo.status == 201, "\(photo.text)")
        return (app, [camera.id, lamp.id])
    }

    static func page(_ app: TestApp, _ path: String) throws -> String {
        try app.client.get(path, headers: ["Accept": "text/html"]).text
    }

    static let typed: Set<String> = ["SN"]

    @Test func inThePseudoLocaleEveryWayOfShowingTheListIsInTheCataloguesWords() throws {
        let (app, _) = try Self.inventory()
        for path in ["/?lang=en-XA", "/?edit=1&lang=en-XA", "/?view=rooms&lang=en-XA", "/?select=1&lang=en-XA", "/?q=%CE%9A%CE%AC&lang=en-XA"] {
            let page = try Self.page(app, path)
            #expect(page.contains(#"<html lang="en-XA" dir="ltr">"#), "\(path)")
            #expect(AccountPageLanguageTests.unaccentedWords(page, typed: Self.typed) == [], "\(path)")
        }
    }

    @Test func inThePseudoLocaleTheNewItemAndDeleteSeveralPagesAreInTheCataloguesWords() throws {
        let (app, ids) = try Self.inventory()
        let newItem = try Self.page(app, "/items/new?lang=en-XA")
        #expect(newItem.contains(#"<html lang="en-XA" dir="ltr">"#))
        #expect(AccountPageLanguageTests.unaccentedWords(newItem, typed: Self.typed) == [])

        let (token, cookie) = try app.client.pageFormToken()
        let form = "csrf=\(token)&action=delete" + ids.map { "&ids=\($0)" }.joined()
        let asking = try app.client.send("POST", "/items/bulk?lang=en-XA", headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie,
                                                                                  "Accept": "text/html"], body: Array(form.utf8))
        #expect(asking.status == 200, "\(asking.text.prefix(300))")
        #expect(asking.text.contains(#"<html lang="en-XA" dir="ltr">"#))
        #expect(AccountPageLanguageTests.unaccentedWords(asking.text, typed: Self.typed) == [])
        #expect(try app.items().count == 2, "asking deletes nothing")

        let german = try app.client.send("POST", "/items/bulk?lang=de", headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie,
                                                                               "Accept": "text/html"], body: Array(form.utf8)).text
        #expect(german.contains(">2 Gegenstände löschen?<"), "\(german)")
    }

    /// A screen reader hears each row's controls in the page's language, the item's name in them.
    /// A row's quantity writes its number as the page's language does ("1.250,5 m × 3 €"), its unit's
    /// symbol after it.
    @Test func aRowsQuantityIsWrittenTheLanguagesWay() throws {
        let app = try TestApp()
        let created = try app.client.json("POST", "/api/v1/items", ["name": "Rope", "quantity": 1250.5, "quantityUnit": "m", "replacementCost": "3"])
        #expect(created.status == 201, "\(created.text)")
        for (language, quantity) in [("en-US", "1,250.5 m × "), ("de", "1.250,5 m × "), ("ar", "١٬٢٥٠٫٥ m × ")] {
            let page = try Self.page(app, "/?lang=\(language)")
            #expect(page.contains(quantity), "\(language)")
        }
    }

    @Test func inGermanTheRowsControlsSayWhatTheyDoToWhichItem() throws {
        let (app, _) = try Self.inventory()
        let shown = try Self.page(app, "/?lang=de")
        #expect(shown.contains(#"aria-label="Foto von „Κάμερα“ zeigen""#), "\(shown)")
        let editing = try Self.page(app, "/?edit=1&lang=de")
        #expect(editing.contains(#"aria-label="„Λάμπα“ löschen""#))
        let ticking = try Self.page(app, "/?select=1&lang=de")
        #expect(ticking.contains(#"aria-label="„Κάμερα“ auswählen""#))
    }
}
