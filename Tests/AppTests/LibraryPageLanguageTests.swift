@testable import App
import Foundation
import HTTPTestClient
import Localization
import Testing

/// The photo library's pages — the albums, events and people, a group's grid, the viewer, the
/// "Taken Between" form and the picker — in the asked language: `lang` and `dir` right, the counts
/// and days in the language's words, and in the pseudo-locale no word that did not come from the catalogue.
@Suite struct LibraryPageLanguageTests {
    /// The keys of the words the library's pages show.
    static let pageKeyPrefixes = ["library.", "common.", "item.list.title", "item.list.library", "item.photos.count"]

    /// A library whose own words are Greek (folders, people, camera), so that none is taken for the
    /// page's: an evening that runs past midnight (one event over two days) and a day of its own.
    static func greekLibrary() throws -> (app: LibraryTestApp, item: Int64) {
        let workspace = try LibraryWorkspace()
        try workspace.photo("Φωτογραφίες/Διακοπές/Λισαβόνα/ένα.jpg", taken: "2019:05:04 23:30:00", camera: ("Κάνον", "Κ6"),
                            gps: (38.71124, -9.13956), people: ["Άννα"])
        try workspace.photo("Φωτογραφίες/Διακοπές/Λισαβόνα/δύο.jpg", taken: "2019:05:05 00:30:00", people: ["Άννα"])
        try workspace.photo("Φωτογραφίες/Οικογένεια/τρία.jpg", taken: "2020:03:03 16:00:00")
        let app = try LibraryTestApp(workspace: workspace, roots: [workspace.url("Φωτογραφίες").path])
        try app.waitUntilScanned(total: 3)
        let item = try #require((try app.client.json("POST", "/api/v1/items", ["name": "Κάμερα"]).json as? [String: Any])?.id)
        return (app, item)
    }

