import Foundation
import Inventory

/// Dates and money as pages show them.
enum DisplayFormat {
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
    static func day(_ day: CalendarDate) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(months[day.month - 1]) \(day.day), \(day.year)"
    }

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
