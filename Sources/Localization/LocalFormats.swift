import CICUMessages
import Foundation
import Synchronization

/// How one language writes dates, times, numbers and amounts, by ICU 72's CLDR (the same data as
/// its messages' plurals and numbers, so a page's digits agree): "5 déc. 2026", "1.234,56 €".
/// Made once per language (`Localization.formats(for:)`); its formatters are opened once and kept.
/// Amounts are formatted from their exact decimal digits, never through a Double.
public final class LocalFormats: Sendable {
    public let language: LanguageTag
    /// The first day of a week (1 Sunday, 2 Monday … 7 Saturday), as the language's region counts.
    public let firstWeekday: Int
    /// Whether a time of day is written on a 24-hour clock ("16:30") rather than a 12-hour one ("4:30 PM").
    public let usesTwentyFourHourClock: Bool
    /// Whether the language's region prints on US Letter (CLDR: the United States, Canada, Mexico and a
    /// few more) rather than A4, as ICU's `ulocdata_getPaperSize` says.
    public let printsOnLetter: Bool

    private let dayFormat: ICUDateFormatter
    private let monthFormat: ICUDateFormatter
    private let yearFormat: ICUDateFormatter
    private let dayAndTimeFormat: ICUDateFormatter
    private let numberFormat: ICUNumberFormatter
    /// Amount formatters by currency (nil: plain numbers) and number of decimals, opened on first use.
    private let amountFormats = Mutex<[AmountKey: ICUNumberFormatter]>([:])

    private struct AmountKey: Hashable { let currency: String?; let fractionDigits: Int }

    public init(language: LanguageTag) throws(LocalizationError) {
        self.language = language
        dayFormat = try ICUDateFormatter(language: language, skeleton: "yMMMd")
        monthFormat = try ICUDateFormatter(language: language, skeleton: "yMMM")
        yearFormat = try ICUDateFormatter(language: language, skeleton: "y")
        // "j": the hour as the language's clock has it (H in German, h a in US English).
        dayAndTimeFormat = try ICUDateFormatter(language: language, skeleton: "yMMMdjmm")
        numberFormat = try ICUNumberFormatter(language: language, currency: nil, fractionDigits: 0)
        firstWeekday = Int(hp_locale_first_weekday(language.tag))
        usesTwentyFourHourClock = hp_locale_uses_24_hour_clock(language.tag) != 0
        var height: Int32 = 0, width: Int32 = 0
        printsOnLetter = hp_locale_paper_size(language.tag, &height, &width) != 0 && width == 216
    }

    // MARK: Dates

    /// A calendar day: "Dec 5, 2026", "5 déc. 2026", "5. Dez. 2026".
    public func day(year: Int, month: Int, day: Int) -> String {
        dayFormat.format(milliseconds: Self.milliseconds(year: year, month: month, day: day))
    }

    /// A month of a year: "Dec 2026", "déc. 2026".
    public func month(year: Int, month: Int) -> String {
        monthFormat.format(milliseconds: Self.milliseconds(year: year, month: month, day: 15))
    }

    /// A year in the language's digits: "2026", "٢٠٢٦".
    public func year(_ year: Int) -> String {
        yearFormat.format(milliseconds: Self.milliseconds(year: year, month: 7, day: 1))
    }

    /// A day and the time of day of `date` in UTC, on the language's clock: "5 Dec 2026, 16:30".
    public func dayAndTime(_ date: Date) -> String {
        dayAndTimeFormat.format(milliseconds: date.timeIntervalSince1970 * 1000)
    }

    /// The day `date` falls on in UTC.
    public func day(of date: Date) -> String {
        dayFormat.format(milliseconds: date.timeIntervalSince1970 * 1000)
    }

    /// The patterns ICU chose for a day and for a day with its time (`d MMM y`, `d MMM y, HH:mm`).
    public var dayPattern: String { dayFormat.pattern }
    public var dayAndTimePattern: String { dayAndTimeFormat.pattern }

    /// Noon UTC of a proleptic Gregorian day (days from 1970 by Howard Hinnant's `days_from_civil`).
    static func milliseconds(year: Int, month: Int, day: Int) -> Double {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return (Double(days) * 86_400 + 43_200) * 1000
    }

    // MARK: Numbers and amounts

    /// A whole number grouped as the language groups it: "1,234", "1.234", "1 234", "١٬٢٣٤".
    public func integer(_ value: Int64) -> String {
        numberFormat.format(decimal: String(value)) ?? String(value)
    }

    /// An exact amount (`decimal`: `-`, digits, optionally `.` and digits) in `currency` with
    /// `fractionDigits` decimals: "1.234,56 €", "£1,234.56", "¥1,300". The digits come from the
    /// text as given; ICU never sees a Double.
    public func amount(decimal: String, currency: String, fractionDigits: Int) -> String {
        amountFormatter(currency: currency, fractionDigits: fractionDigits)?.format(decimal: decimal) ?? "\(decimal) \(currency)"
    }

    /// An exact decimal as a plain number with `fractionDigits` decimals: "1.234,56", "1,234.56".
    public func number(decimal: String, fractionDigits: Int) -> String {
        amountFormatter(currency: nil, fractionDigits: fractionDigits)?.format(decimal: decimal) ?? decimal
    }

    /// Alternatives as the language lists them (`“a”, “b” oder “c”`), through ICU's list formats.
    public func alternatives(_ items: [String]) -> String {
        let copies = items.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        guard let joined = pointers.withUnsafeBufferPointer({ hp_list_or(language.tag, $0.baseAddress, Int32(items.count)) }) else {
            return items.joined(separator: ", ")
        }
        defer { hp_free(joined) }
        return String(cString: joined)
    }

    /// What a person of this language writes in an amount of `currency`: its separators, digits and
    /// currency symbol, as ICU formats amounts.
    public func amountSymbols(currency: String, fractionDigits: Int) -> AmountSymbols {
        let formatter = amountFormatter(currency: currency, fractionDigits: fractionDigits)
        let symbol = hp_currency_symbol(language.tag, currency).map { pointer in
            defer { hp_free(pointer) }
            return String(cString: pointer)
        } ?? currency
        return AmountSymbols(decimalSeparator: formatter?.symbol(.decimalSeparator) ?? ".",
                             groupingSeparator: formatter?.symbol(.groupingSeparator) ?? ",",
                             zeroDigit: formatter?.symbol(.zeroDigit) ?? "0",
                             currencySymbol: symbol)
    }

    private func amountFormatter(currency: String?, fractionDigits: Int) -> ICUNumberFormatter? {
        let key = AmountKey(currency: currency, fractionDigits: fractionDigits)
        return amountFormats.withLock { formats in
            if let made = formats[key] { return made }
            guard let made = try? ICUNumberFormatter(language: language, currency: currency, fractionDigits: fractionDigits) else { return nil }
            formats[key] = made
            return made
        }
    }
}

/// The symbols an amount is written with in one language and currency.
public struct AmountSymbols: Sendable, Equatable {
    public let decimalSeparator: String
    public let groupingSeparator: String
    /// "0", or "٠" where the language writes Arabic-Indic digits.
    public let zeroDigit: String
    /// "€", "£", "US$", "$".
    public let currencySymbol: String
}
