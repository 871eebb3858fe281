import Foundation
import Imaging
import PhotoLibrary
import Testing

/// Albums (folders), events (clusters in time, split after a gap of more than 8 hours) and faces
/// (one group per person), with counts, posters, paging and a photo's place in its group.
@Suite struct GroupingTests {
    /// top.jpg; Holidays/{Lisbon ×3, Alps ×2}; Family ×1; Notes (text only); Empty (no files).
    static func albumTree() throws -> LibraryFixture {
        let fixture = try LibraryFixture()
        try fixture.photo("top.jpg", taken: "2018:06:21 12:00:00")
        try fixture.photo("Holidays/Lisbon/l3.jpg", taken: "2019:05:05 09:00:00")
        try fixture.photo("Holidays/Lisbon/l1.jpg", taken: "2019:05:04 12:00:00")
        try fixture.photo("Holidays/Lisbon/l2.jpg", taken: "2019:05:04 18:00:00")
        try fixture.photo("Holidays/Alps/a1.jpg", taken: "2021:02:12 09:00:00")
        try fixture.photo("Holidays/Alps/a2.jpg", taken: "2021:02:12 11:00:00")
        try fixture.photo("Family/f1.jpg", taken: "2020:03:03 16:00:00")
        try fixture.text("Notes/list.txt")
        try FileManager.default.createDirectory(at: fixture.url("Empty"), withIntermediateDirectories: true)
        return fixture
    }

    // MARK: Albums

    @Test func eachFolderWithPhotosIsAnAlbumWithItsCount() throws {
        let fixture = try Self.albumTree()
        let library = try fixture.scannedLibrary()
        let albums = try library.albumGroups()
        #expect(albums.map(\.name) == ["Photos", "Family", "Alps", "Lisbon"])
        #expect(albums.map(\.count) == [1, 1, 2, 3])
        #expect(albums.map(\.detail) == [nil, nil, "Holidays", "Holidays"])
        #expect(albums.allSatisfy { $0.kind == .album && $0.posterAssetID != nil && $0.posterFingerprint != nil })
        // The poster is the album's first photo in time.
        let lisbon = try #require(albums.first { $0.name == "Lisbon" })
        #expect(try lisbon.posterAssetID.flatMap { try library.asset(id: $0) }?.fileName == "l1.jpg")
        #expect(try library.fileNames(inGroup: lisbon.id) == ["l1.jpg", "l2.jpg", "l3.jpg"])
        for album in albums {
            #expect(try library.group(id: album.id) == album)
            #expect(try library.assets(inGroup: album.id, offset: 0, limit: 100)?.total == album.count)
        }
        #expect(!albums.contains { ["Holidays", "Notes", "Empty"].contains($0.name) }, "folders without photos of their own are not listed")
    }

    @Test func nestedAlbumsHaveABreadcrumbAndSubalbums() throws {
        let fixture = try Self.albumTree()
        try fixture.photo("Holidays/Lisbon/Day 2/d.jpg", taken: "2019:05:05 10:00:00")
        let library = try fixture.scannedLibrary()
        let day2 = try #require(try library.album(named: "Day 2"))
        #expect(day2.detail == "Holidays › Lisbon")
        let crumbs = try library.breadcrumb(ofAlbum: day2.id)
        #expect(crumbs.map(\.name) == ["Photos", "Holidays", "Lisbon", "Day 2"])
        #expect(crumbs.last?.id == day2.id)
        #expect(crumbs.first?.id == (try library.album(named: "Photos"))?.id)
        #expect(crumbs[2].id == (try library.album(named: "Lisbon"))?.id)

        let root = try #require(try library.album(named: "Photos"))
        #expect(try library.breadcrumb(ofAlbum: root.id).map(\.name) == ["Photos"])
        #expect(try library.subalbums(of: root.id).map(\.name) == ["Family", "Holidays"])
        let holidays = crumbs[1]
        let inHolidays = try library.subalbums(of: holidays.id)
        #expect(inHolidays.map(\.name) == ["Alps", "Lisbon"])
        #expect(inHolidays.map(\.count) == [2, 3])
        #expect(try library.subalbums(of: crumbs[2].id).map(\.name) == ["Day 2"])
        #expect(try library.subalbums(of: day2.id).isEmpty)
        // Only albums have breadcrumbs and subalbums.
        let event = try #require(try library.eventGroups().first)
        #expect(try library.breadcrumb(ofAlbum: event.id).isEmpty)
        #expect(try library.subalbums(of: event.id).isEmpty)
    }

