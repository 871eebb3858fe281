import Foundation
import Inventory
import Reminders
import Testing

@Suite struct CalendarFeedTests {
    static let stamp = Date(timeIntervalSince1970: 1_796_000_000)

    @Test func textIsEscapedAsRFC5545Says() {
        #expect(CalendarFeed.escaped("a,b;c\\d\ne\r\nf\u{7}g") == "a\\,b\\;c\\\\d\\ne\\nfg")
    }

    @Test func linesEndWithCRLFAndFoldAt75OctetsWithoutSplittingACharacter() {
        let summary = String(repeating: "é", count: 60) + " — " + String(repeating: "x", count: 100)
        let feed = CalendarFeed(name: "Homepwner", events: [CalendarEvent(uid: "warranty-ends:item-1:2027-03-31@homepwner", day: CalendarDate(iso: "2027-03-31")!,
                                                                          summary: summary, description: "d")], stamp: Self.stamp)
        let bytes = Array(feed.text.utf8)
        #expect(bytes.suffix(2) == [0x0D, 0x0A])
        let lines = feed.text.components(separatedBy: "\r\n").dropLast()
        #expect(!feed.text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        // Unfolded (CRLF and one space removed), the summary is whole again.
        let unfolded = feed.text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:" + summary + "\r\n"))
        #expect(lines.filter { $0.hasPrefix(" ") }.count >= 2)
    }

    @Test func eachEventIsAllDayOnItsDayWithItsUID() {
        let feed = CalendarFeed(name: "Homepwner", events: [
            CalendarEvent(uid: "proof-of-loss:claim-3:2026-12-31@homepwner", day: CalendarDate(iso: "2026-12-31")!, summary: "Due", description: "", url: "https://nas.local/claims/3"),
        ], stamp: Self.stamp).text
        #expect(feed.contains("\r\nUID:proof-of-loss:claim-3:2026-12-31@homepwner\r\n"))
        #expect(feed.contains("\r\nDTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n"))
        #expect(feed.contains("\r\nURL:https://nas.local/claims/3\r\n"))
        #expect(feed.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"))
    }
}
