import Inventory
import Localization
import Testing
@testable import App

/// Every shipped language reads back the amounts it writes (format, then parse: the same Money), with
/// its separators and symbols from ICU, and says what it expected with an amount written its way.
@Suite struct LocalMoneyTests {
    static let languages = Localization.bundled.languages.map(\.tag)
    static let currencies = ["EUR", "USD", "GBP", "JPY", "BHD", "CHF"].map { Currency(code: $0)! }

    static func format(_ tag: String) -> DisplayFormat { DisplayFormat(words: Localization.bundled.localizer(for: LanguageTag(tag)!)) }

    @Test(arguments: languages) func eachLanguageReadsBackWhatItWrites(_ tag: String) throws {
        let format = Self.format(tag)
        for currency in Self.currencies {
            let notation = format.amountNotation(for: currency)
            for minorUnits: Int64 in [0, 1, 5, 99, 100, 123_456, 1_000_000, 123_456_789, Money.maxMinorUnits - 1, Money.maxMinorUnits] {
                let written = format.money(minorUnits, in: currency)
                let read = try Money.parse(written, currency: currency, writtenAs: notation)
                #expect(read == Money(minorUnits: minorUnits, currency: currency), "\(tag) \(currency.code): \(written)")
            }
        }
    }

    @Test func theNotationsExamplesAreTheLanguages() {
        let eur = Currency(code: "EUR")!
        #expect(Self.format("de").amountNotation(for: eur).example == "1.234,56")
        #expect(Self.format("fr").amountNotation(for: eur).example == "1\u{202F}234,56")
        #expect(Self.format("es").amountNotation(for: eur).example == "1234,56")
        #expect(Self.format("en-US").amountNotation(for: .usd).example == "1,234.56")
        #expect(Self.format("de").amountNotation(for: Currency(code: "JPY")!).example == "1.234")
        #expect(Self.format("de").amountNotation(for: Currency(code: "BHD")!).example == "1.234,567")
        #expect(Self.format("ar").amountNotation(for: eur).example == "١٬٢٣٤٫٥٦")
        let refused = { (tag: String, text: String) -> String? in
            do { _ = try Money.parse(text, currency: eur, writtenAs: Self.format(tag).amountNotation(for: eur)); return nil } catch let error as MoneyError { return error.message } catch { return nil }
        }
        #expect(refused("de", "1.23") == "Amount “1.23” can’t be read as an amount. Write an amount like 1.234,56.")
        #expect(refused("en-GB", "12,50") == "Amount “12,50” can’t be read as an amount. Write an amount like 1,234.56.")
    }

    /// US English's page forms are the ones every untranslated page has always written.
    @Test func usEnglishKeepsTheUSForms() {
        let format = Self.format("en-US")
        #expect(format.money(189_900, in: .usd) == "$1,899")
        #expect(format.money(189_950, in: .usd) == "$1,899.50")
        #expect(format.money(nil, in: .usd) == "No value")
        #expect(Self.format("de").money(nil, in: .usd) == "Kein Wert")
        #expect(Self.format("de").money(189_900, in: .usd) == "1.899\u{A0}$")
        #expect(Self.format("de").day(CalendarDate(iso: "2026-12-05")!) == "5. Dez. 2026")
        #expect(format.day(CalendarDate(iso: "2026-12-05")!) == "Dec 5, 2026")
    }

    /// Purchase dates as said, for the detail page once it is translated.
    @Test func purchaseDatesInTheLanguage() {
        let said = CalendarDate(iso: "2024-12-06")!
        #expect(Self.format("en-US").purchase(.yearsAgo(1, saidOn: said)) == "about 1 year before Dec 6, 2024")
        #expect(Self.format("en-US").purchase(.month(year: 2019, month: 3)) == "Mar 2019")
        #expect(Self.format("de").purchase(.yearsAgo(5, saidOn: said)) == "etwa 5 Jahre vor dem 6. Dez. 2024")
        #expect(Self.format("de").purchase(.month(year: 2019, month: 3)) == "März 2019")
        #expect(Self.format("fr").purchase(.yearsAgo(1, saidOn: said)) == "environ 1 an avant le 6 déc. 2024")
        #expect(Self.format("ar").purchase(.year(2019)) == "٢٠١٩")
        #expect(Self.format("ar").purchase(.yearsAgo(3, saidOn: said)) == "قبل ٦ ديسمبر ٢٠٢٤ بنحو ٣ سنوات")
    }
}
