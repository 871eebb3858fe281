import Foundation

/// Dates and money as pages show them.
enum DisplayFormat {
    /// `$1,899`: whole dollars, grouped in thousands, as on a receipt or an insurance list.
    static func dollars(_ value: Int) -> String {
        "$" + value.grouped
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
