import Foundation
import Inventory
import Testing

@Suite struct CalendarDateTests {
    @Test func onlyDaysThatExistInTheISOFormAreDates() {
        for text in ["2020-02-29", "2000-02-29", "1999-12-31", "2026-01-01", "1000-01-01", "9999-12-31"] {
            #expect(CalendarDate(iso: text)?.iso == text, "\(text)")
        }
        for text in ["2021-02-29", "1900-02-29", "2021-04-31", "2021-13-01", "2021-00-10", "2021-1-5", "21-01-05", "2021/01/05",
                     "2021-01-05T00:00", "０２０２-01-01", "999-01-01", "+202-01-01", "", "2021-01-0x"] {
            #expect(CalendarDate(iso: text) == nil, "\(text)")
        }
        #expect(CalendarDate(iso: "2020-12-31")! < CalendarDate(iso: "2021-01-01")!)
    }

    /// The day arithmetic is the Gregorian calendar's: every day from 1600 to 2400 against
    /// Foundation's UTC calendar (leap centuries, month ends), and a year on from February 29th.
    @Test func dayArithmeticAgreesWithTheGregorianCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var date = calendar.date(from: DateComponents(year: 1600, month: 1, day: 1))!
        var day = CalendarDate(date), mismatches: [String] = []
        while day.year < 2400 {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            if (day.year, day.month, day.day) != (parts.year!, parts.month!, parts.day!) || day.startInUTC != date || CalendarDate(date.addingTimeInterval(86_399)) != day {
                mismatches.append("\(day.iso) ≠ \(parts)")
            }
            date = calendar.date(byAdding: .day, value: 1, to: date)!
            day = day.adding(days: 1)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(CalendarDate(iso: "2024-02-29")!.adding(years: 1).iso == "2025-02-28" && CalendarDate(iso: "2024-02-29")!.adding(years: 4).iso == "2028-02-29")
        #expect(CalendarDate(iso: "2026-03-01")!.adding(days: -1).iso == "2026-02-28" && CalendarDate(iso: "2026-01-01")!.days(until: CalendarDate(iso: "2027-01-01")!) == 365)
        #expect(CalendarDate(Date(timeIntervalSince1970: -1)).iso == "1969-12-31")
    }
}
