import Foundation

/// Dates as pages show them.
enum DisplayFormat {
    /// `2026-11-29T14:03:00Z`.
    static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// `Nov 29, 2026`, in UTC; the page script shows it in the reader's own time zone and language.
    static func date(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
    }
}
