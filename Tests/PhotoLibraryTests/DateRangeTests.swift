import Foundation
import PhotoLibrary
import Testing

/// The photos taken between two days, browsed like a group, and the events a room's photos were
/// taken at: the two ways to find old photos of a possession besides albums, events and people.
@Suite struct DateRangeTests {
    static func day(_ text: String) -> Date { wallClock(text + " 00:00:00") }

    /// Photos just inside and just outside May 4 – 5, 2019, and one much later.
    static func fixture() throws -> (LibraryFixture, PhotoLibrary) {
        let fixture = try LibraryFixture()
        try fixture.photo("Camera/before.jpg", taken: "2019:05:03 23:59:59")
        try fixture.photo("Camera/first.jpg", taken: "2019:05:04 00:00:00")
        try fixture.photo("Trip/middle.jpg", taken: "2019:05:04 18:30:07")
        try fixture.photo("Camera/last.jpg", taken: "2019:05:05 23:59:59")
        try fixture.photo("Camera/after.jpg", taken: "2019:05:06 00:00:00")
        try fixture.photo("Kitchen/toaster.jpg", taken: "2023:07:19 12:00:00")
        return (fixture, try fixture.scannedLibrary())
    }

    @Test func aRangeHoldsThePhotosFromTheFirstMomentOfItsFirstDayToTheLastOfItsLast() throws {
        let (fixture, library) = try Self.fixture()
        defer { withExtendedLifetime(fixture) {} }
        let range = try #require(LibraryDateRange(firstDay: Self.day("2019-05-04"), lastDay: Self.day("2019-05-05")))
        let group = try #require(try library.group(id: range.groupID))
        #expect(group.kind == .dates && group.name == "May 4 – 5, 2019" && group.count == 3)
        #expect(try library.fileNames(inGroup: range.groupID) == ["first.jpg", "middle.jpg", "last.jpg"], "across albums, in time order")
        #expect(try group.posterAssetID.flatMap { try library.asset(id: $0) }?.fileName == "first.jpg")
        #expect(try library.assets(inGroup: range.groupID, offset: 1, limit: 1)?.assets.map(\.fileName) == ["middle.jpg"])
        #expect(!(try library.groups()).contains { $0.id == range.groupID }, "a range is opened, never listed")

        // The viewer steps through the range.
        let middle = try #require(try library.asset(named: "middle.jpg"))
        let position = try #require(try library.position(of: middle, inGroup: range.groupID))
        #expect(position.index == 1 && position.total == 3)
        #expect(try position.previous.flatMap { try library.asset(id: $0) }?.fileName == "first.jpg")
        #expect(try position.next.flatMap { try library.asset(id: $0) }?.fileName == "last.jpg")

        let oneDay = try #require(LibraryDateRange(firstDay: Self.day("2019-05-06"), lastDay: Self.day("2019-05-06")))
        #expect(try library.group(id: oneDay.groupID)?.name == "May 6, 2019")
        #expect(try library.fileNames(inGroup: oneDay.groupID) == ["after.jpg"])
        let empty = try #require(LibraryDateRange(firstDay: Self.day("2001-01-01"), lastDay: Self.day("2001-12-31")))
        let nothing = try #require(try library.group(id: empty.groupID), "an empty range is still a range")
        #expect(nothing.count == 0 && nothing.posterAssetID == nil)
    }

    @Test func aRangeIsNamedByItsIDAndNothingElseIsOne() throws {
        let range = try #require(LibraryDateRange(firstDay: Self.day("1965-02-01"), lastDay: Self.day("2019-05-05")))
        #expect(LibraryDateRange(groupID: range.groupID) == range, "before 1970 too")
        #expect(LibraryDateRange(firstDay: Self.day("2019-05-05"), lastDay: Self.day("2019-05-04")) == nil, "the last day before the first")
        for id in ["d", "d1", "d2_1", "d1_2_3", "d_", "dx_1", "e1_2", "d1_", "d99999999999999999999_1"] {
            #expect(LibraryDateRange(groupID: id) == nil, "\(id)")
        }
    }

    @Test func aRangeShowsOnlyWhatTheCallerMaySee() throws {
        let (fixture, library, first, _) = try LibraryAccessTests.twoRoots()
        defer { withExtendedLifetime(fixture) {} }
        let everyYear = try #require(LibraryDateRange(firstDay: Self.day("2019-01-01"), lastDay: Self.day("2021-12-31")))
        #expect(try library.group(id: everyYear.groupID)?.count == 2)
        let firstOnly = LibraryAccess.roots([first])
        #expect(try library.group(id: everyYear.groupID, visibleTo: firstOnly)?.count == 1)
        #expect(try library.assets(inGroup: everyYear.groupID, offset: 0, limit: 10, visibleTo: firstOnly)?.assets.map(\.fileName) == ["a.jpg"])
        #expect(try library.group(id: everyYear.groupID, visibleTo: .roots([]))?.count == 0)
    }

    @Test func aRoomsEventsAreThoseItsLinkedPhotosWereTakenAt() throws {
        let (fixture, library) = try Self.fixture()
        defer { withExtendedLifetime(fixture) {} }
        let events = try library.eventGroups()
        #expect(events.map(\.name) == ["Jul 19, 2023", "May 5 – 6, 2019", "May 4, 2019", "May 3 – 4, 2019"])
        let middle = try #require(try library.asset(named: "middle.jpg")).id
        let toaster = try #require(try library.asset(named: "toaster.jpg")).id
        #expect(try library.events(containingAssets: [middle]) == [events[2]])
        #expect(try library.events(containingAssets: [middle, toaster]) == [events[0], events[2]], "newest first")
        let first = try #require(try library.asset(named: "first.jpg")).id, before = try #require(try library.asset(named: "before.jpg")).id
        #expect(try library.events(containingAssets: [first, before]) == [events[3]], "an event once, however many of its photos")
        #expect(try library.events(containingAssets: []) == [])
        #expect(try library.events(containingAssets: Set([String(repeating: "0", count: 32), "gone", "x\"]"].compactMap(LibraryAsset.ID.init))) == [], "photos no longer in the library, or no id at all")

        try fixture.remove("Kitchen/toaster.jpg")
        library.scan(prefillRenditions: false)
        #expect(try library.events(containingAssets: [toaster, middle]).map(\.name) == ["May 4, 2019"])
    }

    @Test func aRoomsEventsLeaveOutWhatTheCallerMayNotSee() throws {
        let (fixture, library, first, _) = try LibraryAccessTests.twoRoots()
        defer { withExtendedLifetime(fixture) {} }
        let a = try #require(try library.asset(named: "a.jpg")).id, b = try #require(try library.asset(named: "b.jpg")).id
        #expect(try library.events(containingAssets: [a, b]).count == 2)
        #expect(try library.events(containingAssets: [a, b], visibleTo: .roots([first])).map(\.count) == [1])
    }
}
