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
}
