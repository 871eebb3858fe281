@testable import Backup
import Database
import Foundation
@preconcurrency import Glibc
import Inventory
import Testing

/// The restore drill: make data, back it up, restore it into a fresh folder, and find the same rows
/// and the same files. And a restore that cannot be done leaves the data folder as it was.
@Suite struct RestoreDrillTests {
    @Test func aRestoredFolderHoldsTheSameItemsRowsAndFiles() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        let items = try fixture.fill()
        let locations = try fixture.store.locations()
        let report = try BackupWriter.make(from: fixture.source, into: fixture.backups)
        let restoredFolder = URL(fileURLWithPath: "\(fixture.root)/restored")

        let restore = try BackupRestorer.restore(from: fixture.backups.path, into: restoredFolder.path)

        #expect(restore.backup == report.backup.path)
        #expect(restore.formerContents == nil)
        let (database, store) = try BackupFixture.open(restoredFolder)
        #expect(try store.all() == items)
        #expect(try store.locations() == locations)
        #expect(try store.currency().code == "EUR")
        #expect(try tableRows(database) == tableRows(fixture.database))
        // Every photo and document file, byte for byte (renditions and thumbnails included).
        let live = try BackupFixture.files(under: fixture.data.path).filter { $0.key.hasPrefix("images/") || $0.key.hasPrefix("documents/") }
        let restored = try BackupFixture.files(under: restoredFolder.path).filter { $0.key.hasPrefix("images/") || $0.key.hasPrefix("documents/") }
        #expect(restored.count == live.count)
        #expect(restored == live)
        // The restored copy works as a data folder: a photo can be added and read back.
        let bike = try #require(items.first { $0.name == "Bike" })
        _ = try store.addPhoto(to: bike.id) { try BackupFixture.photo(5) }
        #expect(try store.item(id: bike.id).photos.count == 2)
    }

    /// A backup's files are its owner's only (0600 in 0700 folders); the data folder made from it is too,
    /// under the usual umask 022 that would leave what restore makes readable to everyone.
    @Test func aRestoredFolderIsItsOwnersOnly() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        try fixture.fill()
        try BackupWriter.make(from: fixture.source, into: fixture.backups)
        let restoredFolder = "\(fixture.root)/restored"
        let umaskBefore = umask(0o022)
        defer { umask(umaskBefore) }

        try BackupRestorer.restore(from: fixture.backups.path, into: restoredFolder)

        var open: [String] = []
        var files = 0
        for path in [restoredFolder] + (FileManager.default.subpaths(atPath: restoredFolder) ?? []).map({ "\(restoredFolder)/\($0)" }) {
            var info = stat()
            try #require(lstat(path, &info) == 0)
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            if !isFolder { files += 1 }
            if info.st_mode & 0o777 != (isFolder ? 0o700 : 0o600) { open.append("\(path): \(String(info.st_mode & 0o777, radix: 8))") }
        }
        #expect(files > 5)
        #expect(open.isEmpty, "\(open.joined(separator: "\n"))")
    }

    @Test func aFolderThatIsNotEmptyIsRefusedWithoutForceAndMovedAsideWithIt() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        try fixture.fill()
        try BackupWriter.make(from: fixture.source, into: fixture.backups)
        let target = "\(fixture.root)/existing"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: "\(target)/notes.txt"))

        let refusal = #expect(throws: BackupError.self) { try BackupRestorer.restore(from: fixture.backups.path, into: target) }
        #expect(refusal?.description.contains("--force") == true)
        #expect(try String(contentsOfFile: "\(target)/notes.txt", encoding: .utf8) == "mine")

        let report = try BackupRestorer.restore(from: fixture.backups.path, into: target, force: true,
                                                now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(report.formerContents == "\(target).replaced-2027-01-15T080000Z")
        #expect(try String(contentsOfFile: "\(target).replaced-2027-01-15T080000Z/notes.txt", encoding: .utf8) == "mine")
        #expect(FileManager.default.fileExists(atPath: "\(target)/homepwner.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: "\(target)/notes.txt"))
        #expect(!FileManager.default.fileExists(atPath: "\(target)/index.html"), "the readable index is not data")
    }

    @Test func aDamagedBackupRestoresNothingAndTheDataFolderIsUntouched() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        let items = try fixture.fill()
        let report = try BackupWriter.make(from: fixture.source, into: fixture.backups)
        let photo = items.flatMap(\.photos)[0].image
        let original = "\(report.backup.path)/images/\(photo.hash.prefix(2))/\(photo.hash)/original.jpg"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original)))
        bytes[bytes.count - 3] ^= 0xFF
        try FileManager.default.removeItem(atPath: original)
        try Data(bytes).write(to: URL(fileURLWithPath: original))
        let target = "\(fixture.root)/existing"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: "\(target)/notes.txt"))

        let error = #expect(throws: BackupError.self) { try BackupRestorer.restore(from: report.backup.path, into: target, force: true) }

        #expect(error?.description.contains("Nothing was restored") == true)
        #expect(error?.description.contains(photo.hash) == true)
        #expect(FileManager.default.subpaths(atPath: target) == ["notes.txt"])
        #expect(FileManager.default.subpaths(atPath: fixture.root)?.contains { $0.contains("restoring") || $0.contains("replaced") } == false)
    }

    /// Every row of every table, as text, by table.
    private func tableRows(_ database: Database) throws -> [String: [String]] {
        try database.read { connection in
            let tables = try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'item_search%'") { $0.string(0) }
            var result: [String: [String]] = [:]
            for table in tables {
                let columns = try connection.rows("SELECT name FROM pragma_table_info(?)", table) { "\"\($0.string(0))\"" }
                result[table] = try connection.rows("SELECT json_array(\(columns.joined(separator: ", "))) FROM \"\(table)\"") { $0.string(0) }.sorted()
            }
            #expect(result["items"]?.count ?? 0 > 0)
            return result
        }
    }
}