    @Test func aFolderBetweenAlbumsCanBeOpenedFromTheBreadcrumb() throws {
        // The breadcrumb and the parent's subalbum list link to "Holidays", which holds no photo of its own.
        let fixture = try Self.albumTree()
        let library = try fixture.scannedLibrary()
        let lisbon = try #require(try library.album(named: "Lisbon"))
        let holidays = try #require(try library.breadcrumb(ofAlbum: lisbon.id).dropLast().last)
        let group = try library.group(id: holidays.id)
        #expect(group != nil, "the breadcrumb's Holidays names no group, so its link leads nowhere")
        #expect(group?.name == "Holidays")
        #expect(try library.assets(inGroup: holidays.id, offset: 0, limit: 10) != nil)
    }

    @Test func twoRootsWithTheSameFolderNamesKeepSeparateAlbums() throws {
        let fixture = try LibraryFixture()
        let second = fixture.base.appendingPathComponent("More")
        try fixture.photo("Trip/a.jpg", taken: "2019:05:04 10:00:00")
        try fixture.photo("Trip/b.jpg", taken: "2019:05:04 10:00:00", under: second)
        let library = try fixture.library(roots: [fixture.root.path, second.path])
        library.scan(prefillRenditions: false)
        let trips = try library.albumGroups().filter { $0.name == "Trip" }
        #expect(trips.count == 2)
        #expect(Set(trips.map(\.id)).count == 2)
        #expect(trips.map(\.count) == [1, 1])
    }

    // MARK: Events

    /// Times (wall clock) and the events they must form, newest first.
    static let eventTimes: [String] = [
        // Gaps of exactly 8 hours: one event over three days.
        "2019:05:04 10:00:00", "2019:05:04 18:00:00", "2019:05:05 02:00:00", "2019:05:05 10:00:00", "2019:05:05 18:00:00",
        "2019:05:06 02:00:00",
        // 8 hours and 1 second after the last: a new event.
        "2019:05:06 10:00:01",
        // Across a month.
        "2019:05:31 20:00:00", "2019:06:01 04:00:00",
        // Across a year, every 8 hours.
        "2019:12:30 20:00:00", "2019:12:31 04:00:00", "2019:12:31 12:00:00", "2019:12:31 20:00:00", "2020:01:01 04:00:00",
        "2020:01:01 12:00:00", "2020:01:01 20:00:00", "2020:01:02 04:00:00",
    ]

    @Test func eventsSplitAfterAGapOfMoreThanEightHoursAndAreNamedByDateRange() throws {
        let fixture = try LibraryFixture()
        for (index, time) in Self.eventTimes.enumerated() {
            try fixture.photo("Camera/IMG_\(1000 + index).jpg", width: 8, height: 8, taken: time)
        }
        let library = try fixture.scannedLibrary()
        let events = try library.eventGroups()
        #expect(events.map(\.name) == ["Dec 30, 2019 – Jan 2, 2020", "May 31 – Jun 1, 2019", "May 6, 2019", "May 4 – 6, 2019"])
        #expect(events.map(\.count) == [8, 2, 1, 6])
        #expect(PhotoLibrary.eventGap == 8 * 3600)
        for event in events {
            #expect(event.kind == .event)
            #expect(try library.group(id: event.id) == event)
            #expect(try library.assets(inGroup: event.id, offset: 0, limit: 100)?.total == event.count)
        }
        let may6 = try #require(events.first { $0.name == "May 6, 2019" })
        #expect(try library.fileNames(inGroup: may6.id) == ["IMG_1006.jpg"])
        let may4 = try #require(events.last)
        #expect(try library.fileNames(inGroup: may4.id) == (1000...1005).map { "IMG_\($0).jpg" })
        #expect(try may4.posterAssetID.flatMap { try library.asset(id: $0) }?.fileName == "IMG_1000.jpg", "an event's poster is its first photo")
        #expect(!may4.id.contains("/") && !may4.id.contains(".."))
    }

    @Test func theEightHourBoundaryIsExact() throws {
        // Just the two pairs: exactly 8 h apart (one event), then 8 h + 1 s apart (two events).
        let fixture = try LibraryFixture()
        try fixture.photo("a.jpg", taken: "2022:08:06 16:30:00")
        try fixture.photo("b.jpg", taken: "2022:08:07 00:30:00")
        let library = try fixture.scannedLibrary()
        #expect(try library.eventGroups().map(\.count) == [2])
        #expect(try library.eventGroups().map(\.name) == ["Aug 6 – 7, 2022"])

        try fixture.photo("c.jpg", taken: "2022:08:07 08:30:01")
        library.scan(prefillRenditions: false)
        #expect(try library.eventGroups().map(\.count) == [1, 2])
        #expect(try library.eventGroups().map(\.name) == ["Aug 7, 2022", "Aug 6 – 7, 2022"])
    }

