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

    /// A day known to exist (worked out from one that does, or a month's first or last day).
    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public var iso: String {
        guard (0...9999).contains(year) else { return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)" }
        let digits: [UInt8] = [UInt8(truncatingIfNeeded: year / 1000 % 10), UInt8(truncatingIfNeeded: year / 100 % 10), UInt8(truncatingIfNeeded: year / 10 % 10),
                               UInt8(truncatingIfNeeded: year % 10), 0xFD, UInt8(month / 10), UInt8(month % 10), 0xFD, UInt8(day / 10), UInt8(day % 10)]
        // 0xFD + 0x30 wraps to "-".
        return String(decoding: digits.map { $0 &+ 0x30 }, as: UTF8.self)
    }

    /// Days since 1970-01-01 on the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`): date arithmetic without Foundation's calendar, which is slow on Linux and
    /// runs for every warranty and reminder of a large inventory.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }

    /// The day `dayNumber` days after 1970-01-01 (Hinnant's `civil_from_days`).
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
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
    /// The day `date` falls on in UTC.
    public init(_ date: Date) {
        self.init(dayNumber: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
    }

    /// The first moment of the day in UTC (capture times are kept as wall-clock time in UTC).
    public var startInUTC: Date { Date(timeIntervalSince1970: Double(dayNumber) * 86_400) }

    /// The day `days` later (or earlier, for a negative count).
    public func adding(days: Int) -> CalendarDate { CalendarDate(dayNumber: dayNumber + days) }
}

extension CalendarDate {
    /// Whole days from this day to `later` (negative when it is earlier).
    public func days(until later: CalendarDate) -> Int { later.dayNumber - dayNumber }
}

extension CalendarDate {
    /// The same day `years` later (February 29th becomes the 28th in a year without it).
    public func adding(years: Int) -> CalendarDate {
        CalendarDate(year: year + years, month: month, day: min(day, Self.days(inMonth: month, of: year + years)))
    }
}

extension TimeSource {
    /// The day it is now, here: what warranties, claim deadlines and file names go by.
    public var today: CalendarDate { CalendarDate(now) }
}
