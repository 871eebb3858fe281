import Inventory
import Testing

/// Amounts typed the way a language writes them, by the rules `Money.parse(_:currency:writtenAs:)`
/// spells out; the notations are CLDR's (AppTests' `LocalMoneyTests` takes them from ICU itself).
@Suite struct MoneyLocalParsingTests {
    static let eur = Currency(code: "EUR")!
    static let jpy = Currency(code: "JPY")!
    static let bhd = Currency(code: "BHD")!
    static let german = AmountNotation(decimalSeparator: ",", groupingSeparator: ".", zeroDigit: "0", currencySymbol: "€", example: "1.234,56")
    static let french = AmountNotation(decimalSeparator: ",", groupingSeparator: "\u{202F}", zeroDigit: "0", currencySymbol: "€", example: "1\u{202F}234,56")
    static let english = AmountNotation(decimalSeparator: ".", groupingSeparator: ",", zeroDigit: "0", currencySymbol: "$", example: "1,234.56")
    static let arabic = AmountNotation(decimalSeparator: "٫", groupingSeparator: "٬", zeroDigit: "٠", currencySymbol: "€", example: "١٬٢٣٤٫٥٦")

    static func cents(_ text: String, _ notation: AmountNotation, _ currency: Currency = eur) throws -> Int64 {
        try Money.parse(text, currency: currency, writtenAs: notation).minorUnits
    }

    static func error(_ text: String, _ notation: AmountNotation, _ currency: Currency = eur) -> MoneyError? {
        do { _ = try Money.parse(text, currency: currency, writtenAs: notation); return nil } catch { return error }
    }

    @Test func germanWithAndWithoutGroupsAndSymbol() throws {
        for text in ["1.234,56", "1234,56", "1.234,56 €", "1.234,56\u{A0}€", "€1.234,56", "1.234,56 EUR", " 1234,56 "] {
            #expect(try Self.cents(text, Self.german) == 123_456, "\(text)")
        }
        #expect(try Self.cents("1.234", Self.german) == 123_400)
        #expect(try Self.cents("12,5", Self.german) == 1250)
        #expect(try Self.cents(",50", Self.german) == 50)
        #expect(try Self.cents("1.000.000", Self.german) == 100_000_000)
    }

    @Test func frenchTakesAnySpaceForItsNarrowOne() throws {
        for text in ["1\u{202F}234,56", "1 234,56", "1\u{A0}234,56", "1234,56", "1 234,56 €"] {
            #expect(try Self.cents(text, Self.french) == 123_456, "\(text)")
        }
    }

    @Test func englishAndArabic() throws {
        #expect(try Self.cents("1,234.56", Self.english, .usd) == 123_456)
        #expect(try Self.cents("$1,234.56", Self.english, .usd) == 123_456)
        #expect(try Self.cents("1,234", Self.english, .usd) == 123_400)
        #expect(try Self.cents("\u{200F}١٬٢٣٤٫٥٦\u{A0}€", Self.arabic) == 123_456)
        #expect(try Self.cents("1234٫56", Self.arabic) == 123_456)
    }

    /// What one language would read as grouping and another as decimals is never guessed at.
    @Test func ambiguousAndWrongTextIsRefusedWithTheLanguagesExample() {
        let unreadable = { (text: String, notation: AmountNotation) in MoneyError.notWrittenAs(text, .unreadable, example: notation.example) }
        // German: a point groups thousands, so "1.23" is neither a grouping nor a decimal.
        #expect(Self.error("1.23", Self.german) == unreadable("1.23", Self.german))
        #expect(Self.error("1,234.56", Self.german) == unreadable("1,234.56", Self.german))
        #expect(Self.error("12,34,56", Self.german) == unreadable("12,34,56", Self.german))
        #expect(Self.error("1.234,", Self.german) == unreadable("1.234,", Self.german))
        // "1,234" in German is 1 euro and 234 thousandths: EUR has two decimals.
        #expect(Self.error("1,234", Self.german) == .notWrittenAs("1,234", .tooManyDecimals(Self.eur), example: "1.234,56"))
        // English: "1.234" is not 1234 but three decimals, too many for USD; "12,50" is no grouping.
        #expect(Self.error("1.234", Self.english, .usd) == .notWrittenAs("1.234", .tooManyDecimals(.usd), example: "1,234.56"))
        #expect(Self.error("12,50", Self.english, .usd) == unreadable("12,50", Self.english))
        // French does not write a point at all.
        #expect(Self.error("1.234,56", Self.french) == unreadable("1.234,56", Self.french))
        #expect(Self.error("-12,50", Self.german) == .notWrittenAs("-12,50", .negative, example: "1.234,56"))
        #expect(Self.error("  ", Self.german) == .notWrittenAs("  ", .empty, example: "1.234,56"))
        #expect(Self.error("zwölf", Self.german) == unreadable("zwölf", Self.german))
        #expect(Self.error("12,5", Self.german, Self.jpy) == .notWrittenAs("12,5", .tooManyDecimals(Self.jpy), example: "1.234,56"))
        #expect(Self.error("10.000.000.000,01", Self.german) == .tooLarge(limit: Money(minorUnits: Money.maxMinorUnits, currency: Self.eur)))
    }

    @Test func theMessagesSayWhatToWrite() {
        #expect(Self.error("1.23", Self.german)?.message(naming: "Wert") == "Wert “1.23” can’t be read as an amount. Write an amount like 1.234,56.")
        #expect(Self.error("1,234", Self.german)?.message == "Amount has too many decimals: EUR has at most 2. Write an amount like 1.234,56.")
        #expect(Self.error("1,5", Self.german, Self.jpy)?.message == "Amount can’t have decimals: JPY has none. Write an amount like 1.234,56.")
        #expect(Self.error("", Self.french)?.message == "Amount is empty. Write an amount like 1\u{202F}234,56.")
    }

    /// The limit exactly, and the Bahraini dinar's three decimals, in German.
    @Test func exactAtTheLimitAndInThreeDecimals() throws {
        #expect(try Self.cents("10.000.000.000,00", Self.german) == Money.maxMinorUnits)
        #expect(try Self.cents("999.999.999,999", Self.german, Self.bhd) == 999_999_999_999)
        #expect(try Self.cents("1.000.000.000.000", Self.german, Self.jpy) == Money.maxMinorUnits)
    }
}
