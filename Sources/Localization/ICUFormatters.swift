import CICUMessages
import Synchronization

/// One ICU number formatter (`unum`), the one owner of its `hp_number`. ICU's formatters are not
/// safe for two callers at once: each call takes the lock (a format is a few microseconds; the lock
/// is uncontended but for pages rendered in the same instant).
final class ICUNumberFormatter: @unchecked Sendable {
    /// Used only under `lock` once made.
    private let handle: OpaquePointer
    private let lock = Mutex(())

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
        lock.withLock { _ in
            var error = hp_icu_error()
            guard let result = hp_number_format_decimal(handle, decimal, &error) else { return nil }
            defer { hp_free(result) }
            return String(cString: result)
        }
    }

    enum Symbol: Int32 { case decimalSeparator = 0, groupingSeparator, minusSign, zeroDigit }

    func symbol(_ symbol: Symbol) -> String {
        lock.withLock { _ in
            guard let result = hp_number_symbol(handle, symbol.rawValue) else { return "" }
            defer { hp_free(result) }
            return String(cString: result)
        }
    }
}

/// One ICU date formatter (`udat`) in UTC, its pattern the language's best for a skeleton.
final class ICUDateFormatter: @unchecked Sendable {
    /// Used only under `lock` once made.
    private let handle: OpaquePointer
    private let lock = Mutex(())

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
        lock.withLock { _ in
            var error = hp_icu_error()
            guard let result = hp_date_format(handle, milliseconds, &error) else { return "" }
            defer { hp_free(result) }
            return String(cString: result)
        }
    }

    /// The pattern ICU chose (`d MMM y`), for tests and for saying what a date looks like.
    var pattern: String {
        lock.withLock { _ in
            guard let result = hp_date_pattern(handle) else { return "" }
            defer { hp_free(result) }
            return String(cString: result)
        }
    }
}
