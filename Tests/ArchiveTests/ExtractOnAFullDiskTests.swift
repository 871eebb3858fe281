import Archive
import Foundation
import SmallFileSystem
import Testing

/// Unpacking onto a file system filled to its last few KB: `diskFull` (not a damaged archive),
/// nothing left behind, and the same zip unpacks once space is freed.
@Suite(.serialized)
struct ExtractOnAFullDiskTests {
    static let limits = ArchiveLimits(maxEntries: 10, maxEntryBytes: 1 << 20, maxTotalBytes: 1 << 22)

    @Test func aZipThatFindsNoRoomIsRefusedAsADiskFullAndLeavesNothing() throws {
        let scratch = try Scratch()
        let photo = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        let zip = try scratch.zip("export.zip", [("homepwner.json", Array("{}".utf8)), ("images/photo.jpg", photo)], compress: false)
        let disk = try SmallFileSystem(megabytes: 8)
        defer { disk.remove() }
        disk.fill()
        let target = "\(disk.path)/unpacked"
        #expect(throws: ArchiveError.diskFull(folder: target)) {
            _ = try ZipReader.extract(zipAt: zip, into: target, limits: Self.limits)
        }
        #expect(!FileManager.default.fileExists(atPath: target))

        disk.free()
        let entries = try ZipReader.extract(zipAt: zip, into: target, limits: Self.limits)
        #expect(entries.filter { !$0.isDirectory }.count == 2)
    }
}
