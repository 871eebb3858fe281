import HTML
import HTTPServer
import Inventory
import Localization
import Synchronization

/// The language a form's numbers are written in: the amounts, quantities, rates and percentages it
/// shows, and how those typed back are read (German `1.234,56` and `2,5`). A form names the language
/// in a hidden field, because the request that sends it may be in another language than the page that
/// showed it (`?lang=` is that page's alone). A form without the field (an API client's) is read by
/// US English's rules, as forms always were; so is one in a language that writes numbers as US English
/// does.
struct TypedNumbers: Sendable, Equatable {
    /// The hidden field naming the language.
    static let field = "amountLanguage"
    static let usEnglish = TypedNumbers(language: .template)

    let language: LanguageTag

    init(language: LanguageTag) {
        self.language = language
    }

    /// The language a sent form names in its hidden field (`named`); US English when it names none
    /// or one not shipped.
    init(named tag: String?) {
        self.init(language: tag.flatMap { Localization.bundled.language(named: $0) } ?? .template)
    }

    init(fields: FormFields) {
        self.init(named: fields[Self.field])
    }

    /// The hidden field that goes in the form. It tells a script that writes stored values back into
    /// the form (`2.5` from the API) the language's decimal separator and zero digit.
    var hiddenField: HTMLNode {
        let notation = notation(for: .usd)
        return input(.type("hidden"), .name(Self.field), .value(language.tag),
                     .data("decimal", String(notation?.decimalSeparator ?? ".")), .data("zero", String(notation?.zeroDigit ?? "0")))
    }

    private struct NotationKey: Hashable { let language: LanguageTag; let currency: String }
    /// Each language's and currency's notation, asked of ICU once: a form writes several amounts per page.
    private static let notations = Mutex<[NotationKey: AmountNotation?]>([:])

    /// The language's way of writing amounts of `currency`; nil where it is US English's.
    private func notation(for currency: Currency) -> AmountNotation? {
        guard language != .template, language != .pseudo else { return nil }
        let key = NotationKey(language: language, currency: currency.code)
        if let known = Self.notations.withLock({ $0[key] }) { return known }
        let notation = DisplayFormat(words: Localization.bundled.localizer(for: language)).amountNotation(for: currency)
        let kept: AmountNotation? = notation.decimalSeparator == "." && notation.zeroDigit == "0" ? nil : notation
        Self.notations.withLock { $0[key] = kept }
        return kept
    }

    /// An amount as the form shows it for editing: `1299,99` in German, `1299.99` in US English
    /// (no grouping, no symbol: what a person would type).
    func amount(_ minorUnits: Int64?, in currency: Currency) -> String {
        guard let minorUnits else { return "" }
        return decimal(Money(minorUnits: minorUnits, currency: currency).decimalString, currency: currency)
    }

    /// A decimal number (`2.5`, `8.875`, `1.0823`) as the form shows it: `2,5` in German.
    func decimal(_ text: String, currency: Currency = .usd) -> String {
        guard let notation = notation(for: currency) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            if scalar == "." { return notation.decimalSeparator }
            guard ("0"..."9").contains(scalar) else { return scalar }
            return Unicode.Scalar(notation.zeroDigit.value + scalar.value - Unicode.Scalar("0").value) ?? scalar
        }))
    }

    /// An amount typed in the form, read by its language's rules (`Money.parse(_:currency:writtenAs:)`),
    /// or by US English's (`Money.parseTyped`).
    func money(_ text: String, currency: Currency) throws(MoneyError) -> Money {
        guard let notation = notation(for: currency) else { return try Money.parseTyped(text, currency: currency) }
        return try Money.parse(text, currency: currency, writtenAs: notation)
    }

    /// A quantity, rate or percentage typed in the form, written with a point for the readers of
    /// those (`2,5` → `2.5`, `٢٫٥` → `2.5`): only when it is digits around the language's one decimal
    /// separator; anything else (a point, a typo) is left for the reader to take or refuse as typed.
    func plainDecimal(_ text: String) -> String {
        guard let notation = notation(for: .usd) else { return text }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var plain = String.UnicodeScalarView(), separators = 0
        for scalar in trimmed.unicodeScalars {
            if ("0"..."9").contains(scalar) {
                plain.append(scalar)
            } else if notation.zeroDigit != "0", scalar.value >= notation.zeroDigit.value, scalar.value <= notation.zeroDigit.value + 9 {
                plain.append(Unicode.Scalar(Unicode.Scalar("0").value + scalar.value - notation.zeroDigit.value)!)
            } else if scalar == notation.decimalSeparator {
                separators += 1
                plain.append(".")
            } else {
                return text
            }
        }
        return separators <= 1 && !plain.isEmpty ? String(plain) : text
    }
}
