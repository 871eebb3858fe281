import Foundation
import Localization
import Testing

/// The catalogues Homepwner ships (`Sources/App/Locales`), as a translator leaves them: complete,
/// the same placeholders as the template, every message parsing under ICU for its language.
@Suite struct ShippedCatalogueTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/App/Locales").standardizedFileURL
    static let shipped = ["en-US", "en-GB", "de", "fr", "es", "nl", "it", "pt-BR", "ar"]
    /// The placeholders that are numbers a plural chooses by (a message with two counts names them apart).
    static let counts: Set = ["count", "lines", "items"]

    /// Whether `name` is a number in `pattern`: one of `counts`, or a placeholder the US English
    /// chooses a plural by or writes as a number (`{new, plural, …}`).
    static func isNumber(_ name: String, in pattern: String?) -> Bool {
        counts.contains(name) || pattern.map { $0.contains("{\(name), plural") || $0.contains("{\(name), number") } == true
    }

    @Test func everyShippedLanguageLoadsAndEveryMessageParses() throws {
        let localization = try Localization(folder: Self.folder)
        #expect(localization.languages.map(\.tag) == ["en-US", "ar", "de", "en-GB", "es", "fr", "it", "nl", "pt-BR"])
        #expect(Set(localization.languages.map(\.tag)) == Set(Self.shipped))
        #expect(localization.template.patterns.count > 30)
    }

    /// Any key missing from a language (or fuzzy, or made from an older English), any placeholder a
    /// translation names that the template does not, or leaves out, is listed by name.
    @Test func everyShippedLanguageHasEveryKeyWithTheTemplatesPlaceholders() throws {
        let localization = try Localization(folder: Self.folder)
        for language in localization.languages {
            let catalogue = try #require(localization.catalogue(language))
            #expect(catalogue.problems(against: localization.template) == [], "\(language)")
        }
    }

    /// Every key the template has gives text in every language, with made-up arguments for its placeholders.
    @Test func everyMessageFormatsInEveryLanguage() throws {
        let localization = try Localization(folder: Self.folder)
        for language in localization.languages + [.pseudo] {
            let catalogue = try #require(localization.catalogue(language))
            for key in localization.template.patterns.keys {
                let names = localization.template.placeholders(of: key) ?? []
                let pattern = localization.template.patterns[key]
                let arguments = Dictionary(uniqueKeysWithValues: names.map { ($0, Self.isNumber($0, in: pattern) ? MessageArgument.integer(3) : .text("X")) })
                let text = try catalogue.text(key, arguments)
                #expect(text?.isEmpty == false, "\(language) \(key)")
            }
        }
    }
}
