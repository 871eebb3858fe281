import Localization
import Messages
import Testing
@testable import App

/// How a test checks a refusal's words in every shipped language at once: the template writes the
/// code's US English, German says `german` word for word, and no other language says the English.
enum CataloguedWording {
    /// The shipped languages besides US English, British English and German.
    static let others = ["fr", "es", "nl", "it", "pt-BR", "ar"]

    static func expect(_ wording: Message, english: String, german: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let template = DisplayFormat(words: Localization.bundled.localizer(for: .template))
        #expect(template.catalogueText(wording) == english, sourceLocation: sourceLocation)
        #expect(format("de").catalogueText(wording) == german, sourceLocation: sourceLocation)
        for language in others {
            #expect(format(language).catalogueText(wording) != english, "\(language): \(english)", sourceLocation: sourceLocation)
        }
    }

    private static func format(_ language: String) -> DisplayFormat {
        DisplayFormat(words: Localization.bundled.localizer(for: LanguageTag(language)!))
    }
}
