import Foundation
import Inventory
import Localization

/// Dates and money as pages show them. The static forms are US English as pages have always written
/// them, for a page not translated yet (so all of it is in one language); a translated page uses its
/// context's `format`, which writes its language's forms (ICU's CLDR, `LocalFormats`) and is the
/// static forms again in US English.
struct DisplayFormat: Sendable {
    /// nil: US English, written by the static forms.
    let local: LocalFormats?
    /// The words around the values ("No value", "in all").
    let words: Localizer

    var language: LanguageTag { words.language }

    /// The forms of `words`' language; US English's (the static forms) for the template and the
    /// pseudo-locale, whose words are US English's made longer.
    init(words: Localizer) {
        self.words = words
        local = words.language == .template || words.language == .pseudo ? nil : Localization.bundled.formats(for: words.language)
    }

    /// `1.899 €`, `1.899,50 €` (decimals only when there are some, in every language as in US
    /// English), or "No value" in the language's words.
    func money(_ minorUnits: Int64?, in currency: Currency) -> String {
        guard let local else { return Self.money(minorUnits, in: currency) }
        guard let minorUnits else { return words.text("format.no-value") }
        return amount(Money(minorUnits: minorUnits, currency: currency), local)
    }

    /// An amount with every decimal its currency has, `$450.00`, `450,00 €`: a claim's figures, whose
    /// totals are the sums of what is shown.
    func exactMoney(_ minorUnits: Int64, in currency: Currency) -> String {
        let money = Money(minorUnits: minorUnits, currency: currency)
        guard let local else { return money.formatted }
        return local.amount(decimal: money.decimalString, currency: currency.code, fractionDigits: currency.minorUnits)
    }

    /// A decimal number given as its exact digits (`1.32527`), written the language's way (`1,32527`).
    func decimal(_ digits: String) -> String {
        guard let local else { return digits }
        let fraction = digits.split(separator: ".", maxSplits: 1).dropFirst().first?.count ?? 0
        return local.number(decimal: digits, fractionDigits: fraction)
    }

    /// "2,5 gal", "٦": a quantity as a page shows it, its number written the language's way and its
    /// unit's symbol after it (none for pieces).
    func quantity(_ quantity: Quantity, _ unit: QuantityUnit) -> String {
        unit.isPieces ? number(quantity) : number(quantity) + " " + unit.symbol
    }

    /// "1,250.5", "1.250,5", "١٬٢٥٠٫٥": a quantity's number alone.
    func number(_ quantity: Quantity) -> String {
        local == nil ? quantity.grouped : decimal(quantity.text)
    }

    /// The amount from its exact decimal digits (never a Double), without a fraction of zeros.
    private func amount(_ money: Money, _ local: LocalFormats) -> String {
        let whole = money.minorUnits % money.currency.minorUnitsPerMajorUnit == 0
        let decimal = whole ? String(money.wholeMajorUnits) : money.decimalString
        return local.amount(decimal: decimal, currency: money.currency.code, fractionDigits: whole ? 0 : money.currency.minorUnits)
    }

    /// "24.310 € insgesamt · 3 ohne Wert": the list's total in the page's words.
    func total(_ total: ValueTotal, in currency: Currency) -> String {
        // US English's static forms, but in the pseudo-locale its words (whose values are US English's).
        guard local != nil || language == .pseudo else { return Self.total(total, in: currency) }
        let amount = total.value == .max ? words.text("item.list.total-too-large") : words.text("item.list.total", ["amount": .text(money(total.value, in: currency))])
        guard total.unvalued > 0 else { return amount }
        return amount + words.text("common.list-separator") + words.text("item.list.unvalued", ["count": .count(total.unvalued)])
    }

    /// A calendar day: `Mar 14, 2019`, `14. März 2019`.
    func day(_ day: CalendarDate) -> String {
        local?.day(year: day.year, month: day.month, day: day.day) ?? Self.day(day)
    }

