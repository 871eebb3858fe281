@testable import Backup
import Database
import Foundation
import Imaging
import Inventory
import Testing

/// A place's walk-through video is dated evidence of the room: a backup keeps it byte for byte with
/// its poster and candidate frames, and a restore brings back a walk-through that plays.
@Suite struct BackupWalkthroughTests {
    /// A real phone-like MP4 from the capture fixtures (the store keeps any bytes; the app probes them first).
    static let video = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/public/capture/video/synthetic-walk-12-objects-360p.mp4")

    /// The kitchen's walk-through with its poster and two frames, made as the frame maker makes them.
    static func addWalkthrough(to fixture: BackupFixture, in location: Location.ID) throws -> Walkthrough {
        let store = fixture.store
        let staged = try store.videos.stage(fileAtPath: video.path)
        let walkthrough = try store.addWalkthrough(
            to: location,
            video: WalkthroughVideo(sha256: staged.sha256, contentType: "video/mp4", byteSize: staged.byteSize,
                                    recordedAt: Date(timeIntervalSince1970: 1_790_000_000), seconds: 24, width: 640, height: 360, codec: "h264"),
            staged: staged)
        let poster = try store.images.prepare(try BackupFixture.photo(11))
        let frames = [(second: 3.5, image: try store.images.prepare(try BackupFixture.photo(12))),
                      (second: 9.0, image: try store.images.prepare(try BackupFixture.photo(13)))]
        try store.finishWalkthrough(walkthrough.id, poster: poster, frames: frames)
        return try store.walkthrough(id: walkthrough.id)
    }

    static func kitchen(_ fixture: BackupFixture) throws -> Location.ID {
        try #require(try fixture.store.locations().first { $0.name == "Kitchen" }).id
    }

    @Test func aBackupKeepsTheVideoItsPosterAndFramesAndARestoreBringsThemBack() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        try fixture.fill()
        let walkthrough = try Self.addWalkthrough(to: fixture, in: try Self.kitchen(fixture))

        let report = try BackupWriter.make(from: fixture.source, into: fixture.backups)

        let manifest = report.manifest
        #expect(manifest.counts == BackupManifest.Counts(items: 4, locations: 3, photos: 3, documents: 1, videos: 1))
        #expect(manifest.problems == [])
        let paths = Set(manifest.files.map(\.path))
        let video = "videos/\(walkthrough.sha256.prefix(2))/\(walkthrough.sha256)/original"
        #expect(paths.contains(video))
        #expect(manifest.files.first { $0.path == video }?.sha256 == walkthrough.sha256)
        for image in [try #require(walkthrough.poster)] + walkthrough.frames.map(\.image) {
            #expect(paths.contains("images/\(image.hash.prefix(2))/\(image.hash)/original.jpg"), "\(image.hash)")
        }
        #expect(try BackupVerifier.verify(report.backup.path).problems == [])
        #expect(BackupJob.describe(report).hasPrefix("Backed up 4 items, 3 photos, 1 document and 1 walk-through video to "))

        let restoredFolder = URL(fileURLWithPath: "\(fixture.root)/restored")
        _ = try BackupRestorer.restore(from: report.backup.path, into: restoredFolder.path)
        let (_, restored) = try BackupFixture.open(restoredFolder)
        #expect(try restored.allWalkthroughs() == [walkthrough])
        let restoredVideo = try #require(restored.videoPath(of: walkthrough))
        #expect(try Data(contentsOf: URL(fileURLWithPath: restoredVideo)) == Data(contentsOf: Self.video))
        func walkthroughFiles(under folder: String) throws -> [String: [UInt8]] {
            try BackupFixture.files(under: folder).filter { $0.key.hasPrefix("videos/") || $0.key.hasPrefix("images/") }
        }
        #expect(try walkthroughFiles(under: restoredFolder.path) == walkthroughFiles(under: fixture.data.path))
    }

    @Test func theReadableIndexLinksEachRoomsVideoUnderANameABrowserPlays() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        try fixture.fill()
        let study = try #require(try fixture.store.locations().first { $0.name == "Study" }).id
        // A room whose only record is its video is listed too.
        let lamp = try #require(try fixture.store.all().first { $0.name == "Desk lamp" })
        try fixture.store.delete(id: lamp.id)
        let walkthrough = try Self.addWalkthrough(to: fixture, in: study)

        let report = try BackupWriter.make(from: fixture.source, into: fixture.backups)

        let index = try String(contentsOfFile: "\(report.backup.path)/index.html", encoding: .utf8)
        let link = "videos/\(walkthrough.sha256.prefix(2))/\(walkthrough.sha256)/video.mp4"
        #expect(index.contains("href=\"\(link)\""))
        #expect(index.contains("Home / Study"))
        #expect(index.contains("Walk-through recorded 2026-09-21 14:13 UTC"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(report.backup.path)/\(link)")) == Data(contentsOf: Self.video))
        #expect(report.manifest.files.first { $0.path == link }?.role == .readable)
    }

    @Test func aVideoMissingFromTheDataFolderIsNamedAsAProblem() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        try fixture.fill()
        let walkthrough = try Self.addWalkthrough(to: fixture, in: try Self.kitchen(fixture))
        let video = try #require(fixture.store.videoPath(of: walkthrough))
        try FileManager.default.removeItem(atPath: video)

        let report = try BackupWriter.make(from: fixture.source, into: fixture.backups)

        #expect(report.manifest.problems == [
            "videos/\(walkthrough.sha256.prefix(2))/\(walkthrough.sha256): the database names this photo, document or video, but the data folder has no file for it."
        ])
        let verification = try BackupVerifier.verify(report.backup.path)
        #expect(verification.problems.contains { $0.contains("names 1 file the backup does not hold: videos/\(walkthrough.sha256.prefix(2))/\(walkthrough.sha256)/original") })
    }

    @Test func aManifestWrittenBeforeVideosReadsAsHoldingNone() throws {
        let old = #"{"items": 2, "locations": 1, "photos": 3, "documents": 0}"#
        let counts = try JSONDecoder().decode(BackupManifest.Counts.self, from: Data(old.utf8))
        #expect(counts == BackupManifest.Counts(items: 2, locations: 1, photos: 3, documents: 0, videos: 0))
    }
}