    /// Every library page, each in `language`: the groups (and picking evidence), an album, an event,
    /// the viewer, the form sent back with mistakes.
    static func pages(_ app: LibraryTestApp, item: Int64, language: String) throws -> [String: String] {
        func get(_ path: String, status: Int = 200) throws -> String {
            let answer = try app.client.get(path + (path.contains("?") ? "&" : "?") + "lang=\(language)", headers: ["Accept": "text/html"])
            #expect(answer.status == status, "\(path): \(answer.status)")
            return answer.text
        }
        let lisbon = try #require(try app.group("Λισαβόνα", kind: "album").string("id"))
        // The folder of folders is in no list (it holds no photo of its own): its link in Lisbon's breadcrumb.
        let crumbs = try app.client.get("/library/groups/\(lisbon)").text.matches(of: /<li><a href="(\/library\/groups\/[^"]+)">Διακοπές<\/a>/)
        let holidays = try #require(crumbs.first.map { String($0.output.1) })
        let event = try #require(try app.groups().first { $0.string("kind") == "event" && $0.int("count") == 2 }?.string("id"))
        let photo = try #require(try app.assets(lisbon).first?.string("id"))
        return [
            "groups": try get("/library"),
            "picking": try get("/library?pick=\(item)&as=evidence"),
            "album": try get("/library/groups/\(lisbon)"),
            "folders": try get(holidays),
            "event": try get("/library/groups/\(event)?pick=\(item)"),
            "viewer": try get("/library/assets/\(photo)?group=\(lisbon)"),
            "dates": try get("/library/dates?from=2019-05-31&to=2019-05-01", status: 400),
            "no-dates": try get("/library/dates?from=2019-02-30", status: 400),
        ]
    }

    /// The page's title, its top bar's back link and title, and its own content (`main`): not the
    /// site's offline-copy and outbox status.
    static func ownContent(of page: String) -> String {
        let title = page.firstMatch(of: /<title>[^<]*<\/title>/).map { String($0.output) } ?? ""
        let back = page.firstMatch(of: /<div class="top-bar-leading">[\s\S]*?<\/div>/).map { String($0.output) } ?? ""
        let barTitle = page.firstMatch(of: /<h1 class="top-bar-title">[^<]*<\/h1>/).map { String($0.output) } ?? ""
        let main = page.firstMatch(of: /<main[\s\S]*<\/main>/).map { String($0.output) } ?? ""
        return title + back + barTitle + main
    }

    /// What a person reads or hears of the page's own content: elements' text and the attributes read out.
    static func shownText(of page: String) -> [String] {
        let body = ownContent(of: page).replacing(/<script[^>]*>[^<]*<\/script>/, with: "")
        let texts = body.matches(of: />([^<>]+)</).map { String($0.output.1) }
        let attributes = body.matches(of: /(?:aria-label|placeholder|title|alt)="([^"]*)"/).map { String($0.output.1) }
        return (texts + attributes).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// Each of the pages' template messages whose English the language changed, found in `page`'s own content.
    static func englishLeftOver(on page: String, in language: LanguageTag) throws -> [String] {
        try DetailPageLanguageTests.englishLeftOver(inContent: ownContent(of: page), in: language, prefixes: pageKeyPrefixes)
    }

    /// Every word on every library page in the pseudo-locale is accented: a plain English word left is
    /// a string that did not come from the catalogue. Not the page's words: the brand, the file's
    /// extension, and the capture times and days, which the pseudo-locale writes as US English does.
    @Test func inThePseudoLocaleEveryWordOnTheLibraryPagesIsFromTheCatalogue() throws {
        let (app, item) = try Self.greekLibrary()
        let dateWords: Set = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "March", "May",
                              "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "at", "AM", "PM"]
        let notWords = dateWords.union(["Homepwner", "jpg"])
        for (name, page) in try Self.pages(app, item: item, language: "en-XA") {
            #expect(page.contains(#"<html lang="en-XA" dir="ltr">"#), "\(name)")
            let unaccented = Self.shownText(of: page).flatMap { text in
                text.matches(of: /[A-Za-z]{2,}/).map { String($0.output) }.filter { !notWords.contains($0) }.map { "\($0) in “\(text)”" }
            }
            #expect(unaccented == [], "\(name)")
        }
    }

    @Test func inGermanTheLibraryHasNoEnglishLeftAndItsDaysAndCountsInGerman() throws {
        let (app, item) = try Self.greekLibrary()
        let pages = try Self.pages(app, item: item, language: "de")
        for (name, page) in pages {
            #expect(page.contains(#"<html lang="de" dir="ltr">"#), "\(name)")
            #expect(try Self.englishLeftOver(on: page, in: LanguageTag("de")!) == [], "\(name)")
        }
        let groups = try #require(pages["groups"])
        #expect(groups.contains(">Alben<") && groups.contains(">Ereignisse<") && groups.contains(">Personen<") && groups.contains(">Aufgenommen zwischen<"))
        // The evening past midnight is one event over two days, each written as German writes a day.
        #expect(groups.contains(">4. Mai 2019 – 5. Mai 2019<") && groups.contains(">2 Fotos<") && groups.contains(">1 Foto<"))
        #expect(try #require(pages["picking"]).contains(">Nachweis verknüpfen<"))
        #expect(try #require(pages["folders"]).contains("1 Album"))
        #expect(try #require(pages["album"]).contains("2 Fotos · in Φωτογραφίες › Διακοπές") || pages["album"]!.contains("2 Fotos · in Διακοπές"))
        #expect(try #require(pages["event"]).contains("aria-label=\"Dieses Foto verwenden: Foto aufgenommen am 4. Mai 2019, 23:30\""))
        let viewer = try #require(pages["viewer"])
        #expect(viewer.contains(">1 von 2<") && viewer.contains(">Aufgenommen<") && viewer.contains(">60 × 40 Pixel<") && viewer.contains(">Kamera<"))
        #expect(try #require(pages["dates"]).contains("„Bis“ muss am oder nach dem Tag „Von“ liegen (2019-05-31)."))
        #expect(try #require(pages["no-dates"]).contains("„Von“ muss ein Tag sein, den es gibt, geschrieben wie 2019-05-04."))
    }

    @Test func inArabicTheLibraryIsRightToLeft() throws {
        let (app, item) = try Self.greekLibrary()
        let pages = try Self.pages(app, item: item, language: "ar")
        for (name, page) in pages {
            #expect(page.contains(#"<html lang="ar" dir="rtl">"#), "\(name)")
            #expect(try Self.englishLeftOver(on: page, in: LanguageTag("ar")!) == [], "\(name)")
        }
        #expect(try #require(pages["groups"]).contains(">الألبومات<"))
        #expect(try #require(pages["viewer"]).contains(">معلومات<") && pages["viewer"]!.contains("بكسل<"))
    }

    /// The viewer's script says its zoom in the page's language: every `library.script.` message is in
    /// the page, its placeholder left for the script, and every one the script names is in the catalogues.
    @Test func theViewersScriptWordsAreInThePagesLanguage() throws {
        let (app, item) = try Self.greekLibrary()
        let viewer = try #require(try Self.pages(app, item: item, language: "fr")["viewer"])
        let attribute = try #require(viewer.firstMatch(of: /id="page-words" hidden data-words="([^"]*)"/)?.output.1)
        let json = attribute.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let words = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
        #expect(words["library.script.zoomed"] == "Zoom à {percent} %.")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/App/Static/js/viewer.js").standardizedFileURL
        let named = Set(try String(contentsOf: script, encoding: .utf8).matches(of: /word\("([a-z0-9.\-]+)"/).map { String($0.output.1) })
        #expect(named.count == 3 && named.allSatisfy { words[$0] != nil }, "\(named)")
    }
}

