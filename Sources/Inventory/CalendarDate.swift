import Clocks
import Foundation

/// A day on the calendar, as insurers and receipts give it (`2021-03-14`): no time, no time zone.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// `YYYY-MM-DD` for a day that exists (no February 30th), years 1000 to 9999; nil for anything else.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              year >= 1000, (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    public var iso: String {
        func padded(_ number: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(number).count)) + String(number) }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    public var description: String { iso }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension CalendarDate {
    fileprivate static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The day `date` falls on in UTC.
    public init(_ date: Date) {
        let parts = Self.utcCalendar.dateComponents([.year, .month, .day], from: date)
        self.init(iso: String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1))!
    }

    /// The first moment of the day in UTC (capture times are kept as wall-clock time in UTC).
    public var startInUTC: Date { Self.utcCalendar.date(from: DateComponents(year: year, month: month, day: day))! }

    /// The day `days` later (or earlier, for a negative count).
    public func adding(days: Int) -> CalendarDate {
        let start = Self.utcCalendar.date(from: DateComponents(year: year, month: month, day: day))!
        return CalendarDate(Self.utcCalendar.date(byAdding: .day, value: days, to: start)!)
    }
}

extension CalendarDate {
    /// Whole days from this day to `later` (negative when it is earlier).
    public func days(until later: CalendarDate) -> Int {
        func start(_ day: CalendarDate) -> Date { Self.utcCalendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))! }
        return Self.utcCalendar.dateComponents([.day], from: start(self), to: start(later)).day ?? 0
    }
}

extension CalendarDate {
    /// The same day `years` later (February 29th becomes the 28th in a year without it).
    public func adding(years: Int) -> CalendarDate {
        let start = Self.utcCalendar.date(from: DateComponents(year: year, month: month, day: day))!
        return CalendarDate(Self.utcCalendar.date(byAdding: .year, value: years, to: start)!)
    }
}

extension TimeSource {
    /// The day it is now, here: what warranties, claim deadlines and file names go by.
    public var today: CalendarDate { CalendarDate(now) }
}
