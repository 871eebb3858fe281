import Foundation
import HTTPTestClient
import Inventory
import Localization
import PDFPreview
import Testing
@testable import App

/// The item detail page, its photo picker and its place and tag pickers in the asked language: `lang`
/// and `dir` right, none of the template's English left in German or Arabic, and in the pseudo-locale
/// no word that did not come from the catalogue.
@Suite struct DetailPageLanguageTests {
    typealias F = ItemImageFixtures

    /// The keys of the words the detail page shows (its own, and the shared buttons and delete dialog it uses).
    static let pageKeyPrefixes = ["item.detail.", "item.field.", "item.photo.", "item.photos.", "item.picker.", "item.documents.", "item.document.",
                                  "item.evidence.", "item.suggestion.", "item.sightings.", "item.gap.", "item.readiness.", "item.place-picker.",
                                  "item.tag-picker.", "label.print.", "item.delete.", "common."]

    /// An item with what makes every part of the page show: two photos, a receipt, a place, a tag, a custom field,
    /// the gaps an adjuster would miss. Its own words are Greek, so that no word of it is taken for the page's.
    static func itemPage(_ app: TestApp, language: String) throws -> String {
        let item = try app.createItem("Κάμερα", serial: "SN-4711/B")
        let place = try app.client.json("POST", "/api/v1/locations", ["name": "Κουζίνα"])
        #expect(place.status == 201, "\(place.text)")
        let saved = try app.client.json("PATCH", "/api/v1/items/\(item.id)", ["tags": ["ασφαλισμένο"], "customFields": ["Χρώμα": "Καρυδιά"]])
        #expect(saved.status == 200, "\(saved.text)")
        #expect(try upload(app, "/items/\(item.id)/photos", [
            (name: "photos", filename: "1.jpg", type: "image/jpeg", body: try F.bytes("photo-1.jpg")),
            (name: "photos", filename: "2.jpg", type: "image/jpeg", body: try F.bytes("photo-2.jpg")),
        ]).status == 303)
        #expect(try upload(app, "/items/\(item.id)/documents", [
            (name: "kind", filename: nil, type: nil, body: Array("receipt".utf8)),
            (name: "documentName", filename: nil, type: nil, body: Array("Απόδειξη".utf8)),
            (name: "document", filename: "1.pdf", type: "application/pdf", body: SamplePDF.receipt(lines: ["1 2 3"])),
        ]).status == 303)
        return try app.client.get("/items/\(item.id)?lang=\(language)", headers: ["Accept": "text/html"]).text
    }

    private static func upload(_ app: TestApp, _ path: String, _ parts: [(name: String, filename: String?, type: String?, body: [UInt8])]) throws -> TestResponse {
        let (token, cookie) = try app.client.pageFormToken()
        let boundary = "----homepwner-test-\(UUID().uuidString)"
        let body = F.multipart(boundary: boundary, [(name: "csrf", filename: nil, type: nil, body: Array(token.utf8))] + parts)
        return try app.client.send("POST", path, headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)", "Cookie": cookie,
                                                           "Accept": "text/html"], body: body)
    }

    /// Each of the page's template messages whose English the language changed, and that English is in
    /// `page`'s own content: the whole message as an element's text or an attribute's value, or a long
    /// piece of one with placeholders.
    static func englishLeftOver(on page: String, in language: LanguageTag) throws -> [String] {
        try englishLeftOver(inContent: ownContent(of: page), in: language, prefixes: pageKeyPrefixes)
    }

    /// Each message under `prefixes` whose English `language` changed, found in `page` (a page's own content).
    static func englishLeftOver(inContent page: String, in language: LanguageTag, prefixes: [String]) throws -> [String] {
        let localization = Localization.bundled
        let translation = try #require(localization.catalogue(language))
        var found: [String] = []
        for (key, english) in localization.template.patterns where prefixes.contains(where: key.hasPrefix) {
            let translated = translation.patterns[key] ?? ""
            if english.contains(", plural,") || english.contains(", select,") { continue }
            if english.contains("{") {
                let pieces = english.split(separator: /\{[a-z]+\}/).map { $0.trimmingCharacters(in: .whitespaces) }
                for piece in pieces where piece.count >= 10 && !translated.contains(piece) && page.contains(piece) { found.append("\(key): \(piece)") }
            } else if english != translated, page.contains(">\(english)<") || page.contains("\"\(english)\"") {
                found.append("\(key): \(english)")
            }
        }
        return found.sorted()
    }

    @Test func inGermanTheDetailPageAndItsPickersHaveNoEnglishLeft() throws {
        let app = try TestApp()
        let page = try Self.itemPage(app, language: "de")
        #expect(page.contains(#"<html lang="de" dir="ltr">"#))
        let leftOver = try Self.englishLeftOver(on: page, in: LanguageTag("de")!)
        #expect(leftOver == [])
        // The picker, the place picker and the form, in the insurer's words.
        #expect(page.contains(">Foto aufnehmen<") && page.contains(">Datei auswählen<") && page.contains(">Hochladen<"))
        #expect(page.contains(">Kaufpreis<") && page.contains(">Seriennummer<") && page.contains("Neuwert: was ein gleichwertiger Ersatz heute kosten würde."))
        #expect(page.contains(">2 Fotos<") && page.contains(">Haupt · Foto<") && page.contains(">Kaufbeleg · "))
        #expect(page.contains(">Wo es ist<") && page.contains(">Gegenstand löschen<") && page.contains(">Gegenstand löschen?<") == false)
        #expect(page.contains(">Diesen Gegenstand löschen?<"))
        // Without scripts, Delete Item leads to a page that asks, in the same language.
        let id = try #require(try app.items().first?.id)
        let asking = try app.client.get("/items/\(id)/delete?lang=de", headers: ["Accept": "text/html"]).text
        #expect(asking.contains(#"<html lang="de" dir="ltr">"#) && asking.contains(">„Κάμερα“ löschen?<") && asking.contains(">Abbrechen<"))
        #expect(try Self.englishLeftOver(on: asking, in: LanguageTag("de")!) == [])
    }

    @Test func inArabicTheDetailPageIsRightToLeftWithItsCodesLeftToRight() throws {
        let app = try TestApp()
        let page = try Self.itemPage(app, language: "ar")
        #expect(page.contains(#"<html lang="ar" dir="rtl">"#))
        let leftOver = try Self.englishLeftOver(on: page, in: LanguageTag("ar")!)
        #expect(leftOver == [])
        #expect(page.contains(">التقاط صورة<") && page.contains(">سعر الشراء<") && page.contains(">الرقم التسلسلي<"))
        // The serial number and the barcode are typed left to right, whatever the page's direction.
        #expect(page.contains(#"id="item-serialNumber" name="serialNumber" type="text" value="SN-4711/B""#))
        for field in ["serialNumber", "barcode"] {
            let input = try #require(page.firstMatch(of: try Regex("<input[^>]*name=\"\(field)\"[^>]*>"))?.output[0].substring)
            #expect(input.contains(#"dir="ltr""#), "\(input)")
        }
    }

    /// The scripts' words come in the page: translated, their placeholders left for the script; and every
    /// message a script names with `word("…")` is one the catalogues have.
    @Test func thePageScriptsWordsAreInThePagesLanguage() throws {
        let app = try TestApp()
        let page = try Self.itemPage(app, language: "de")
        let attribute = try #require(page.firstMatch(of: /id="page-words" hidden data-words="([^"]*)"/)?.output.1)
        let json = attribute.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let words = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
        #expect(words["item.script.saving"] == "Wird gespeichert …")
        #expect(words["item.script.uploading-percent"] == "Wird hochgeladen … {percent} %")
        #expect(words["item.photo.alt"] == "Foto von {name}")

        let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/App/Static/js").standardizedFileURL
        let template = Localization.bundled.template
        var named: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: scripts.path) where file.hasSuffix(".js") {
            let source = try String(contentsOf: scripts.appendingPathComponent(file), encoding: .utf8)
            named.formUnion(source.matches(of: /word\("([a-z0-9.\-]+)"/).map { String($0.output.1) })
        }
        #expect(named.count > 20)
        #expect(named.filter { template.patterns[$0] == nil }.sorted() == [])
        let siteWords = try SiteWordsTests.siteWords(page)
        // The photo viewer's (`library.script.`) are written into the viewer: `LibraryPageLanguageTests`; the
        // Drafts page's and Walk This Room's into theirs: `CapturePageLanguageTests`; the Copy button's
        // (`links.script.`) into the adjusters' links page: `ClaimRulesPageLanguageTests`.
        let ownPages = ["library.script.", "drafts.script.", "walk.script.", "links.script."]
        #expect(named.filter { words[$0] == nil && siteWords[$0] == nil && !ownPages.contains(where: $0.hasPrefix) }.sorted() == [],
                "each is written into the detail page")
    }

    /// Every word on the page in the pseudo-locale is accented: a plain English word left is a string
    /// that did not come from the catalogue. Symbols of units ("kg"), product names ("Avery L7160"),
    /// the brand and what the household typed are not the page's words.
    @Test func inThePseudoLocaleEveryWordOnTheDetailPageIsFromTheCatalogue() throws {
        let app = try TestApp()
        let page = try Self.itemPage(app, language: "en-XA")
        #expect(page.contains(#"<html lang="en-XA" dir="ltr">"#))
        let notWords: Set<String> = Set(QuantityUnit.all.flatMap { $0.unit.symbol.split(separator: " ").map(String.init) })
            .union(["Homepwner", "Avery", "SN", "KB", "MB", "bytes"]).union(Currency.allCodes)
        let unaccented = Self.shownText(of: page).flatMap { text in
            text.matches(of: /[A-Za-z]{2,}/).map { String($0.output) }.filter { !notWords.contains($0) }.map { "\($0) in “\(text)”" }
        }
        #expect(unaccented == [])
    }

    /// What a person reads or hears of `page`'s own content (its title and `main`; the site's
    /// offline-copy and outbox status around it are not the page's): elements' text (not scripts' or
    /// styles'), and the attributes read out or shown.
    static func shownText(of page: String) -> [String] {
        // The date the item was made is written by `DisplayFormat`, whose local formats are not this page's words.
        let body = ownContent(of: page).replacing(/<script[^>]*>[^<]*<\/script>/, with: "").replacing(/<style[^>]*>[^<]*<\/style>/, with: "")
            .replacing(/<time[^>]*>[^<]*<\/time>/, with: "")
        let texts = body.matches(of: />([^<>]+)</).map { String($0.output.1) }
        let attributes = body.matches(of: /(?:aria-label|placeholder|title|alt)="([^"]*)"/).map { String($0.output.1) }
        return (texts + attributes).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// The page's title and its `main`: not the site's offline-copy and outbox status, the same on every page.
    static func ownContent(of page: String) -> String {
        let title = page.firstMatch(of: /<title>[^<]*<\/title>/).map { String($0.output) } ?? ""
        let main = page.firstMatch(of: /<main id="content"[\s\S]*<\/main>/).map { String($0.output) } ?? ""
        return title + main
    }
}
