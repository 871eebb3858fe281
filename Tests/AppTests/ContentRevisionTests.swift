@testable import App
import Inventory
import Testing

/// The key the item list's caches are kept under: a new day makes a new list (warranties "ending
/// within 30 days" and claim readiness count from today), and the key never goes down while the
/// inventory, the day and the library only go forward.
@Suite struct ContentRevisionTests {
    static let day = CalendarDate(iso: "2026-12-01")!

    @Test func eachPartMovesTheKeyUp() {
        let base = ContentRevision.key(items: 5, library: 3, today: Self.day)
        #expect(ContentRevision.key(items: 5, library: 3, today: Self.day.adding(days: 1)) > base, "midnight")
        #expect(ContentRevision.key(items: 5, library: 4, today: Self.day) > base, "a scan")
        #expect(ContentRevision.key(items: 6, library: 0, today: Self.day) > base, "an edit")
        #expect(ContentRevision.key(items: 5, library: 3, today: Self.day) == base)
    }

    @Test func aMoreSignificantPartWinsOverEveryLessSignificantOne() {
        let manyScans = ContentRevision.key(items: 5, library: 8_000_000, today: Self.day)
        #expect(ContentRevision.key(items: 5, library: 0, today: Self.day.adding(days: 1)) > manyScans)
        let farFuture = ContentRevision.key(items: 5, library: 8_000_000, today: CalendarDate(iso: "2300-01-01")!)
        #expect(ContentRevision.key(items: 6, library: 0, today: Self.day) > farFuture)
        #expect(ContentRevision.key(items: 8_000_000, library: 8_000_000, today: CalendarDate(iso: "2300-01-01")!) > 0, "no overflow")
    }
}
