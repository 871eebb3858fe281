import Foundation
import Localization
import Testing

/// Plurals by CLDR's rules per language, the language a request gets, and the pseudo-locale.
@Suite struct PluralAndLanguageTests {
    static let localization = try! Localization(folder: ShippedCatalogueTests.folder)

    static func count(_ count: Int, in tag: String, key: String = "item.list.count") -> String {
        localization.localizer(for: LanguageTag(tag)!).text(key, ["count": .count(count)])
    }

    @Test func englishIsOneAndOther() {
        #expect(Self.count(0, in: "en-US") == "0 items")
        #expect(Self.count(1, in: "en-US") == "1 item")
        #expect(Self.count(2, in: "en-US") == "2 items")
        #expect(Self.count(1234, in: "en-GB") == "1,234 items")
    }

    /// French says "0 objet": zero is singular.
    @Test func frenchTakesZeroAsSingular() {
        #expect(Self.count(0, in: "fr") == "0 objet")
        #expect(Self.count(1, in: "fr") == "1 objet")
        #expect(Self.count(2, in: "fr") == "2 objets")
        #expect(Self.count(1_000_000, in: "fr") == "1\u{202F}000\u{202F}000 d’objets")
    }

    @Test func germanIsOneAndOther() {
        #expect(Self.count(0, in: "de") == "0 Gegenstände")
        #expect(Self.count(1, in: "de") == "1 Gegenstand")
        #expect(Self.count(1234, in: "de") == "1.234 Gegenstände")
    }

    /// Arabic's six forms: 0, 1, 2, 3–10, 11–99, 100 and more (and 103–110 "few" again).
    @Test func arabicHasSixForms() {
        #expect(Self.count(0, in: "ar") == "لا أغراض")
        #expect(Self.count(1, in: "ar") == "غرض واحد")
        #expect(Self.count(2, in: "ar") == "غرضان")
        #expect(Self.count(3, in: "ar").hasSuffix(" أغراض"))
        #expect(Self.count(10, in: "ar").hasSuffix(" أغراض"))
        #expect(Self.count(11, in: "ar").hasSuffix(" غرضًا"))
        #expect(Self.count(99, in: "ar").hasSuffix(" غرضًا"))
        #expect(Self.count(100, in: "ar").hasSuffix(" غرض"))
        #expect(Self.count(103, in: "ar").hasSuffix(" أغراض"))
    }

    @Test func acceptLanguageGetsTheClosestShippedLanguage() {
        let l = Self.localization
        #expect(l.negotiate(acceptLanguage: "fr-CA,fr;q=0.9,en;q=0.5")?.tag == "fr")
        #expect(l.negotiate(acceptLanguage: "de-AT")?.tag == "de")
        #expect(l.negotiate(acceptLanguage: "pt")?.tag == "pt-BR")
        #expect(l.negotiate(acceptLanguage: "en-GB,en;q=0.8")?.tag == "en-GB")
        #expect(l.negotiate(acceptLanguage: "en")?.tag == "en-US")
        #expect(l.negotiate(acceptLanguage: "ar-EG,ar;q=0.9")?.tag == "ar")
        #expect(l.negotiate(acceptLanguage: "ja,ko;q=0.5,nl;q=0.2")?.tag == "nl")
        #expect(l.negotiate(acceptLanguage: "xx-YY") == nil)
        #expect(l.negotiate(acceptLanguage: "ja") == nil)
        // ICU's own fallback for a language it cannot match is its default, not a choice of the browser's.
        #expect(l.negotiate(acceptLanguage: "tlh") == nil)
        #expect(l.negotiate(acceptLanguage: "tlh,it;q=0.1")?.tag == "it")
        #expect(l.negotiate(acceptLanguage: "") == nil)
        #expect(l.negotiate(acceptLanguage: ";;;,,q=") == nil)
    }

    @Test func aLangParameterNamesALanguageOrItsClosest() {
        let l = Self.localization
        #expect(l.language(named: "de")?.tag == "de")
        #expect(l.language(named: "pt-br")?.tag == "pt-BR")
        #expect(l.language(named: "de-CH")?.tag == "de")
        #expect(l.language(named: "en-XA")?.tag == "en-XA")
        #expect(l.language(named: "klingon") == nil)
        #expect(l.language(named: "<script>") == nil)
    }

    @Test func arabicIsRightToLeftAndTheOthersAreNot() {
        #expect(LanguageTag("ar")!.isRightToLeft)
        #expect(LanguageTag("ar")!.direction == "rtl")
        for tag in ["en-US", "en-GB", "de", "fr", "es", "nl", "it", "pt-BR", "en-XA"] {
            #expect(!LanguageTag(tag)!.isRightToLeft, "\(tag)")
        }
    }

    /// Every message in en-XA: accented, at least 40 % longer than US English, its placeholders
    /// kept (an argument's value comes out as given) and its plurals still chosen by count.
    @Test func thePseudoLocaleIsAccentedLongerAndKeepsPlaceholders() throws {
        let l = Self.localization
        let pseudo = l.localizer(for: .pseudo), english = l.localizer(for: .template)
        for key in l.template.patterns.keys {
            let names = l.template.placeholders(of: key) ?? []
            #expect(l.catalogue(.pseudo)?.placeholders(of: key) == names, "\(key)")
            let pattern = l.template.patterns[key]
            let arguments = Dictionary(uniqueKeysWithValues: names.map { ($0, ShippedCatalogueTests.isNumber($0, in: pattern) ? MessageArgument.integer(2) : .text("Q")) })
            let made = pseudo.text(key, arguments), plain = english.text(key, arguments)
            #expect(Double(made.count) >= 1.4 * Double(plain.count), "\(key): \(made)")
            #expect(made.unicodeScalars.allSatisfy { !(0x61...0x7A).contains($0.value) }, "\(key): \(made)")
            for name in names where !ShippedCatalogueTests.isNumber(name, in: pattern) { #expect(made.contains("Q"), "\(key)") }
        }
        #expect(pseudo.text("top.account.signed-in", ["name": "Ann"]).contains("Ann"))
        #expect(pseudo.text("item.list.count", ["count": 1]).hasPrefix("[1 ") )
        #expect(pseudo.text("item.list.count", ["count": 2]) == "[2 īŧḗḿş ·····]")
    }
}
