import Foundation
import Glibc
import Imaging
import PhotoLibrary
import Synchronization
import Testing

/// What the scanner reads from each file's header, what it skips, and how it reports progress.
@Suite struct ScannerTests {
    @Test func headersGiveSizeOrientationDateCameraPlaceAndPeople() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Trip/sydney.jpg", width: 60, height: 40, orientation: 6, taken: "2019:05:04 18:30:07",
                          camera: ("Canon", "Canon EOS R6"), gps: (-33.859833, 151.211111), people: ["Ana", "Ben"])
        try fixture.photo("Trip/lisbon.jpg", width: 60, height: 40, orientation: 1, taken: "2020:12:31 23:59:59",
                          camera: ("FUJIFILM", "X-T4"), gps: (38.71124, -9.13956))
        let library = try fixture.scannedLibrary()

        let sydney = try #require(try library.asset(named: "sydney.jpg"))
        #expect(sydney.format == .jpeg)
        #expect((sydney.width, sydney.height) == (40, 60), "orientation 6 turns 60 × 40 stored pixels upright")
        #expect(sydney.orientation == 6)
        #expect(sydney.takenAt == wallClock("2019-05-04 18:30:07"))
        #expect(sydney.takenAtIsFromCamera)
        #expect(sydney.camera == "Canon EOS R6", "a model that repeats the make is not doubled")
        #expect(abs((sydney.latitude ?? 0) - -33.859833) < 0.00001, "GPSLatitudeRef S makes the latitude negative")
        #expect(abs((sydney.longitude ?? 0) - 151.211111) < 0.00001)
        #expect(sydney.people == ["Ana", "Ben"])
        #expect(sydney.problem == nil)

        let lisbon = try #require(try library.asset(named: "lisbon.jpg"))
        #expect((lisbon.width, lisbon.height, lisbon.orientation) == (60, 40, 1))
        #expect(lisbon.takenAt == wallClock("2020-12-31 23:59:59"))
        #expect(lisbon.camera == "FUJIFILM X-T4")
        #expect(abs((lisbon.latitude ?? 0) - 38.71124) < 0.00001)
        #expect(abs((lisbon.longitude ?? 0) - -9.13956) < 0.00001, "GPSLongitudeRef W makes the longitude negative")
        #expect(lisbon.people.isEmpty)
    }

    @Test(arguments: [(1, false), (3, false), (5, true), (6, true), (7, true), (8, true)])
    func everyOrientationGivesUprightDimensions(orientation: Int, swaps: Bool) throws {
        let fixture = try LibraryFixture()
        try fixture.photo("o.jpg", width: 64, height: 24, orientation: orientation, taken: "2019:05:04 18:30:07")
        let asset = try #require(try fixture.scannedLibrary().asset(named: "o.jpg"))
        #expect(asset.orientation == orientation)
        #expect((asset.width, asset.height) == (swaps ? (24, 64) : (64, 24)))
    }

    @Test func withoutACameraDateTheFileTimeIsUsedAsLocalWallClockTime() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("undated.jpg")
        // Cameras without a clock write zeros; that is no date either.
        try fixture.photo("zeros.jpg", taken: "0000:00:00 00:00:00")
        let seconds = 1_600_000_000
        fixture.setModified("undated.jpg", seconds: seconds, nanoseconds: 250_000_000)
        fixture.setModified("zeros.jpg", seconds: seconds + 3600)
        let library = try fixture.scannedLibrary()

        let offset = TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        let undated = try #require(try library.asset(named: "undated.jpg"))
        #expect(!undated.takenAtIsFromCamera)
        #expect(undated.takenAt == Date(timeIntervalSince1970: TimeInterval(seconds + offset) + 0.25))
        #expect(undated.camera == nil)
        #expect(undated.latitude == nil && undated.longitude == nil)

        let zeros = try #require(try library.asset(named: "zeros.jpg"))
        #expect(!zeros.takenAtIsFromCamera)
        #expect(zeros.takenAt == Date(timeIntervalSince1970: TimeInterval(seconds + 3600 + offset)))
    }

    @Test func microsoftPeopleTagsNamePeopleToo() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("party.jpg", taken: "2021:01:01 20:00:00", xmp: microsoftPeopleXMP(["Zoë", "Grandma Rosa"]))
        let asset = try #require(try fixture.scannedLibrary().asset(named: "party.jpg"))
        #expect(asset.people == ["Grandma Rosa", "Zoë"])
    }

    @Test func filesThatAreNotPhotosAreSkippedAndCounted() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Album/one.jpg", taken: "2019:05:04 18:30:07")
        try fixture.photo("Album/two.jpg", taken: "2019:05:04 18:31:07")
        try fixture.text("Album/notes.txt")
        try fixture.text("Album/data.json", "{\"a\": 1}")
        try fixture.write("Album/clip.mov", Array(repeating: 0x42, count: 4096))
        try fixture.text("Documents/readme.md", "# only text in here")
        // Hidden files (".DS_Store", "._IMG.jpg") are not looked at at all.
        try fixture.text("Album/.DS_Store")
        try fixture.photo("Album/.hidden.jpg")
        try fixture.photo(".thumbnails/t.jpg")
        let library = try fixture.library()
        let status = library.scan(prefillRenditions: false)

        #expect(status.state == .ready)
        #expect(status.skipped == 4)
        #expect(status.total == 6)
        #expect(status.scanned == status.total)
        #expect(status.folderProblems.isEmpty)
        #expect(try library.allAssets().map(\.fileName).sorted() == ["one.jpg", "two.jpg"])
        #expect(try library.albumGroups().map(\.name) == ["Album"], "a folder of documents is not an album")
        #expect(library.status == status)
    }

    @Test func aTruncatedPhotoIsMarkedAndLeavesItsAlbumWhenItCannotBeDecoded() throws {
        let fixture = try LibraryFixture()
        let noisy = RasterImage(width: 640, height: 480) { x, y in [UInt8((x * 7 + y * 13) & 0xff), UInt8((x * y) & 0xff), UInt8((x ^ y) & 0xff)] }
        let bytes = try noisy.encoded(metadata: SampleMetadata(exif: ["exif-ifd2-DateTimeOriginal": "2019:05:04 18:30:07"]))
        try fixture.write("Album/truncated.jpg", Array(bytes.prefix(bytes.count / 3)))
        try fixture.photo("Album/fine.jpg", taken: "2019:05:04 19:00:00")
        let library = try fixture.scannedLibrary()

        let album = try #require(try library.album(named: "Album"))
        #expect(album.count == 2)
        let truncated = try #require(try library.asset(named: "truncated.jpg"))
        // The header is whole, so the scan takes it at its word; decoding shows the damage.
        #expect((truncated.width, truncated.height) == (640, 480))
        #expect(throws: ImagingError.self) {
            _ = try library.renditionFile(assetID: truncated.id, fingerprint: truncated.fingerprint, name: "thumb-256")
        }
        let marked = try #require(try library.asset(id: truncated.id))
        #expect({ if case .damaged? = marked.problem { true } else { false } }(), "\(String(describing: marked.problem))")
        #expect(marked.problem?.english.contains("damaged") == true)
        #expect(try library.album(named: "Album")?.count == 1, "the damaged photo leaves its album")
        #expect(try library.fileNames(inGroup: album.id).sorted() == ["fine.jpg"])
        #expect(try library.openOriginal(assetID: truncated.id) == nil, "a damaged photo is not handed out")

        let fine = try #require(try library.asset(named: "fine.jpg"))
        let thumbnail = try #require(try library.renditionFile(assetID: fine.id, fingerprint: fine.fingerprint, name: "thumb-256"))
        #expect(FileManager.default.fileExists(atPath: thumbnail))
        #expect(!thumbnail.hasPrefix(fixture.root.path), "renditions are never written into a root")
    }

    @Test func aPhotoWithABadHeaderIsMarkedAtOnce() throws {
        let fixture = try LibraryFixture()
        // A JPEG signature followed by nonsense.
        try fixture.write("Album/garbage.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x13, count: 2000))
        try fixture.photo("Album/fine.jpg", taken: "2019:05:04 19:00:00")
        let library = try fixture.library()
        let status = library.scan(prefillRenditions: false)
        #expect(status.skipped == 0, "a damaged photo is not a skipped non-photo")
        #expect(status.total == 2)

        let garbage = try #require(try library.asset(named: "garbage.jpg"))
        #expect({ if case .damaged? = garbage.problem { true } else { false } }(), "\(String(describing: garbage.problem))")
        #expect(garbage.problem?.english.contains("damaged") == true)
        #expect(try library.album(named: "Album")?.count == 2)
        #expect(try library.openOriginal(assetID: garbage.id) == nil)
        #expect(try library.renditionFile(assetID: garbage.id, fingerprint: garbage.fingerprint, name: "thumb-256") == nil)
    }

    @Test func progressCountsUpToTheTotal() throws {
        let fixture = try LibraryFixture()
        for index in 0..<300 {
            try fixture.photo("Many/p\(index).jpg", width: 8, height: 8, taken: exifDate(Date(timeIntervalSince1970: 1_500_000_000 + Double(index) * 60)))
        }
        try fixture.text("Many/readme.txt")
        let library = try fixture.library()
        #expect(library.status.state == .ready)
        #expect(library.status.isConfigured)
        let seen = Mutex<[LibraryStatus]>([])
        let final = library.scan(progress: { status in seen.withLock { $0.append(status) } }, prefillRenditions: false)
        let updates = seen.withLock { $0 }

        #expect(final.state == .ready)
        #expect(final.total == 301)
        #expect(final.scanned == 301)
        #expect(final.skipped == 1)
        #expect(final.scanStarted != nil && final.scanFinished != nil)
        #expect(updates.first?.state == .scanning)
        #expect(updates.last?.state == .ready)
        #expect(updates.dropLast().allSatisfy { $0.state == .scanning })
        #expect(updates.allSatisfy { $0.scanned <= $0.total || $0.total == 0 })
        #expect(zip(updates, updates.dropFirst()).allSatisfy { $0.scanned <= $1.scanned }, "progress never goes back")
        #expect(updates.contains { $0.scanned > 0 && $0.scanned < 301 }, "photos are stored a batch at a time")
        #expect(try library.album(named: "Many")?.count == 300)
    }

    @Test func idsAreOpaqueAndStableAcrossRestarts() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Private Stuff/IMG_4242.jpg", taken: "2019:05:04 18:30:07")
        let library = try fixture.scannedLibrary()
        let asset = try #require(try library.asset(named: "IMG_4242.jpg"))
        let album = try #require(try library.album(named: "Private Stuff"))
        let hex = Set("0123456789abcdef")
        #expect(asset.id.rawValue.count == 32 && asset.id.rawValue.allSatisfy { hex.contains($0) })
        #expect(album.id.hasPrefix("a") && album.id.count == 33 && album.id.dropFirst().allSatisfy { hex.contains($0) })
        for id in [asset.id.rawValue, album.id, asset.fingerprint] {
            #expect(!id.contains("IMG") && !id.contains("4242") && !id.contains("/") && !id.contains("Private"))
        }

        // The same database (same key) names things the same way after a restart, before any rescan.
        let again = try fixture.library()
        #expect(try again.asset(id: asset.id)?.fileName == "IMG_4242.jpg")
        again.scan(prefillRenditions: false)
        #expect(try again.asset(named: "IMG_4242.jpg")?.id == asset.id)
        #expect(try again.album(named: "Private Stuff")?.id == album.id)

        // Another library (another key) gives the same file another id: ids cannot be guessed from paths.
        let other = try LibraryFixture()
        let otherLibrary = try PhotoLibrary(roots: [fixture.root.path], database: try other.database(),
                                            cacheDirectory: other.data.appendingPathComponent("cache"))
        otherLibrary.scan(prefillRenditions: false)
        let otherAsset = try #require(try otherLibrary.asset(named: "IMG_4242.jpg"))
        #expect(otherAsset.id != asset.id)
    }

    @Test func unknownAndMalformedAssetIdsFindNothing() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("a.jpg")
        let library = try fixture.scannedLibrary()
        let real = try #require(try library.asset(named: "a.jpg"))
        let text = real.id.rawValue
        for id in ["", "a.jpg", "../a.jpg", String(repeating: "0", count: 32), text.uppercased(), text + "0",
                   String(text.dropLast()), "\(text)/../\(text)", fixture.url("a.jpg").path] {
            // Text that is no id is no `LibraryAsset.ID`: it reaches no lookup.
            let typed = LibraryAsset.ID(id)
            #expect(try typed.flatMap { try library.asset(id: $0) } == nil, "\(id)")
            #expect(try typed.flatMap { try library.openOriginal(assetID: $0) } == nil, "\(id)")
            #expect(try typed.flatMap { try library.renditionFile(assetID: $0, fingerprint: real.fingerprint, name: "thumb-256") } == nil, "\(id)")
        }
        #expect(try library.openOriginal(assetID: real.id, fingerprint: "0-0") == nil, "an old version is not served")
        #expect(try library.renditionFile(assetID: real.id, fingerprint: real.fingerprint, name: "../../original") == nil)
        #expect(try library.renditionFile(assetID: real.id, fingerprint: real.fingerprint, name: "thumb-80") == nil)
        #expect(try library.openOriginal(assetID: real.id, fingerprint: real.fingerprint)?.location == DirectoryWalkerPath.real(fixture.url("a.jpg").path))
    }
}

enum DirectoryWalkerPath {
    /// The path with every symlink resolved (the temporary folder may itself be a link).
    static func real(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
