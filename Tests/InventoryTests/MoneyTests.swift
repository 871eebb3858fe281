import Foundation
import Inventory
import Testing

/// `Money` and `Currency`: exact amounts in minor units, parsed from the API and from forms, with messages
/// that say what to fix.
@Suite struct MoneyTests {
    static let jpy = Currency(code: "JPY")!
    static let bhd = Currency(code: "BHD")!
    static let chf = Currency(code: "CHF")!
    static let eur = Currency(code: "EUR")!

    static func usd(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: .usd) }

    /// The error parsing `text` throws, or nil when it parses.
    static func error(parsing text: String, currency: Currency = .usd, typed: Bool = false) -> MoneyError? {
        do {
            _ = typed ? try Money.parseTyped(text, currency: currency) : try Money.parse(text, currency: currency)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Currency

    @Test(arguments: [("USD", 2), ("usd", 2), ("Eur", 2), ("JPY", 0), ("KRW", 0), ("BHD", 3), ("KWD", 3), ("JOD", 3),
                      ("OMR", 3), ("TND", 3), ("IQD", 3), ("LYD", 3), ("CLF", 4), ("XCG", 2), ("ZWG", 2), ("SLE", 2)])
    func knownCodesHaveTheirMinorUnits(_ code: String, _ minorUnits: Int) throws {
        let currency = try #require(Currency(code: code))
        #expect(currency.code == code.uppercased())
        #expect(currency.minorUnits == minorUnits)
    }

    /// Unknown, withdrawn (HRK, SLL, ZWL, ANG, CUC), unit-less (gold, SDR) and look-alike codes.
    @Test(arguments: ["", "US", "USDX", " USD", "USD ", "XYZ", "HRK", "SLL", "ZWL", "ANG", "CUC", "XAU", "XDR", "XAD", "XXX",
                      "ıqd", "ＵＳＤ", "U$D", "12A"])
    func unknownCodesAreRefused(_ code: String) {
        #expect(Currency(code: code) == nil)
    }

    @Test func everyListedCodeIsThreeUppercaseLettersAndCreatesItsCurrency() throws {
        #expect(Currency.allCodes.count > 150)
        #expect(Currency.allCodes == Currency.allCodes.sorted())
        for code in Currency.allCodes {
            #expect(code.count == 3 && code.allSatisfy { $0.isASCII && $0.isUppercase })
            #expect(Currency(code: code.lowercased())?.code == code)
        }
        #expect(Currency.usd.code == "USD" && Currency.usd.minorUnits == 2)
    }

    // MARK: Parsing the API's decimal strings

    @Test(arguments: [("0", 0), ("0.5", 50), ("0.05", 5), ("1299", 129_900), ("1299.9", 129_990), ("1299.99", 129_999),
                      ("007", 700), ("10000000000", 1_000_000_000_000), ("10000000000.00", 1_000_000_000_000)] as [(String, Int64)])
    func decimalStringsParseToExactCents(_ text: String, _ cents: Int64) throws {
        #expect(try Money.parse(text, currency: .usd) == Self.usd(cents))
    }

    @Test(arguments: [("0", "0.00"), ("0.5", "0.50"), ("1299", "1299.00"), ("1299.9", "1299.90"), ("1299.99", "1299.99"),
                      ("007.10", "7.10")])
    func decimalStringIsCanonical(_ text: String, _ canonical: String) throws {
        let money = try Money.parse(text, currency: .usd)
        #expect(money.decimalString == canonical)
        #expect(money.description == canonical)
        #expect(try Money.parse(canonical, currency: .usd) == money)
    }

    @Test func everyAmountRoundTripsThroughItsDecimalString() throws {
        for currency in [Currency.usd, Self.jpy, Self.bhd, Currency(code: "CLF")!] {
            for minorUnits: Int64 in [0, 1, 9, 10, 99, 100, 101, 129_999, 999_999_999_999, Money.maxMinorUnits] {
                let money = Money(minorUnits: minorUnits, currency: currency)
                #expect(try Money.parse(money.decimalString, currency: currency) == money)
            }
        }
    }

    @Test func currenciesWithoutOrWithThreeDecimals() throws {
        #expect(try Money.parse("1300", currency: Self.jpy).minorUnits == 1_300)
        #expect(try Money.parse("1300", currency: Self.jpy).decimalString == "1300")
        #expect(try Money.parse("1.5", currency: Self.bhd).minorUnits == 1_500)
        #expect(try Money.parse("1.5", currency: Self.bhd).decimalString == "1.500")
        #expect(try Money.parse("0.001", currency: Self.bhd).minorUnits == 1)
        #expect(Self.error(parsing: "1300.0", currency: Self.jpy) == .tooManyDecimals(Self.jpy))
        #expect(Self.error(parsing: "1.0001", currency: Self.bhd) == .tooManyDecimals(Self.bhd))
    }

    @Test(arguments: ["", "abc", "1,299.99", "$1299", "1299.", ".5", "1.2.3", " 12", "12 ", "+5", "1e3", "0x10", "١٢", "１２",
                      "12\n", "--5", "-", "."])
    func anythingButDigitsAndOnePointIsNotANumber(_ text: String) {
        let error = Self.error(parsing: text)
        if text.isEmpty {
            #expect(error == .empty(.usd))
        } else {
            #expect(error == .notANumber(text, .usd))
        }
    }

    @Test func rejectionsSayWhatToFix() {
        #expect(Self.error(parsing: "")?.message == "Amount is empty. Enter an amount, such as “1299.99”.")
        #expect(Self.error(parsing: "12abc")?.message
            == "Amount “12abc” isn’t a number. Enter digits with a point before the decimals, such as “1299.99”.")
        #expect(Self.error(parsing: "12.5", currency: Self.jpy)?.message
            == "Amount can’t have decimals: JPY has no decimals. Enter a whole number, such as “1300”.")
        #expect(Self.error(parsing: "12,5", currency: Self.jpy)?.message
            == "Amount “12,5” isn’t a number. Enter a whole number of JPY, such as “1300”.")
        #expect(Self.error(parsing: "-5")?.message == "Amount can’t be negative. Enter 0 or more, such as “1299.99”.")
        #expect(Self.error(parsing: "-5.123")?.message == "Amount can’t be negative. Enter 0 or more, such as “1299.99”.")
        #expect(Self.error(parsing: "12.999")?.message
            == "Amount has too many decimals: USD has at most 2 decimals. Enter an amount such as “1299.99”.")
        #expect(Self.error(parsing: "1.2345", currency: Self.bhd)?.message
            == "Amount has too many decimals: BHD has at most 3 decimals. Enter an amount such as “1299.999”.")
        #expect(Self.error(parsing: "10000000000.01")?.message
            == "Amount can be at most $10,000,000,000. Enter a smaller amount.")
        #expect(Self.error(parsing: "1000000000001", currency: Self.jpy)?.message
            == "Amount can be at most ¥1,000,000,000,000. Enter a smaller amount.")
        #expect(Self.error(parsing: "1000000001", currency: Self.bhd)?.message
            == "Amount can be at most BHD 1,000,000,000. Enter a smaller amount.")
        #expect(Self.error(parsing: "-1")?.message(naming: "Purchase price")
            == "Purchase price can’t be negative. Enter 0 or more, such as “1299.99”.")
    }

    @Test(arguments: ["99999999999999999999999", "99999999999999999999999.99", "9223372036854775807", "9223372036854775808",
                      "18446744073709551616", "10000000000.01", String(repeating: "9", count: 10_000)])
    func hugeNumbersAreTooLargeWithoutOverflowing(_ text: String) {
        #expect(Self.error(parsing: text) == .tooLarge(limit: Self.usd(Money.maxMinorUnits)))
        #expect(Self.error(parsing: text, typed: true) == .tooLarge(limit: Self.usd(Money.maxMinorUnits)))
    }

    @Test func leadingZerosDoNotCountTowardsTheLimit() throws {
        #expect(try Money.parse(String(repeating: "0", count: 10_000) + "1.25", currency: .usd) == Self.usd(125))
    }

    @Test func longTextIsShortenedInTheMessage() throws {
        let error = try #require(Self.error(parsing: String(repeating: "x", count: 100_000)))
        #expect(error == .notANumber(String(repeating: "x", count: 39) + "…", .usd))
        #expect(error.message.count < 150)
    }

    // MARK: Parsing what a person typed

    @Test(arguments: [("$1,299.99", 129_999), ("1,299.99", 129_999), (" 1 299.99 ", 129_999), ("1\u{A0}299", 129_900),
                      ("1\u{202F}299.5", 129_950), ("1299.99 USD", 129_999), ("usd 12", 1_200), ("USD12", 1_200),
                      ("$ 12", 1_200), ("12$", 1_200), (".5", 50), ("$.5", 50), ("1,000,000", 100_000_000), ("0", 0),
                      ("1299.99", 129_999)] as [(String, Int64)])
    func typedAmountsAcceptSymbolsAndThousandsSeparators(_ text: String, _ cents: Int64) throws {
        #expect(try Money.parseTyped(text, currency: .usd) == Self.usd(cents))
    }

    /// A comma or space anywhere but between groups of three digits could be a decimal comma: refused, not guessed.
    @Test(arguments: ["12,50", "1 299,99", "1,2345", ",123", "123,", "1,,234", "12.345,67", "1,234.5,6", "€12", "CHF 12",
                      "$$12", "12 $ 3", "abc"])
    func ambiguousTypedAmountsAreNotNumbers(_ text: String) {
        #expect(Self.error(parsing: text, typed: true) == .notANumber(text, .usd))
    }

    @Test func typedAmountsAreCheckedLikeTheAPIs() throws {
        #expect(Self.error(parsing: "   ", typed: true) == .empty(.usd))
        for text in ["-$5", "$-5", "−5", "-1,299.99", "- 5"] {
            #expect(Self.error(parsing: text, typed: true) == .negative(.usd), "\(text)")
        }
        #expect(Self.error(parsing: "$1.999", typed: true) == .tooManyDecimals(.usd))
        #expect(Self.error(parsing: "¥1,300.5", currency: Self.jpy, typed: true) == .tooManyDecimals(Self.jpy))
        #expect(try Money.parseTyped("¥1,300", currency: Self.jpy) == Money(minorUnits: 1_300, currency: Self.jpy))
        #expect(try Money.parseTyped("€1,299.99", currency: Self.eur) == Money(minorUnits: 129_999, currency: Self.eur))
        #expect(try Money.parseTyped("CHF 1,299.99", currency: Self.chf).minorUnits == 129_999)
    }

    // MARK: Display

    @Test func formattedAmountsAreGroupedWithTheSymbolOrCode() throws {
        #expect(Self.usd(129_999).formatted == "$1,299.99")
        #expect(Self.usd(5).formatted == "$0.05")
        #expect(Self.usd(0).formatted == "$0.00")
        #expect(Self.usd(-500).formatted == "-$5.00")
        #expect(Self.usd(Money.maxMinorUnits).formatted == "$10,000,000,000.00")
        #expect(Money(minorUnits: 1_300, currency: Self.jpy).formatted == "¥1,300")
        #expect(Money(minorUnits: 129_999, currency: Self.chf).formatted == "CHF 1,299.99")
        #expect(Money(minorUnits: 1_500, currency: Self.bhd).formatted == "BHD 1.500")
        #expect(Money(minorUnits: 100_000, currency: Self.eur).formatted == "€1,000.00")
        #expect(Money(minorUnits: .min, currency: .usd).formatted == "-$92,233,720,368,547,758.08")
        #expect(Money(minorUnits: .min, currency: .usd).decimalString == "-92233720368547758.08")
    }

    // MARK: Arithmetic

    @Test func wholeMajorUnitsAreTruncatedForTheLegacyValueInDollars() throws {
        #expect(Self.usd(129_999).wholeMajorUnits == 1_299)
        #expect(Self.usd(99).wholeMajorUnits == 0)
        #expect(Money(minorUnits: 1_300, currency: Self.jpy).wholeMajorUnits == 1_300)
        #expect(try Money(wholeMajorUnits: 1_299, currency: .usd) == Self.usd(129_900))
        #expect(try Money(wholeMajorUnits: 1_000_000_000, currency: .usd).wholeMajorUnits == 1_000_000_000)
        #expect(throws: MoneyError.negative(.usd)) { try Money(wholeMajorUnits: -1, currency: .usd) }
        #expect(throws: MoneyError.tooLarge(limit: Self.usd(Money.maxMinorUnits))) {
            try Money(wholeMajorUnits: 10_000_000_001, currency: .usd)
        }
        #expect(throws: MoneyError.tooLarge(limit: Self.usd(Money.maxMinorUnits))) {
            try Money(wholeMajorUnits: .max, currency: .usd)
        }
    }

    @Test func quantityTimesAmountRefusesOverflow() throws {
        #expect(try Self.usd(129_999).times(3) == Self.usd(389_997))
        #expect(try Self.usd(129_999).times(0) == Self.usd(0))
        #expect(try Self.usd(Money.maxMinorUnits).times(9_223_372) == Self.usd(9_223_372_000_000_000_000))
        #expect(throws: MoneyError.totalTooLarge(.usd)) { try Self.usd(Money.maxMinorUnits).times(9_223_373) }
        #expect(throws: MoneyError.totalTooLarge(.usd)) { try Self.usd(2).times(.max) }
    }

    @Test func sumsInOneCurrencyRefuseOverflow() throws {
        #expect(try Self.usd(129_999) + Self.usd(1) == Self.usd(130_000))
        #expect(throws: MoneyError.totalTooLarge(.usd)) { try Self.usd(.max) + Self.usd(1) }
        #expect(MoneyError.totalTooLarge(.usd).message
            == "Amount adds up to more than the inventory can count. Enter a smaller quantity or amount.")
    }

    /// A hundred thousand items at the limit, ten of each, still add up without overflow.
    @Test func totalsOfAFullInventoryFit() throws {
        let item = try Self.usd(Money.maxMinorUnits).times(10)
        var total = Money.zero(in: .usd)
        for _ in 0..<100_000 { total = try total + item }
        #expect(total.minorUnits == 1_000_000_000_000_000_000)
    }

    @Test func amountsSortByValueAndMixedCurrenciesByCode() {
        #expect([Self.usd(300), Self.usd(-1), Self.usd(20)].sorted() == [Self.usd(-1), Self.usd(20), Self.usd(300)])
        let yen = Money(minorUnits: 1, currency: Self.jpy)
        #expect([Self.usd(1), yen].sorted() == [yen, Self.usd(1)])
        #expect(Self.usd(1) != Money(minorUnits: 1, currency: Self.eur))
    }

    // MARK: No floating point

    /// Amounts must never pass through binary floating point, where 0.1 + 0.2 ≠ 0.3.
    @Test func moneySourcesUseNoFloatingPoint() throws {
        let sources = URL(filePath: #filePath).deletingLastPathComponent()
            .appending(path: "../../Sources/Inventory").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { $0.hasPrefix("Money") || $0.hasPrefix("Currency") }
        #expect(names.count >= 4)
        for name in names {
            let text = try String(contentsOf: sources.appending(path: name), encoding: .utf8)
            let words = Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") })
            for forbidden in ["Double", "Float", "Float32", "Float64", "Float80", "CGFloat", "Decimal", "NSDecimalNumber",
                              "NumberFormatter", "Foundation"] {
                #expect(!words.contains(Substring(forbidden)), "\(name) uses \(forbidden)")
            }
        }
    }
}
