import Foundation
import Imaging
import PhotoLibrary
import Testing

/// A photo whose header reads but whose pixels are damaged (a truncated JPEG) is found out when its
/// thumbnail is made. From then on it is no photo of any group: it leaves its album, its event and
/// its people, and the library's status names its file and what is wrong, until the file changes.
@Suite struct DamagedPhotoTests {
    /// A JPEG cut to a third: the header (size, date, face regions) is whole, the pixels are not.
    static func truncatedJPEG(taken: String, people: [String]) throws -> [UInt8] {
        let noisy = RasterImage(width: 640, height: 480) { x, y in [UInt8((x * 7 + y * 13) & 0xff), UInt8((x * y) & 0xff), UInt8((x ^ y) & 0xff)] }
        let whole = try noisy.encoded(metadata: SampleMetadata(exif: ["exif-ifd2-DateTimeOriginal": taken], xmp: SampleMetadata.faceRegionsXMP(people)))
        return Array(whole.prefix(whole.count / 3))
    }

    /// `Album/cut.jpg`, damaged, alone in its event and the only photo of Ana; `Album/fine.jpg`, a day later, of Ben.
    static func library() throws -> (LibraryFixture, PhotoLibrary, cut: LibraryAsset) {
        let fixture = try LibraryFixture()
        try fixture.write("Album/cut.jpg", try truncatedJPEG(taken: "2019:05:04 18:30:07", people: ["Ana", "Ben"]))
        try fixture.photo("Album/fine.jpg", taken: "2019:05:06 10:00:00", people: ["Ben"])
        let library = try fixture.scannedLibrary()
        let cut = try #require(try library.asset(named: "cut.jpg"))
        return (fixture, library, cut)
    }

    static func summary(_ library: PhotoLibrary) throws -> [String] {
        try library.groups().map { "\($0.kind.rawValue) \($0.name) \($0.count)\($0.posterAssetID == nil ? " no poster" : "")" }
    }

    @Test func onceItsThumbnailFailsItLeavesItsAlbumEventAndPeopleAndTheStatusNamesIt() throws {
        let (fixture, library, cut) = try Self.library()
        #expect(try Self.summary(library) == [
            "album Album 2", "event May 6, 2019 1", "event May 4, 2019 1", "faces Ana 1", "faces Ben 2",
        ])
        #expect(library.status.unreadablePhotos.isEmpty)

        #expect(throws: ImagingError.self) {
            _ = try library.renditionFile(assetID: cut.id, fingerprint: cut.fingerprint, name: "thumb-256")
        }
        #expect(try Self.summary(library) == ["album Album 1", "event May 6, 2019 1", "faces Ben 1"])
        let album = try #require(try library.album(named: "Album"))
        #expect(try library.fileNames(inGroup: album.id) == ["fine.jpg"])
        #expect(try library.assets(inGroup: album.id, offset: 0, limit: 10)?.total == 1)
        // Its page still says what is wrong with it, for a link kept from before.
        #expect(try library.asset(id: cut.id)?.problem?.english.contains("damaged") == true)
        #expect(try library.openOriginal(assetID: cut.id) == nil)

        let problems = library.status.unreadablePhotos
        #expect(problems.map(\.path) == [fixture.url("Album/cut.jpg").path])
        #expect(problems.first?.reason == "unreadable-photo")
        #expect(problems.first?.explanation.contains(fixture.url("Album/cut.jpg").path) == true)
        #expect(problems.first?.explanation.contains("damaged") == true, "\(problems)")
        // Only to those who may see its root.
        #expect(library.status.visible(to: .roots([])).unreadablePhotos.isEmpty)
        #expect(library.status.visible(to: .roots([fixture.root.path])).unreadablePhotos.count == 1)
    }

    @Test func aRescanLeavesItOutUntilTheFileChangesAndARepairedFileComesBack() throws {
        let (fixture, library, cut) = try Self.library()
        _ = try? library.renditionFile(assetID: cut.id, fingerprint: cut.fingerprint, name: "thumb-256")
        let damaged = try Self.summary(library)
        #expect(damaged == ["album Album 1", "event May 6, 2019 1", "faces Ben 1"])

        // Unchanged, it stays out, also for a library opened again on the same database.
        library.scan(prefillRenditions: false)
        #expect(try Self.summary(library) == damaged)
        #expect(library.status.unreadablePhotos.count == 1)
        let reopened = try fixture.library()
        #expect(try Self.summary(reopened) == damaged)
        #expect(reopened.status.unreadablePhotos.count == 1)

        // Repaired (the copy finished): a new version, read again and shown again.
        try fixture.photo("Album/cut.jpg", taken: "2019:05:04 18:30:07", people: ["Ana", "Ben"])
        library.scan(prefillRenditions: false)
        #expect(try Self.summary(library) == [
            "album Album 2", "event May 6, 2019 1", "event May 4, 2019 1", "faces Ana 1", "faces Ben 2",
        ])
        #expect(library.status.unreadablePhotos.isEmpty)
        let repaired = try #require(try library.asset(id: cut.id))
        #expect(repaired.problem == nil)
        #expect(try library.renditionFile(assetID: cut.id, fingerprint: repaired.fingerprint, name: "thumb-256") != nil)
    }

    @Test func aFolderLeftWithNothingToShowIsNoLongerListedInsideItsParent() throws {
        let fixture = try LibraryFixture()
        try fixture.write("Family/Pets/cut.jpg", try Self.truncatedJPEG(taken: "2019:05:04 18:30:07", people: []))
        try fixture.photo("Family/Trip/fine.jpg", taken: "2019:05:06 10:00:00")
        let library = try fixture.scannedLibrary()
        let trip = try #require(try library.album(named: "Trip"))
        let family = try #require(try library.breadcrumb(ofAlbum: trip.id).first { $0.name == "Family" })
        #expect(try library.subalbums(of: family.id).map(\.name) == ["Pets", "Trip"])

        let cut = try #require(try library.asset(named: "cut.jpg"))
        _ = try? library.renditionFile(assetID: cut.id, fingerprint: cut.fingerprint, name: "thumb-256")
        #expect(try library.subalbums(of: family.id).map(\.name) == ["Trip"])
        #expect(try library.albumGroups().map(\.name) == ["Trip"])
    }

    /// The thumbnails a scan leaves for the background find the damage with nobody asking.
    @Test func theBackgroundThumbnailPassFindsItToo() throws {
        let fixture = try LibraryFixture()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
        try fixture.write("Pets/truncated.jpg", try [UInt8](Data(contentsOf: fixtures.appendingPathComponent("truncated.jpg"))))
        // No date of its own: the file's time puts it in an event of its own.
        fixture.setModified("Pets/truncated.jpg", seconds: 1_717_243_200)
        try fixture.photo("Album/fine.jpg", taken: "2019:05:06 10:00:00")
        let library = try fixture.library()
        defer { library.stop() }
        library.scan()
        let deadline = Date().addingTimeInterval(30)
        while library.status.unreadablePhotos.isEmpty, Date() < deadline { usleep(10_000) }
        #expect(library.status.unreadablePhotos.map(\.path) == [fixture.url("Pets/truncated.jpg").path])
        #expect(try Self.summary(library) == ["album Album 1", "event May 6, 2019 1"], "no album, and no event of one without a poster")
    }
}
