import Foundation
import Localization
import Testing

/// Dates, numbers and amounts as each shipped language writes them, exactly as Debian's ICU 72
/// (CLDR 42) gives them: U+00A0 is a no-break space, U+202F a narrow one, U+200F a right-to-left mark.
@Suite struct LocalFormatsTests {
    static let localization = try! Localization(folder: ShippedCatalogueTests.folder)

    static func formats(_ tag: String) -> LocalFormats { localization.formats(for: LanguageTag(tag)!) }

    /// 2022-08-06 16:30 UTC.
    static let afternoon = Date(timeIntervalSince1970: 1_659_803_400)

    struct Expected: Sendable, CustomTestStringConvertible {
        let tag: String
        let day: String, month: String, dayAndTime: String, integer: String
        let euros: String, wholeEuros: String, dollars: String, pounds: String, yen: String, dinars: String
        var testDescription: String { tag }
    }

    static let expected: [Expected] = [
        Expected(tag: "en-US", day: "Dec 5, 2026", month: "Dec 2026", dayAndTime: "Aug 6, 2022, 4:30\u{202F}PM", integer: "1,234,567",
                 euros: "€1,234.56", wholeEuros: "€1,899", dollars: "$1,234.56", pounds: "£1,234.56", yen: "¥1,300", dinars: "BHD\u{A0}1,234.567"),
        Expected(tag: "en-GB", day: "5 Dec 2026", month: "Dec 2026", dayAndTime: "6 Aug 2022, 16:30", integer: "1,234,567",
                 euros: "€1,234.56", wholeEuros: "€1,899", dollars: "US$1,234.56", pounds: "£1,234.56", yen: "JP¥1,300", dinars: "BHD\u{A0}1,234.567"),
        Expected(tag: "de", day: "5. Dez. 2026", month: "Dez. 2026", dayAndTime: "6. Aug. 2022, 16:30", integer: "1.234.567",
                 euros: "1.234,56\u{A0}€", wholeEuros: "1.899\u{A0}€", dollars: "1.234,56\u{A0}$", pounds: "1.234,56\u{A0}£", yen: "1.300\u{A0}¥", dinars: "1.234,567\u{A0}BHD"),
        Expected(tag: "fr", day: "5 déc. 2026", month: "déc. 2026", dayAndTime: "6 août 2022, 16:30", integer: "1\u{202F}234\u{202F}567",
                 euros: "1\u{202F}234,56\u{A0}€", wholeEuros: "1\u{202F}899\u{A0}€", dollars: "1\u{202F}234,56\u{A0}$US", pounds: "1\u{202F}234,56\u{A0}£GB",
                 yen: "1\u{202F}300\u{A0}JPY", dinars: "1\u{202F}234,567\u{A0}BHD"),
        // Spanish groups only from five digits (CLDR's minimum grouping of 2).
        Expected(tag: "es", day: "5 dic 2026", month: "dic 2026", dayAndTime: "6 ago 2022, 16:30", integer: "1.234.567",
                 euros: "1234,56\u{A0}€", wholeEuros: "1899\u{A0}€", dollars: "1234,56\u{A0}US$", pounds: "1234,56\u{A0}GBP", yen: "1300\u{A0}JPY", dinars: "1234,567\u{A0}BHD"),
        Expected(tag: "nl", day: "5 dec 2026", month: "dec 2026", dayAndTime: "6 aug 2022 16:30", integer: "1.234.567",
                 euros: "€\u{A0}1.234,56", wholeEuros: "€\u{A0}1.899", dollars: "US$\u{A0}1.234,56", pounds: "£\u{A0}1.234,56", yen: "JP¥\u{A0}1.300", dinars: "BHD\u{A0}1.234,567"),
        Expected(tag: "it", day: "5 dic 2026", month: "dic 2026", dayAndTime: "6 ago 2022, 16:30", integer: "1.234.567",
                 euros: "1.234,56\u{A0}€", wholeEuros: "1.899\u{A0}€", dollars: "1.234,56\u{A0}USD", pounds: "1.234,56\u{A0}£", yen: "1.300\u{A0}JPY", dinars: "1.234,567\u{A0}BHD"),
        Expected(tag: "pt-BR", day: "5 de dez. de 2026", month: "dez. de 2026", dayAndTime: "6 de ago. de 2022, 16:30", integer: "1.234.567",
                 euros: "€\u{A0}1.234,56", wholeEuros: "€\u{A0}1.899", dollars: "US$\u{A0}1.234,56", pounds: "£\u{A0}1.234,56", yen: "JP¥\u{A0}1.300", dinars: "BHD\u{A0}1.234,567"),
        // Arabic: CLDR 42's default digits for `ar` are Arabic-Indic, as in the catalogue's plurals.
        Expected(tag: "ar", day: "٥ ديسمبر ٢٠٢٦", month: "ديسمبر ٢٠٢٦", dayAndTime: "٦ أغسطس ٢٠٢٢، ٤:٣٠ م", integer: "١٬٢٣٤٬٥٦٧",
                 euros: "\u{200F}١٬٢٣٤٫٥٦\u{A0}€", wholeEuros: "\u{200F}١٬٨٩٩\u{A0}€", dollars: "\u{200F}١٬٢٣٤٫٥٦\u{A0}US$", pounds: "\u{200F}١٬٢٣٤٫٥٦\u{A0}UK£",
                 yen: "\u{200F}١٬٣٠٠\u{A0}JP¥", dinars: "\u{200F}١٬٢٣٤٫٥٦٧\u{A0}د.ب.\u{200F}"),
    ]