    @Test func eventsTakeInPhotosFromEveryFolderAndUndatedOnesByFileTime() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Ay/one.jpg", taken: "2019:05:04 10:00:00")
        try fixture.photo("Bee/two.jpg", taken: "2019:05:04 12:00:00")
        try fixture.photo("Cee/undated.jpg")
        // 2019-05-04 14:00 wall clock here, as the file's time.
        let wall = wallClock("2019-05-04 14:00:00").timeIntervalSince1970
        let seconds = Int(wall) - TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: wall))
        fixture.setModified("Cee/undated.jpg", seconds: seconds)
        let library = try fixture.scannedLibrary()
        let events = try library.eventGroups()
        #expect(events.map(\.count) == [3])
        #expect(events.map(\.name) == ["May 4, 2019"])
        #expect(try library.fileNames(inGroup: events[0].id) == ["one.jpg", "two.jpg", "undated.jpg"])
    }

    // MARK: Faces

    @Test func facesGiveOneGroupPerPersonWithCounts() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("p1.jpg", taken: "2019:05:04 10:00:00", people: ["Ana"])
        try fixture.photo("p2.jpg", taken: "2019:05:04 11:00:00", people: ["Ben", "Ana"])
        try fixture.photo("p3.jpg", taken: "2019:05:04 12:00:00", people: ["Ben"])
        try fixture.photo("p4.jpg", taken: "2019:05:04 13:00:00", xmp: microsoftPeopleXMP(["cleo", "Ana"]))
        try fixture.photo("p5.jpg", taken: "2019:05:04 14:00:00")
        let library = try fixture.scannedLibrary()
        let faces = try library.faceGroups()
        #expect(faces.map(\.name) == ["Ana", "Ben", "cleo"], "by name, ignoring case")
        #expect(faces.map(\.count) == [3, 2, 1])
        #expect(faces.allSatisfy { $0.kind == .faces && $0.id.hasPrefix("f") && !$0.id.contains($0.name) })
        let ana = faces[0]
        #expect(try library.fileNames(inGroup: ana.id) == ["p1.jpg", "p2.jpg", "p4.jpg"])
        #expect(try ana.posterAssetID.flatMap { try library.asset(id: $0) }?.fileName == "p1.jpg")
        #expect(try library.fileNames(inGroup: faces[1].id) == ["p2.jpg", "p3.jpg"])
        #expect(try library.group(id: ana.id) == ana)
        #expect(try library.assets(inGroup: "fAna", offset: 0, limit: 10) == nil)
    }

    // MARK: Empty groups, paging, positions

    @Test func groupsWithoutPhotosAreHidden() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Solo/s.jpg", taken: "2010:01:01 10:00:00", people: ["Dora"])
        try fixture.photo("Keep/k.jpg", taken: "2019:05:04 10:00:00", people: ["Eli"])
        let library = try fixture.scannedLibrary()
        #expect(try library.groups().count == 6)
        try fixture.remove("Solo/s.jpg")
        library.scan(prefillRenditions: false)
        let groups = try library.groups()
        #expect(groups.map(\.name) == ["Keep", "May 4, 2019", "Eli"])
        #expect(groups.allSatisfy { $0.count > 0 })
    }

    @Test func pagesCoverTheGroupInOrderWithTheTotal() throws {
        let fixture = try LibraryFixture()
        // Two photos share a time: the file name breaks the tie.
        let times = ["2019:05:04 10:00:05", "2019:05:04 10:00:01", "2019:05:04 10:00:03", "2019:05:04 10:00:03",
                     "2019:05:04 10:00:02", "2019:05:04 10:00:07", "2019:05:04 10:00:06"]
        for (index, time) in times.enumerated() {
            try fixture.photo("Album/\(["g", "a", "d", "c", "b", "f", "e"][index]).jpg", width: 8, height: 8, taken: time)
        }
        let library = try fixture.scannedLibrary()
        let album = try #require(try library.album(named: "Album"))
        let all = try #require(try library.assets(inGroup: album.id, offset: 0, limit: 100))
        #expect(all.total == 7)
        #expect(all.assets.map(\.fileName) == ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "g.jpg", "e.jpg", "f.jpg"])

        var pieced: [LibraryAsset] = []
        for offset in stride(from: 0, to: 7, by: 3) {
            let page = try #require(try library.assets(inGroup: album.id, offset: offset, limit: 3))
            #expect(page.total == 7)
            #expect(page.assets.count == min(3, 7 - offset))
            pieced += page.assets
        }
        #expect(pieced == all.assets)
        let beyond = try #require(try library.assets(inGroup: album.id, offset: 50, limit: 3))
        #expect(beyond.total == 7 && beyond.assets.isEmpty)
        #expect(try library.assets(inGroup: album.id, offset: 6, limit: 1)?.assets.map(\.fileName) == ["f.jpg"])
    }

    @Test func aPhotosPositionGivesIndexTotalAndNeighbours() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Album/a.jpg", taken: "2019:05:04 10:00:00", people: ["Ana"])
        try fixture.photo("Album/b.jpg", taken: "2019:05:04 10:00:00")
        try fixture.photo("Album/c.jpg", taken: "2019:05:04 11:00:00", people: ["Ana"])
        try fixture.photo("Other/d.jpg", taken: "2019:05:04 10:30:00", people: ["Ana"])
        try fixture.photo("Other/e.jpg", taken: "2021:01:01 10:30:00")
        let library = try fixture.scannedLibrary()
        let album = try #require(try library.album(named: "Album"))
        let a = try #require(try library.asset(named: "a.jpg"))
        let b = try #require(try library.asset(named: "b.jpg"))
        let c = try #require(try library.asset(named: "c.jpg"))
        let d = try #require(try library.asset(named: "d.jpg"))
        let e = try #require(try library.asset(named: "e.jpg"))

        let first = try #require(try library.position(of: a, inGroup: album.id))
        #expect(first.index == 0 && first.total == 3 && first.previous == nil && first.next == b.id)
        let middle = try #require(try library.position(of: b, inGroup: album.id))
        #expect(middle.index == 1 && middle.total == 3 && middle.previous == a.id && middle.next == c.id)
        let last = try #require(try library.position(of: c, inGroup: album.id))
        #expect(last.index == 2 && last.total == 3 && last.previous == b.id && last.next == nil)
        #expect(try library.position(of: d, inGroup: album.id) == nil, "a photo from another album has no place here")

        // In the person's group, d (another folder) sits between a and c.
        let ana = try #require(try library.faceGroups().first)
        let inFaces = try #require(try library.position(of: d, inGroup: ana.id))
        #expect(inFaces.index == 1 && inFaces.total == 3 && inFaces.previous == a.id && inFaces.next == c.id)
        #expect(try library.position(of: b, inGroup: ana.id) == nil)

        // In the event: a, b, d, c.
        let event = try #require(try library.eventGroups().first { $0.count == 4 })
        let inEvent = try #require(try library.position(of: d, inGroup: event.id))
        #expect(inEvent.index == 2 && inEvent.total == 4 && inEvent.previous == b.id && inEvent.next == c.id)
        #expect(try library.position(of: e, inGroup: event.id) == nil)
        #expect(try library.position(of: a, inGroup: "x") == nil)
    }

    @Test func unknownGroupIdsFindNothing() throws {
        let fixture = try Self.albumTree()
        let library = try fixture.scannedLibrary()
        let album = try #require(try library.album(named: "Lisbon"))
        for id in ["", "x", "a", "e", "f", "a../../etc", "e0-0", "e1-2", "f" + String(repeating: "0", count: 32),
                   "a" + String(repeating: "0", count: 32), album.id.uppercased(), album.id + "0", "b" + album.id.dropFirst()] {
            #expect(try library.group(id: id) == nil, "\(id)")
        }
        for id in ["", "x", "a", "a../../etc", "e0-0", "e1-2", "f" + String(repeating: "0", count: 32), album.id.uppercased()] {
            #expect(try library.assets(inGroup: id, offset: 0, limit: 10) == nil, "\(id)")
        }
    }

    @Test func aWellFormedButUnknownAlbumIdHasNoPhotosPage() throws {
        let fixture = try Self.albumTree()
        let library = try fixture.scannedLibrary()
        let unknown = "a" + String(repeating: "0", count: 32)
        #expect(try library.group(id: unknown) == nil)
        // Everything else that names no group answers nil; this one answers an empty page.
        #expect(try library.assets(inGroup: unknown, offset: 0, limit: 10) == nil)
    }
}