/// The labels' own pages — a deleted place's or item's label, the picked items' labels to print — in
/// the asked language, every word from the catalogue.
@Suite struct LabelPageLanguageTests {
    static func pages(language: String) throws -> [String: String] {
        let app = try TestApp()
        let shelf = try LabelRouteTests.place(app, "Ράφι")
        let lamp = try app.createItem("Λάμπα"), bike = try app.createItem("Ποδήλατο")
        #expect(try app.client.send("DELETE", "/api/v1/locations/\(shelf)").status == 204)
        #expect(try app.client.send("DELETE", "/api/v1/items/\(lamp.id)").status == 204)
        func get(_ path: String) throws -> String {
            try app.client.get(path + "?lang=\(language)", headers: ["Accept": "text/html"]).text
        }
        let drill = try app.createItem("Τρυπάνι")
        return [
            "place": try get("/l/\(LabelRouteTests.code(place: shelf))"),
            "item": try get("/l/\(LabelRouteTests.code(item: lamp.id))"),
            "print": try app.client.pageForm("/items/bulk?lang=\(language)", [("action", "printLabels"), ("ids", String(bike.id)), ("ids", String(drill.id))]).text,
            "print one": try app.client.pageForm("/items/bulk?lang=\(language)", [("action", "printLabels"), ("ids", String(bike.id))]).text,
        ]
    }

    @Test func inThePseudoLocaleEveryWordOnTheLabelsPagesIsFromTheCatalogue() throws {
        let notWords: Set = ["Homepwner", "Avery", "mm", "PDF"]
        for (name, page) in try Self.pages(language: "en-XA") {
            #expect(page.contains(#"<html lang="en-XA" dir="ltr">"#), "\(name)")
            let unaccented = LibraryPageLanguageTests.shownText(of: page).flatMap { text in
                text.matches(of: /[A-Za-z]{2,}/).map { String($0.output) }.filter { !notWords.contains($0) }.map { "\($0) in “\(text)”" }
            }
            #expect(unaccented == [], "\(name)")
        }
    }

    @Test func inGermanAndArabicTheLabelsPagesSayItInTheirWords() throws {
        let german = try Self.pages(language: "de")
        #expect(try #require(german["place"]).contains(">Dieser Ort wurde gelöscht<") && german["place"]!.contains("für den Ort „Ράφι“ gedruckt"))
        #expect(try #require(german["item"]).contains(">Dieser Gegenstand wurde gelöscht<"))
        #expect(try #require(german["print"]).contains(">2 Etiketten drucken<") && german["print"]!.contains(">2 Etiketten<"))
        #expect(try #require(german["print one"]).contains(">Etikett drucken<") && german["print one"]!.contains(">1 Etikett<"))
        let arabic = try Self.pages(language: "ar")
        for (name, page) in arabic { #expect(page.contains(#"<html lang="ar" dir="rtl">"#), "\(name)") }
        #expect(try #require(arabic["print"]).contains(">ملصقان<"))
    }
}

/// The places list in the asked language: every word from the catalogue, the item counts in the
/// language's plurals, a box said to be one.
@Suite struct PlacesPageLanguageTests {
    static func page(language: String) throws -> String {
        let app = try TestApp()
        let kitchen = try LabelRouteTests.place(app, "Κουζίνα")
        let box = try #require(try app.client.json("POST", "/api/v1/locations", ["name": "Κούτα", "parentId": kitchen, "isBox": true]).json as? [String: Any])
        #expect(box["isBox"] as? Bool == true, "\(box)")
        let lamp = try app.createItem("Λάμπα")
        #expect(try app.client.json("PATCH", "/api/v1/items/\(lamp.id)", ["locationId": kitchen]).status == 200)
        return try app.client.get("/locations?lang=\(language)", headers: ["Accept": "text/html"]).text
    }

    @Test func inThePseudoLocaleEveryWordOnThePlacesListIsFromTheCatalogue() throws {
        let page = try Self.page(language: "en-XA")
        #expect(page.contains(#"<html lang="en-XA" dir="ltr">"#))
        let unaccented = LibraryPageLanguageTests.shownText(of: page).flatMap { text in
            text.matches(of: /[A-Za-z]{2,}/).map { String($0.output) }.filter { $0 != "Homepwner" }.map { "\($0) in “\(text)”" }
        }
        #expect(unaccented == [])
    }

    @Test func inGermanAndArabicThePlacesListSaysItInTheirWords() throws {
        let german = try Self.page(language: "de")
        #expect(german.contains(#"<html lang="de" dir="ltr">"#) && german.contains(">Ort hinzufügen<") && german.contains(">1 Gegenstand<"))
        #expect(german.contains(">Kiste<") && german.contains(#"aria-label="Κουζίνα / Κούτα, eine Kiste""#))
        let arabic = try Self.page(language: "ar")
        #expect(arabic.contains(#"<html lang="ar" dir="rtl">"#) && arabic.contains(">إضافة مكان<") && arabic.contains(">صندوق<"))
    }
}
