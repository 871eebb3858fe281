import CICUMessages
import Synchronization

/// One ICU number formatter (`unum`), the one owner of its `hp_number`. ICU's formatters are not
/// safe for two callers at once: each call takes the lock (a format is a few microseconds; the lock
/// is uncontended but for pages rendered in the same instant).
final class ICUNumberFormatter: @unchecked Sendable {
    /// Used only under `written`'s lock once made.
    private let handle: OpaquePointer
    /// What it wrote, by what it was given: a page writes the same amounts on every request (a
    /// claim's 200 lines are 1,200 amounts and dates), and ICU takes a microsecond or more for each,
    /// which put German pages 10 % behind US English's, whose forms are Swift's own.
    private let written = Mutex(FormattedMemo<String>())

    /// Grouped numbers in `language` (`currency` nil), or amounts in `currency` (ISO 4217), always
    /// with `fractionDigits` decimals.
    init(language: LanguageTag, currency: String?, fractionDigits: Int) throws(LocalizationError) {
        var error = hp_icu_error()
        guard let handle = hp_number_open(language.tag, currency, Int32(fractionDigits), &error) else {
            throw LocalizationError(.formatting, "\(language): no number format for \(currency ?? "numbers"): \(CompiledMessage.text(of: &error))")
        }
        self.handle = handle
    }

    deinit { hp_number_free(handle) }

    /// `decimal` (`-`, digits, `.`, digits) written by ICU from its digits, never through a Double.
    func format(decimal: String) -> String? {
        written.withLock { written in
            if let known = written[decimal] { return known }
            var error = hp_icu_error()
            guard let result = hp_number_format_decimal(handle, decimal, &error) else { return nil }
            defer { hp_free(result) }
            let text = String(cString: result)
            written[decimal] = text
            return text
        }
    }

    enum Symbol: Int32 { case decimalSeparator = 0, groupingSeparator, minusSign, zeroDigit }

    func symbol(_ symbol: Symbol) -> String {
        written.withLock { _ in
            guard let result = hp_number_symbol(handle, symbol.rawValue) else { return "" }
            defer { hp_free(result) }
            return String(cString: result)
        }
    }
}

/// One ICU date formatter (`udat`) in UTC, its pattern the language's best for a skeleton.
final class ICUDateFormatter: @unchecked Sendable {
    /// Used only under `written`'s lock once made.
    private let handle: OpaquePointer
    /// What it wrote, by the instant (as `ICUNumberFormatter`'s).
    private let written = Mutex(FormattedMemo<Double>())

    init(language: LanguageTag, skeleton: String) throws(LocalizationError) {
        var error = hp_icu_error()
        guard let handle = hp_date_open(language.tag, skeleton, &error) else {
            throw LocalizationError(.formatting, "\(language): no date format for \(skeleton): \(CompiledMessage.text(of: &error))")
        }
        self.handle = handle
    }

    deinit { hp_date_free(handle) }

    /// The instant `milliseconds` after 1970-01-01T00:00Z, as the pattern writes it in UTC.
    func format(milliseconds: Double) -> String {
        written.withLock { written in
            if let known = written[milliseconds] { return known }
            var error = hp_icu_error()
            guard let result = hp_date_format(handle, milliseconds, &error) else { return "" }
            defer { hp_free(result) }
            let text = String(cString: result)
            written[milliseconds] = text
            return text
        }
    }

    /// The pattern ICU chose (`d MMM y`), for tests and for saying what a date looks like.
    var pattern: String {
        written.withLock { _ in
            guard let result = hp_date_pattern(handle) else { return "" }
            defer { hp_free(result) }
            return String(cString: result)
        }
    }
}

/// A formatter's recent answers, at most `limit` of them: emptied when full, so that a server that
/// writes many different amounts keeps a bounded few hundred kilobytes per formatter.
struct FormattedMemo<Key: Hashable> {
    static var limit: Int { 4096 }
    private var texts: [Key: String] = [:]

    subscript(key: Key) -> String? {
        get { texts[key] }
        set {
            if texts.count >= Self.limit { texts.removeAll(keepingCapacity: true) }
            texts[key] = newValue
        }
    }
}