    /// The formatters keep what they wrote (a page writes the same amounts on every request); past
    /// their limit they start over, and every amount and day is still written as it should be, the
    /// first time and again.
    @Test func amountsAndDaysReadTheSameWhenWrittenAgainAndPastWhatTheFormattersKeep() {
        let german = Self.formats("de")
        for round in 0..<2 {
            for cents in stride(from: 0, to: 1_000_000, by: 97) {
                let decimal = "\(cents / 100).\(String(format: "%02d", cents % 100))"
                let euros = cents / 100, rest = String(format: "%02d", cents % 100)
                let grouped = euros >= 1000 ? "\(euros / 1000).\(String(format: "%03d", euros % 1000))" : "\(euros)"
                #expect(german.amount(decimal: decimal, currency: "EUR", fractionDigits: 2) == "\(grouped),\(rest)\u{A0}€", "round \(round)")
            }
            for day in 1...28 {
                #expect(german.day(year: 2026, month: 3, day: day) == "\(day). März 2026")
            }
        }
    }

    @Test(arguments: expected) func eachLanguageWritesDatesNumbersAndAmountsAsCLDRSays(_ want: Expected) {
        let formats = Self.formats(want.tag)
        #expect(formats.day(year: 2026, month: 12, day: 5) == want.day)
        #expect(formats.month(year: 2026, month: 12) == want.month)
        #expect(formats.dayAndTime(Self.afternoon) == want.dayAndTime)
        #expect(formats.integer(1_234_567) == want.integer)
        #expect(formats.amount(decimal: "1234.56", currency: "EUR", fractionDigits: 2) == want.euros)
        #expect(formats.amount(decimal: "1899", currency: "EUR", fractionDigits: 0) == want.wholeEuros)
        #expect(formats.amount(decimal: "1234.56", currency: "USD", fractionDigits: 2) == want.dollars)
        #expect(formats.amount(decimal: "1234.56", currency: "GBP", fractionDigits: 2) == want.pounds)
        #expect(formats.amount(decimal: "1300", currency: "JPY", fractionDigits: 0) == want.yen)
        #expect(formats.amount(decimal: "1234.567", currency: "BHD", fractionDigits: 3) == want.dinars)
    }

    /// Amounts past a Double's 15–17 significant digits keep every digit: formatted from the text.
    @Test func amountsStayExactPastWhatADoubleHolds() {
        let german = Self.formats("de")
        #expect(german.amount(decimal: "9999999999.99", currency: "EUR", fractionDigits: 2) == "9.999.999.999,99\u{A0}€")
        #expect(german.amount(decimal: "10000000000.00", currency: "EUR", fractionDigits: 2) == "10.000.000.000,00\u{A0}€")
        #expect(german.amount(decimal: "999999999.999", currency: "BHD", fractionDigits: 3) == "999.999.999,999\u{A0}BHD")
        #expect(german.amount(decimal: "1000000000000", currency: "JPY", fractionDigits: 0) == "1.000.000.000.000\u{A0}¥")
        // Int64.max minor units: 19 digits, beyond any Double's exact integers.
        #expect(Self.formats("en-US").amount(decimal: "92233720368547758.07", currency: "USD", fractionDigits: 2) == "$92,233,720,368,547,758.07")
        #expect(Self.formats("en-US").amount(decimal: "0.01", currency: "USD", fractionDigits: 2) == "$0.01")
    }

    @Test func weeksAndClocksAreTheRegions() {
        #expect(Self.formats("en-US").firstWeekday == 1)
        #expect(!Self.formats("en-US").usesTwentyFourHourClock)
        #expect(Self.formats("en-GB").firstWeekday == 2)
        #expect(Self.formats("de").firstWeekday == 2)
        #expect(Self.formats("de").usesTwentyFourHourClock)
        #expect(Self.formats("pt-BR").firstWeekday == 1)
        #expect(Self.formats("ar").firstWeekday == 7)
        #expect(!Self.formats("ar").usesTwentyFourHourClock)
        #expect(Self.formats("fr").dayAndTimePattern == "d MMM y, HH:mm")
    }

    /// The catalogue's plurals and the formats come from one ICU: an Arabic page writes one set of digits.
    @Test func arabicPluralsAndNumbersUseTheSameDigits() {
        let words = Self.localization.localizer(for: LanguageTag("ar")!)
        let count = words.text("item.list.count", ["count": .count(1234)])
        #expect(count.contains(Self.formats("ar").integer(1234)))
    }

    /// An unshipped language gets US English's formats; the pseudo-locale too.
    @Test func unshippedLanguagesGetUSEnglish() {
        #expect(Self.formats("ja").day(year: 2026, month: 12, day: 5) == "Dec 5, 2026")
        #expect(Self.formats("en-XA").language == LanguageTag("en-US")!)
    }
}
