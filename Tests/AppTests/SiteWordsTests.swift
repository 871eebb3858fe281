import Foundation
import HTTPTestClient
import Localization
import Testing
@testable import App

/// The site's own words around every translated page: the offline copy's status and its reason, the
/// outbox's list, and what the site's scripts say (`#site-words`, read by `page-words.js`).
@Suite struct SiteWordsTests {
    static func siteWords(_ page: String) throws -> [String: String] {
        let match = try #require(page.firstMatch(of: /<div id="site-words" hidden data-words="([^"]*)">/))
        let json = String(match.output.1).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
    }

    @Test func theOfflineCopyAndTheOutboxSpeakThePagesLanguage() throws {
        let app = try TestApp()
        let german = try PageLanguageTests.page(app, "/", language: "de")
        #expect(german.contains(#"<span id="offline-copy-label">Offline-Kopie</span>"#))
        #expect(german.contains("Der Server von Homepwner ist nicht erreichbar"))
        let words = try Self.siteWords(german)
        #expect(words["site.script.offline-from"] == "Offline-Kopie von {when}", "the placeholder is left for the script")
        #expect(words["site.script.outbox-waiting"] == "{count} zum Hochladen")
        #expect(Set(words.keys) == Set(Localization.bundled.template.patterns.keys.filter { $0.hasPrefix("site.script.") }).union(PageLayout.uploadScriptKeys),
                "every word the scripts say (the upload script's too)")

        let english = try PageLanguageTests.page(app, "/", language: "en-US")
        #expect(try Self.siteWords(english)["site.script.updated"] == "Homepwner was updated.")
        // A page not translated yet says no site words: its scripts keep their own US English.
        var context = PageContext(stylesheet: "/s.css", script: "/s.js", icon: "/i.svg")
        context.localizer = Localization.bundled.localizer(for: LanguageTag("de")!)
        let untranslated = String(decoding: PageLayout(title: "Later", context: context, pageClass: "later", bar: TopBar(title: "Later"), content: .empty)
            .document().renderedBytes(), as: UTF8.self)
        #expect(!untranslated.contains("id=\"site-words\"") && untranslated.contains(#"<span id="offline-copy-label">Offline copy</span>"#))
    }

    /// In the pseudo-locale, the offline copy's words (every page has them, hidden until needed) are
    /// all from the catalogue.
    @Test func inThePseudoLocaleTheSitesWordsAreAllFromTheCatalogue() throws {
        let app = try TestApp()
        let page = try PageLanguageTests.page(app, "/?lang=en-XA")
        let chrome = try #require(page.firstMatch(of: /<div class="offline-copy">[\s\S]*?<\/div>\s*<\/div>\s*<\/div>/)).output
        let texts = chrome.matches(of: />([^<>]+)</).map { String($0.output.1) }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(!texts.isEmpty)
        let english = texts.flatMap { $0.matches(of: /[A-Za-z]{2,}/).map { String($0.output) } }.filter { $0 != "Homepwner" }
        #expect(english == [], "\(texts)")
        let words = try Self.siteWords(page)
        #expect(words.values.allSatisfy { !$0.replacing(/\{[a-z]+\}/, with: "").replacing("Homepwner", with: "").contains(/[A-Za-z]{2,}/) })
    }
}

/// The item list's search bar and filters in the page's language.
@Suite struct SearchBarLanguageTests {
    @Test func theSearchBarAndItsFiltersAreInThePagesLanguage() throws {
        let app = try TestApp()
        try app.createItem("Kamera", value: 450)
        let german = try PageLanguageTests.page(app, "/", language: "de")
        #expect(german.contains(#"placeholder="Name, Marke, Seriennummer, Raum suchen …""#))
        #expect(german.contains("Garantie endet innerhalb von 30 Tagen") && german.contains(">Jeder Zustand<") && german.contains(">Gut<"))

        let pseudo = try PageLanguageTests.page(app, "/?lang=en-XA")
        let form = String(try #require(pseudo.firstMatch(of: /<form class="search-bar"[\s\S]*?<\/form>/)).output)
        let shown = DetailPageLanguageTests.shownText(of: "<main id=\"content\">" + form + "</main>")
        #expect(!shown.isEmpty)
        #expect(shown.flatMap { $0.matches(of: /[A-Za-z]{2,}/).map { String($0.output) } } == [], "\(shown)")
    }
}
