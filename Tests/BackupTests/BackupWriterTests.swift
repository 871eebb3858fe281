@testable import Backup
import Database
import Foundation
import Inventory
import Testing

/// `homepwner backup`'s engine: a finished backup is a folder with a manifest of every file, written
/// last; later backups link what an earlier one holds; interrupted ones never count.
@Suite struct BackupWriterTests {
    @Test func aBackupHoldsTheDatabasePhotosDocumentsAndAManifestOfThemAll() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        let items = try fixture.fill()

        let report = try BackupWriter.make(from: fixture.source, into: fixture.backups)

        #expect(fixture.backups.finished().map(\.path) == [report.backup.path])
        #expect(fixture.backups.unfinished() == [])
        let manifest = try report.backup.manifest()
        #expect(manifest == report.manifest)
        #expect(manifest.counts == BackupManifest.Counts(items: 4, locations: 3, photos: 3, documents: 1))
        #expect(manifest.problems == [])
        let paths = Set(manifest.files.map(\.path))
        #expect(paths.contains("homepwner.sqlite"))
        #expect(paths.contains("index.html") && paths.contains("index.css"))
        for photo in items.flatMap(\.photos) {
            let folder = "images/\(photo.image.hash.prefix(2))/\(photo.image.hash)"
            #expect(paths.contains("\(folder)/original.jpg"))
            #expect(paths.contains("\(folder)/screen.jpg"))
        }
        let receipt = try #require(items.flatMap(\.documents).first)
        #expect(paths.contains("documents/\(receipt.sha256.prefix(2))/\(receipt.sha256)/original"))
        // Every file is listed with what it holds, and nothing else is in the folder.
        let onDisk = try BackupFixture.files(under: report.backup.path)
        #expect(Set(onDisk.keys) == paths.union([BackupManifest.fileName]))
        for entry in manifest.files {
            let bytes = try #require(onDisk[entry.path])
            #expect(Int64(bytes.count) == entry.size)
            #expect(SHA256Digest.hex(of: bytes) == entry.sha256, "\(entry.path)")
        }
        #expect(manifest.files.filter { $0.role == .readable }.allSatisfy { !$0.path.hasPrefix("homepwner") })
        #expect(report.copied.files > 0 && report.linked.files == 0)
    }

    @Test func aLaterBackupLinksWhatAnEarlierOneHoldsAndCopiesOnlyWhatIsNew() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        let items = try fixture.fill()
        let first = try BackupWriter.make(from: fixture.source, into: fixture.backups, now: Date(timeIntervalSince1970: 1_800_000_000))
        let bike = try #require(items.first { $0.name == "Bike" })
        let added = try fixture.store.addPhoto(to: bike.id) { try BackupFixture.photo(7) }

        let second = try BackupWriter.make(from: fixture.source, into: fixture.backups, now: Date(timeIntervalSince1970: 1_800_086_400))

        #expect(fixture.backups.finished().map(\.name) == ["2027-01-15T080000Z", "2027-01-16T080000Z"])
        let oldPhoto = try #require(items.flatMap(\.photos).first).image
        let oldOriginal = "images/\(oldPhoto.hash.prefix(2))/\(oldPhoto.hash)/original.jpg"
        #expect(try inode("\(first.backup.path)/\(oldOriginal)") == inode("\(second.backup.path)/\(oldOriginal)"))
        let newOriginal = "images/\(added.image.hash.prefix(2))/\(added.image.hash)/original.jpg"
        #expect(FileManager.default.fileExists(atPath: "\(second.backup.path)/\(newOriginal)"))
        // The new photo's files and the database were copied; the rest was linked.
        #expect(second.linked.files >= 3 * 5)
        #expect(second.copied.files <= 1 + ItemPhotoRendition.allCases.count + 1)
        #expect(second.manifest.counts.photos == 4)
        #expect(try BackupVerifier.verify(second.backup.path).problems == [])
    }

    @Test func keepingTheLastNRemovesTheOldest() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        try fixture.fill()
        var names: [String] = []
        for day in 0..<4 {
            let report = try BackupWriter.make(from: fixture.source, into: fixture.backups, keep: 2,
                                               now: Date(timeIntervalSince1970: 1_800_000_000 + Double(day) * 86_400))
            names.append(report.backup.name)
            if day == 3 { #expect(report.removed == [names[1]]) }
        }
        #expect(fixture.backups.finished().map(\.name) == Array(names.suffix(2)))
        // The survivors still hold every file, though the backups they linked from are gone.
        for backup in fixture.backups.finished() { #expect(try BackupVerifier.verify(backup.path).isSound) }
    }

    @Test func twoBackupsInTheSameSecondGetTwoFolders() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try BackupWriter.make(from: fixture.source, into: fixture.backups, now: now)
        let second = try BackupWriter.make(from: fixture.source, into: fixture.backups, now: now)
        #expect([first.backup.name, second.backup.name] == ["2027-01-15T080000Z", "2027-01-15T080000Z-2"])
        #expect(fixture.backups.finished().count == 2)
    }

    @Test func aStoppedBackupLeavesNothingBehind() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        try fixture.fill()
        var asked = 0

        #expect(throws: BackupStopped.self) {
            try BackupWriter.make(from: fixture.source, into: fixture.backups) { asked += 1; return asked > 3 }
        }
        #expect(fixture.backups.finished() == [])
        #expect(fixture.backups.unfinished() == [])
    }

    @Test func anInterruptedBackupIsNeverTakenForAFinishedOneAndIsClearedByTheNext() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        try fixture.fill()
        // What a killed backup leaves: a staging folder with files and no manifest, and a folder
        // with a finished backup's name but no manifest (never made by us, but still not finished).
        let interrupted = "\(fixture.backups.path)/\(BackupStore.incompletePrefix)2027-01-15T080000Z"
        try FileManager.default.createDirectory(atPath: "\(interrupted)/images", withIntermediateDirectories: true)
        try Data("half".utf8).write(to: URL(fileURLWithPath: "\(interrupted)/homepwner.sqlite"))
        try FileManager.default.createDirectory(atPath: "\(fixture.backups.path)/2027-01-14T080000Z", withIntermediateDirectories: true)

        #expect(fixture.backups.finished() == [])
        #expect(throws: BackupError.self) { try BackupLocator.backup(at: fixture.backups.path) }
        let refusal = #expect(throws: BackupError.self) { try BackupLocator.backup(at: interrupted) }
        #expect(refusal?.description.contains("interrupted") == true)

        let report = try BackupWriter.make(from: fixture.source, into: fixture.backups)
        #expect(fixture.backups.unfinished() == [])
        #expect(try BackupLocator.backup(at: fixture.backups.path) == report.backup.path)

        // Killed after its manifest was written but before the rename: whole, yet still not finished.
        let stopped = "\(fixture.backups.path)/\(BackupStore.incompletePrefix)\(report.backup.name)"
        try FileManager.default.moveItem(atPath: report.backup.path, toPath: stopped)
        #expect(FileManager.default.fileExists(atPath: "\(stopped)/\(BackupManifest.fileName)"))
        #expect(fixture.backups.finished() == [])
        #expect(throws: BackupError.self) { try BackupLocator.backup(at: stopped) }
        #expect(throws: BackupError.self) { try BackupRestorer.restore(from: stopped, into: "\(fixture.root)/restored") }
    }

    @Test func aSecondBackupIntoTheSameFolderAtOnceIsRefused() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        try fixture.backups.exclusively {
            let error = #expect(throws: BackupError.self) { try BackupWriter.make(from: fixture.source, into: fixture.backups) }
            #expect(error?.description.contains("Another backup") == true)
        }
        #expect(try BackupWriter.make(from: fixture.source, into: fixture.backups).manifest.counts.items == 0)
    }

    @Test func aPhotoMissingFromTheDataFolderIsRecordedInWords() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        let items = try fixture.fill()
        let photo = try #require(items.first { $0.name == "Bike" }?.photos.first).image
        try FileManager.default.removeItem(atPath: fixture.store.images.originalPath(of: photo))
        try FileManager.default.removeItem(atPath: (fixture.store.images.originalPath(of: photo) as NSString).deletingLastPathComponent)

        let report = try BackupWriter.make(from: fixture.source, into: fixture.backups)

        #expect(report.manifest.problems.count == 1)
        #expect(report.manifest.problems.first?.contains(photo.hash) == true)
        let html = try String(contentsOfFile: "\(report.backup.path)/index.html", encoding: .utf8)
        #expect(html.contains("Missing from this backup") && html.contains("not in this backup"))
        let verification = try BackupVerifier.verify(report.backup.path)
        #expect(!verification.isSound)
        #expect(verification.problems.contains { $0.contains("When the backup was made") && $0.contains(photo.hash) })
    }

    private func inode(_ path: String) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
    }
}
