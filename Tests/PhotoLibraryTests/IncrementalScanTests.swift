import Foundation
import Glibc
import Imaging
import PhotoLibrary
import Testing

/// Rescans: unchanged files (same size and modification time) are not opened again, changed ones
/// are, deleted ones are dropped, new ones added, and albums left empty disappear.
@Suite struct IncrementalScanTests {
    @Test func anUnchangedFileIsNotReadAgainAndAChangedOneIs() throws {
        let fixture = try LibraryFixture()
        let original = try fixture.photo("Album/a.jpg", taken: "2019:05:04 18:30:07", camera: ("Canon", "Canon EOS R6"), people: ["Ana"])
        try fixture.photo("Album/b.jpg", taken: "2019:05:04 18:40:00")
        let library = try fixture.scannedLibrary()
        let before = try #require(try library.asset(named: "a.jpg"))
        #expect(before.takenAt == wallClock("2019-05-04 18:30:07"))
        #expect(before.camera == "Canon EOS R6")

        // Other metadata in the same number of bytes, with the old modification time put back:
        // to a scanner that trusts size + mtime, the file has not changed.
        let modified = fixture.modified("Album/a.jpg")
        let edited = replacingBytes(replacingBytes(replacingBytes(original, "2019:05:04", with: "2018:01:02"), "Canon", with: "Nikon"), "Ana", with: "Bob")
        #expect(edited.count == original.count && edited != original)
        try fixture.write("Album/a.jpg", edited)
        fixture.setModified("Album/a.jpg", to: modified)
        #expect(fixture.modified("Album/a.jpg").tv_nsec == modified.tv_nsec)

        let unchanged = library.scan(prefillRenditions: false)
        #expect(unchanged.scanned == 2 && unchanged.total == 2)
        let after = try #require(try library.asset(id: before.id))
        #expect(after == before, "the unchanged file was not read again")

        // A new modification time makes it a changed file: read again, same id, new fingerprint.
        fixture.setModified("Album/a.jpg", seconds: modified.tv_sec + 60, nanoseconds: modified.tv_nsec)
        library.scan(prefillRenditions: false)
        let reread = try #require(try library.asset(id: before.id))
        #expect(reread.takenAt == wallClock("2018-01-02 18:30:07"))
        #expect(reread.camera == "Nikon EOS R6")
        #expect(reread.people == ["Bob"])
        #expect(reread.fingerprint != before.fingerprint)
        #expect(try library.faceGroups().map(\.name) == ["Bob"], "Ana's only photo now names Bob")
        #expect(try library.openOriginal(assetID: before.id, fingerprint: before.fingerprint) == nil, "the old version's URLs are dead")
        #expect(try library.openOriginal(assetID: before.id, fingerprint: reread.fingerprint) != nil)
    }

