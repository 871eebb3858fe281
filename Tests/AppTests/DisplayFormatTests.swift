@testable import App
import Foundation
import Inventory
import Testing

/// How printed pages write dates: as dates, not as ISO text.
@Suite struct DisplayFormatTests {
    @Test func aCaptureTimeReadsAsADayAndA24HourTime() {
        // 2022-08-06 16:30:59 as the wall clock read it (kept as UTC), and one before 1970.
        #expect(DisplayFormat.dayAndTime(Date(timeIntervalSince1970: 1_659_803_459)) == "Aug 6, 2022, 16:30")
        #expect(DisplayFormat.dayAndTime(Date(timeIntervalSince1970: -60)) == "Dec 31, 1969, 23:59")
        #expect(DisplayFormat.day(CalendarDate(iso: "2026-03-14")!) == "Mar 14, 2026")
    }
}
