import Foundation
import Localization
import Testing

/// What the checks find in a translator's file that is wrong: each kind of mistake, named with its key.
@Suite struct CatalogueCheckTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalogue-checks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.write("en-US.pot", [
            ("a.greeting", "Hello {name}", ""),
            ("a.count", "{count, plural, one {# item} other {# items}}", ""),
            ("a.title", "Items", ""),
        ], in: folder)
    }

    static func write(_ name: String, _ messages: [(key: String, source: String, translation: String)], fuzzy: Set<String> = [], in folder: URL) throws {
        var text = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
        for message in messages {
            if fuzzy.contains(message.key) { text += "#, fuzzy\n" }
            text += "msgctxt \"\(message.key)\"\nmsgid \"\(message.source)\"\nmsgstr \"\(message.translation)\"\n\n"
        }
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    @Test func aMissingKeyAFuzzyOneAndAnUnknownOneAreEachNamed() throws {
        try Self.write("de.po", [
            ("a.greeting", "Hello {name}", "Hallo {name}"),
            ("a.count", "{count, plural, one {# item} other {# items}}", "{count, plural, one {# Gegenstand} other {# Gegenstände}}"),
            ("a.gone", "Gone", "Weg"),
        ], in: folder)
        try Self.write("fr.po", [
            ("a.greeting", "Hello {name}", "Bonjour {name}"),
            ("a.count", "{count, plural, one {# item} other {# items}}", "{count, plural, one {# objet} other {# objets}}"),
            ("a.title", "Items", "Objets"),
        ], fuzzy: ["a.title"], in: folder)
        let localization = try Localization(folder: folder)
        let german = try #require(localization.catalogue(LanguageTag("de")!))
        #expect(german.problems(against: localization.template) == ["de: a.title is not translated", "de: a.gone is not in the template"])
        let french = try #require(localization.catalogue(LanguageTag("fr")!))
        #expect(french.problems(against: localization.template) == ["fr: a.title is not translated"])
        // Not translated: the template's words instead.
        #expect(localization.localizer(for: LanguageTag("fr")!).text("a.title") == "Items")
    }

    @Test func aTranslationLeavingOutAPlaceholderOrMadeFromOlderEnglishIsNamed() throws {
        try Self.write("de.po", [
            ("a.greeting", "Hello {name}", "Hallo"),
            ("a.count", "{count, plural, one {# item} other {# items}}", "{count, plural, one {# Gegenstand} other {# Gegenstände}}"),
            ("a.title", "Things", "Sachen"),
        ], in: folder)
        let localization = try Localization(folder: folder)
        let german = try #require(localization.catalogue(LanguageTag("de")!))
        #expect(german.problems(against: localization.template) == [
            "de: a.greeting names [], the template [\"name\"]",
            "de: a.title was translated from “Things”, the template now says “Items”",
        ])
    }

    @Test func aTranslationNamingAPlaceholderTheTemplateDoesNotStopsTheLoad() throws {
        try Self.write("de.po", [("a.greeting", "Hello {name}", "Hallo {nom}")], in: folder)
        #expect(throws: LocalizationError(.unknownPlaceholder, "de.po: a.greeting names {nom}, which the template does not")) {
            try Localization(folder: folder)
        }
    }

    @Test func aMessageThatDoesNotParseStopsTheLoadNamingItsKey() throws {
        try Self.write("de.po", [("a.count", "{count, plural, one {# item} other {# items}}", "{count, plural, one {# Gegenstand} other {# Gegenstände}")], in: folder)
        #expect { try Localization(folder: folder) } throws: { error in
            guard let error = error as? LocalizationError else { return false }
            return error.code == .badMessage && error.message.hasPrefix("de.po: a.count does not parse: U_")
        }
    }

    @Test func aNumberedArgumentIsRefused() throws {
        try Self.write("de.po", [("a.greeting", "Hello {name}", "Hallo {0}")], in: folder)
        #expect { try Localization(folder: folder) } throws: { error in
            (error as? LocalizationError)?.message.contains("numbers an argument") == true
        }
    }

    @Test func aFileThatIsNotPOIsRefusedWithTheReadersWords() throws {
        try "msgctxt \"a\"\nmsgid \"x\nthis is not PO\n".write(to: folder.appendingPathComponent("de.po"), atomically: true, encoding: .utf8)
        #expect { try Localization(folder: folder) } throws: { error in
            guard let error = error as? LocalizationError else { return false }
            return error.code == .unreadableFile && error.message.contains("de.po:")
        }
    }

    @Test func aMissingArgumentIsAnErrorNotABraceOnThePage() throws {
        let localization = try Localization(folder: folder)
        #expect(throws: LocalizationError.self) { try localization.template.text("a.greeting") }
        // The localizer gives the key instead of a half-made sentence.
        #expect(localization.localizer(for: .template).text("a.greeting") == "a.greeting")
    }
}
