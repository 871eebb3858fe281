@testable import Backup
import Foundation
import SmallFileSystem
import Testing

/// A backup folder on a file system filled to its last few KB: the backup fails saying the disk is
/// full and what to do, leaves no unfinished folder, and succeeds once space is freed.
@Suite(.serialized)
struct BackupOnAFullDiskTests {
    @Test func aBackupThatFindsNoRoomSaysSoLeavesNothingAndSucceedsOnceSpaceIsFreed() throws {
        let fixture = try BackupFixture("full-disk")
        defer { fixture.remove() }
        try fixture.fill()
        let disk = try SmallFileSystem(megabytes: 8)
        defer { disk.remove() }
        let store = BackupStore(path: "\(disk.path)/backups")
        disk.fill()

        var refusal: BackupError?
        do { _ = try BackupWriter.make(from: fixture.source, into: store) } catch let error as BackupError { refusal = error }
        #expect(refusal?.isDiskFull == true, "\(String(describing: refusal))")
        #expect(refusal?.description.contains("is full") == true)
        #expect(refusal?.description.contains("Free some space") == true)
        #expect(disk.halfWrittenFiles() == [])
        #expect(store.finished().isEmpty)

        disk.free()
        let report = try BackupWriter.make(from: fixture.source, into: store)
        #expect(try BackupVerifier.verify(report.backup.path).problems.isEmpty)
        #expect(disk.halfWrittenFiles() == [])
    }
}