    @Test func aChangedSizeWithTheSameTimeIsReadAgain() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("a.jpg", width: 40, height: 30, taken: "2019:05:04 18:30:07")
        let library = try fixture.scannedLibrary()
        let before = try #require(try library.asset(named: "a.jpg"))
        let modified = fixture.modified("a.jpg")
        try fixture.photo("a.jpg", width: 80, height: 20, taken: "2019:05:04 18:30:07")
        fixture.setModified("a.jpg", to: modified)
        library.scan(prefillRenditions: false)
        let after = try #require(try library.asset(id: before.id))
        #expect((after.width, after.height) == (80, 20))
    }

    @Test func deletedFilesAreDroppedAndNewOnesAdded() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Album/keep.jpg", taken: "2019:05:04 10:00:00")
        try fixture.photo("Album/gone.jpg", taken: "2019:05:04 11:00:00", people: ["Cleo"])
        let library = try fixture.scannedLibrary()
        let gone = try #require(try library.asset(named: "gone.jpg"))
        #expect(try library.faceGroups().map(\.name) == ["Cleo"])

        try fixture.remove("Album/gone.jpg")
        try fixture.photo("Album/new.jpg", taken: "2019:05:04 12:00:00")
        try fixture.photo("Other/fresh.jpg", taken: "2019:05:04 13:00:00")
        let status = library.scan(prefillRenditions: false)

        #expect(status.total == 3 && status.scanned == 3)
        #expect(try library.asset(id: gone.id) == nil)
        #expect(try library.openOriginal(assetID: gone.id) == nil)
        let album = try #require(try library.album(named: "Album"))
        #expect(album.count == 2)
        #expect(try library.fileNames(inGroup: album.id) == ["keep.jpg", "new.jpg"])
        #expect(try library.album(named: "Other")?.count == 1)
        #expect(try library.faceGroups().isEmpty, "the person whose only photo went is gone")
        #expect(try library.eventGroups().map(\.count) == [3], "one event of the three photos left")
    }

    @Test func albumsThatBecomeEmptyDisappear() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("top.jpg", taken: "2019:05:04 10:00:00")
        try fixture.photo("Holidays/Lisbon/l.jpg", taken: "2019:05:04 11:00:00")
        try fixture.photo("Trip/t.jpg", taken: "2019:05:04 12:00:00")
        let library = try fixture.scannedLibrary()
        let lisbon = try #require(try library.album(named: "Lisbon"))
        let trip = try #require(try library.album(named: "Trip"))
        let holidays = try #require(try library.breadcrumb(ofAlbum: lisbon.id).dropLast().last)
        #expect(holidays.name == "Holidays")

        try fixture.remove("Holidays/Lisbon/l.jpg")
        try fixture.remove("Trip/t.jpg")
        try fixture.text("Trip/notes.txt")
        library.scan(prefillRenditions: false)

        #expect(try library.albumGroups().map(\.name) == ["Photos"])
        for id in [lisbon.id, trip.id, holidays.id] {
            #expect(try library.group(id: id) == nil)
            #expect(try library.assets(inGroup: id, offset: 0, limit: 10)?.total ?? 0 == 0)
            #expect(try library.breadcrumb(ofAlbum: id).isEmpty, "the folders' album rows are gone too")
        }
        let root = try #require(try library.album(named: "Photos"))
        #expect(try library.subalbums(of: root.id).isEmpty)

        // A photo coming back brings its albums back, with the same ids.
        try fixture.photo("Holidays/Lisbon/l2.jpg", taken: "2019:05:04 11:00:00")
        library.scan(prefillRenditions: false)
        #expect(try library.album(named: "Lisbon")?.id == lisbon.id)
        #expect(try library.breadcrumb(ofAlbum: lisbon.id).map(\.name) == ["Photos", "Holidays", "Lisbon"])
    }

    @Test func aFileMovedToAnotherFolderMovesAlbums() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Inbox/p.jpg", taken: "2019:05:04 10:00:00")
        let library = try fixture.scannedLibrary()
        try FileManager.default.createDirectory(at: fixture.url("Sorted"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: fixture.url("Inbox/p.jpg"), to: fixture.url("Sorted/p.jpg"))
        library.scan(prefillRenditions: false)
        #expect(try library.albumGroups().map(\.name) == ["Sorted"])
        #expect(try library.allAssets().count == 1)
    }

    @Test func aPhotoReplacedByAFileThatIsNotAPhotoIsDropped() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Album/p.jpg", taken: "2019:05:04 10:00:00")
        try fixture.photo("Album/q.jpg", taken: "2019:05:04 10:00:01")
        let library = try fixture.scannedLibrary()
        try fixture.text("Album/p.jpg", "now a shopping list")
        let status = library.scan(prefillRenditions: false)
        #expect(status.skipped == 1)
        #expect(try library.allAssets().map(\.fileName) == ["q.jpg"])
    }

    @Test func aDamagedPhotoIsLookedAtAgainOnEveryScan() throws {
        let fixture = try LibraryFixture()
        try fixture.write("Album/p.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x13, count: 500))
        let library = try fixture.scannedLibrary()
        let damaged = try #require(try library.asset(named: "p.jpg"))
        #expect(damaged.problem != nil)

        // Repaired (say, the copy finished) with the same size and time: still read again, because it was damaged.
        let good = try LibraryFixture.jpeg(width: 20, height: 10, taken: "2019:05:04 10:00:00")
        let modified = fixture.modified("Album/p.jpg")
        try fixture.write("Album/p.jpg", good)
        fixture.setModified("Album/p.jpg", to: modified)
        library.scan(prefillRenditions: false)
        let repaired = try #require(try library.asset(id: damaged.id))
        #expect(repaired.problem == nil)
        #expect((repaired.width, repaired.height) == (20, 10))
        #expect(try library.openOriginal(assetID: repaired.id) != nil)
    }

    @Test func aRootNoLongerConfiguredTakesItsPhotosWithIt() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Album/p.jpg", taken: "2019:05:04 10:00:00")
        let other = fixture.base.appendingPathComponent("Second")
        try fixture.photo("Elsewhere/q.jpg", taken: "2020:05:04 10:00:00", under: other)
        let both = try fixture.library(roots: [fixture.root.path, other.path])
        both.scan(prefillRenditions: false)
        #expect(try both.allAssets().map(\.fileName).sorted() == ["p.jpg", "q.jpg"])
        let p = try #require(try both.asset(named: "p.jpg"))

        let onlySecond = try fixture.library(roots: [other.path])
        #expect(try onlySecond.asset(id: p.id) == nil)
        onlySecond.scan(prefillRenditions: false)
        #expect(try onlySecond.allAssets().map(\.fileName) == ["q.jpg"])
        #expect(try onlySecond.albumGroups().map(\.name) == ["Elsewhere"])
    }

    /// A running server notices photos added (by another program, or `homepwner scan`) without a restart.
    @Test func keptScannedALibraryFindsPhotosAddedSinceTheLastScan() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Album/first.jpg")
        let library = try fixture.scannedLibrary()
        #expect(library.status.total == 1)
        library.keepScanned(every: .milliseconds(200))
        defer { library.stopKeepingScanned() }
        try fixture.photo("New Album/second.jpg")
        let deadline = Date().addingTimeInterval(10)
        while (try library.album(named: "New Album")) == nil, Date() < deadline { usleep(50_000) }
        #expect(try library.album(named: "New Album") != nil)
        #expect(library.status.total == 2)
    }

    @Test func withoutKeepingScannedNothingScansBehindTheCallersBack() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Album/first.jpg")
        let library = try fixture.scannedLibrary()
        try fixture.photo("Album/second.jpg")
        library.refreshIfStale(age: .zero)
        usleep(300_000)
        #expect(library.status.total == 1)
    }
}
