@testable import Backup
import Foundation
import Inventory
import Testing

/// `homepwner verify`: every file rehashed, the database copy checked by SQLite, and each fault
/// named in words with the file it is in.
@Suite struct BackupVerifierTests {
    @Test func aSoundBackupPassesWithEveryFileRead() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        try fixture.fill()
        let report = try BackupWriter.make(from: fixture.source, into: fixture.backups)

        let verification = try BackupVerifier.verify(report.backup.path)

        #expect(verification.problems == [])
        #expect(verification.filesChecked == report.manifest.files.count)
        #expect(verification.bytesChecked == report.manifest.byteCount)
    }

    @Test func aChangedByteATruncatedFileAndAMissingOneAreEachNamed() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        let items = try fixture.fill()
        let backup = try BackupWriter.make(from: fixture.source, into: fixture.backups).backup.path
        let photos = items.flatMap(\.photos).map(\.image)
        let flipped = "images/\(photos[0].hash.prefix(2))/\(photos[0].hash)/original.jpg"
        let cut = "images/\(photos[1].hash.prefix(2))/\(photos[1].hash)/screen.jpg"
        let gone = "images/\(photos[2].hash.prefix(2))/\(photos[2].hash)/thumb-40.jpg"
        try rewrite("\(backup)/\(flipped)") { $0[$0.count / 2] ^= 0x01 }
        try rewrite("\(backup)/\(cut)") { $0.removeLast(10) }
        try FileManager.default.removeItem(atPath: "\(backup)/\(gone)")

        let problems = try BackupVerifier.verify(backup).problems

        #expect(problems.count == 3)
        #expect(problems.contains { $0.hasPrefix(flipped) && $0.contains("damaged") })
        #expect(problems.contains { $0.hasPrefix(cut) && $0.contains("cut short") })
        #expect(problems.contains { $0.hasPrefix(gone) && $0.contains("missing") })
    }

    @Test func aDamagedDatabaseCopyFailsSQLitesIntegrityCheck() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        try fixture.fill()
        let report = try BackupWriter.make(from: fixture.source, into: fixture.backups)
        let database = "\(report.backup.path)/homepwner.sqlite"
        // Scribble over the middle of the file's pages, then give the manifest the new hash, as
        // damage before the backup was taken would look.
        try rewrite(database) { bytes in for offset in stride(from: 4096 * 3, to: min(bytes.count, 4096 * 6), by: 7) { bytes[offset] = 0x5A } }
        var manifest = report.manifest
        let fingerprint = try FileOperations.fingerprint(of: database)
        manifest.files = manifest.files.map { $0.path == "homepwner.sqlite" ? .init(path: $0.path, size: fingerprint.size, sha256: fingerprint.sha256, role: .data) : $0 }
        try FileOperations.replaceAtomically("\(report.backup.path)/\(BackupManifest.fileName)", with: manifest.encoded())

        let problems = try BackupVerifier.verify(report.backup.path).problems

        #expect(problems.count == 1)
        #expect(problems.first.map { $0.contains("integrity check") || $0.contains("cannot be read") } == true, "\(problems)")
    }

    @Test func aManifestThatPointsOutsideTheBackupIsRefused() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        let report = try BackupWriter.make(from: fixture.source, into: fixture.backups)
        var manifest = report.manifest
        manifest.files.append(.init(path: "../../etc/passwd", size: 1, sha256: String(repeating: "0", count: 64), role: .data))
        try FileOperations.replaceAtomically("\(report.backup.path)/\(BackupManifest.fileName)", with: manifest.encoded())

        let problems = try BackupVerifier.verify(report.backup.path).problems

        #expect(problems.count == 1)
        #expect(problems.first?.contains("not a path inside a backup") == true)
    }

    @Test func aFolderWithoutAManifestIsNotAFinishedBackup() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: fixture.backups.path, withIntermediateDirectories: true)

        let problems = try BackupVerifier.verify(fixture.backups.path).problems

        #expect(problems.count == 1)
        #expect(problems.first?.contains("not a finished backup") == true)
    }

    private func rewrite(_ path: String, _ change: (inout [UInt8]) -> Void) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        change(&bytes)
        try FileManager.default.removeItem(atPath: path)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