    /// A purchase date as said: `14. März 2019`, `März 2019`, `2019`, `etwa 5 Jahre vor dem 6. Dez. 2024`.
    func purchase(_ date: PurchaseDate) -> String {
        guard let local else { return Self.purchase(date) }
        return switch date {
        case .day(let date): day(date)
        case .month(let year, let month): local.month(year: year, month: month)
        case .year(let year): local.year(year)
        case .yearsAgo(let years, let said): words.text("format.years-before", ["count": .count(years), "day": .text(day(said))])
        }
    }

    /// A capture time (wall-clock, kept as if UTC) on the language's clock: `14.03.2019, 16:30`.
    func dayAndTime(_ date: Date) -> String {
        local?.dayAndTime(date) ?? Self.dayAndTime(date)
    }

    /// The day of an instant in UTC.
    func date(_ date: Date) -> String {
        local?.day(of: date) ?? Self.date(date)
    }

    /// A count grouped as the language groups it: `1,234`, `1.234`, `١٬٢٣٤`.
    func integer(_ value: Int) -> String {
        local?.integer(Int64(value)) ?? value.grouped
    }

    /// How this language writes amounts of `currency`, to read what a person types
    /// (`Money.parse(_:currency:writtenAs:)`); US English's for the template.
    func amountNotation(for currency: Currency) -> AmountNotation {
        let local = local ?? Localization.bundled.formats(for: .template)
        let symbols = local.amountSymbols(currency: currency.code, fractionDigits: currency.minorUnits)
        let example = local.number(decimal: "1234" + (currency.minorUnits == 0 ? "" : "." + String("5678".prefix(currency.minorUnits))),
                                   fractionDigits: currency.minorUnits)
        return AmountNotation(decimalSeparator: symbols.decimalSeparator.unicodeScalars.first ?? ".",
                              groupingSeparator: symbols.groupingSeparator.unicodeScalars.first ?? ",",
                              zeroDigit: symbols.zeroDigit.unicodeScalars.first ?? "0",
                              currencySymbol: symbols.currencySymbol, example: example)
    }

    /// `$1,899`: whole dollars, grouped in thousands, as on a receipt or an insurance list.
    static func dollars(_ value: Int) -> String {
        "$" + value.grouped
    }

    /// `$1,899.50`, `$1,899` (cents only when there are some), or "No value".
    static func money(_ minorUnits: Int64?, in currency: Currency) -> String {
        minorUnits.map { Money(minorUnits: $0, currency: currency).formattedWithoutZeroFraction } ?? "No value"
    }

    /// "$24,310.00 in all · 3 without a value": a total never looks more complete than it is.
    static func total(_ total: ValueTotal, in currency: Currency) -> String {
        let amount = total.value == .max ? "More than the inventory can count" : money(total.value, in: currency) + " in all"
        return total.unvalued == 0 ? amount : "\(amount) · \(total.unvalued.grouped) without a value"
    }

    /// `Mar 14, 2019`: a calendar day as receipts print it.
    static func day(_ day: CalendarDate) -> String { day.english }

    /// A purchase date as said, in the words of `day`: `Mar 14, 2019`, `Jun 2019`, `2019`, `about 5
    /// years before Dec 6, 2024` (what "about 5 years ago" said that day means later).
    static func purchase(_ date: PurchaseDate) -> String {
        switch date {
        case .day(let date): day(date)
        case .month(let year, let month): ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1] + " \(year)"
        case .year(let year): "\(year)"
        case .yearsAgo(let years, let said): "about \(years) year\(years == 1 ? "" : "s") before " + day(said)
        }
    }

    /// `Aug 6, 2022, 16:30`: a photo's capture time, the wall-clock time it was taken (kept as if
    /// it were UTC), as a printed page gives it.
    static func dayAndTime(_ date: Date) -> String {
        let minutes = Int((date.timeIntervalSince1970 / 60).rounded(.down)) % (24 * 60)
        let minute = minutes < 0 ? minutes + 24 * 60 : minutes
        return day(CalendarDate(date)) + ", " + String(format: "%02d:%02d", minute / 60, minute % 60)
    }

    /// `2026-11-29T14:03:00Z`.
    static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// `Nov 29, 2026`, in UTC; the page script shows it in the reader's own time zone and language.
    static func date(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
    }
}
