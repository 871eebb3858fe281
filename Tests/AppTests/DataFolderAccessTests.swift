@testable import App
import Database
import Foundation
@preconcurrency import Glibc
import HTTPTestClient
import Imaging
import Testing

/// The data folder holds the password hashes, the sessions and the inventory: its owner's only
/// (folders 0700, files 0600), whatever the umask, and put right at start when it is not.
@Suite(.serialized) struct DataFolderAccessTests {
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : nil
    }

    /// Under the usual umask 022, which would leave everything readable to everyone.
    static func withUmask022<T>(_ body: () throws -> T) rethrows -> T {
        let before = umask(0o022)
        defer { umask(before) }
        return try body()
    }

    @Test func aNewDataFolderAndWhatIsWrittenInItAreTheOwnersOnly() throws {
        try Self.withUmask022 {
            let folder = try TestDataFolder()
            rmdir(folder.url.path)  // made by the app
            let app = try TestApp(folder: folder)
            let item = try app.createItem("Camera")
            let photo = try app.client.send("PUT", "/api/v1/items/\(item.id)/image", headers: ["Content-Type": "image/jpeg"],
                                            body: try SamplePhoto.jpeg(emoji: "📷", width: 320, height: 240, colors: ([200, 80, 40], [40, 80, 200])))
            #expect(photo.status == 200, "\(photo.text.prefix(200))")
            let data = DataFolder(folder.url)
            var open: [String] = []
            var files = 0
            for path in [folder.url.path] + (FileManager.default.subpaths(atPath: folder.url.path) ?? []).map({ "\(folder.url.path)/\($0)" }) {
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                let isFolder = info.st_mode & S_IFMT == S_IFDIR
                if !isFolder { files += 1 }
                if info.st_mode & 0o077 != 0 { open.append("\(path): \(String(info.st_mode & 0o777, radix: 8))") }
            }
            #expect(Self.mode(data.databasePath) == 0o600 && Self.mode(data.databasePath + "-wal") == 0o600)
            #expect(files >= 4, "the database, its WAL and the photo's files")
            #expect(open.isEmpty, "\(open.joined(separator: "\n"))")
            app.shutdown()
        }
    }

    /// Once the server has stopped, its database file alone holds every commit (nothing is left in the
    /// `-wal` beside it), so a person who copies `homepwner.sqlite` by itself copies everything.
    @Test func aStoppedServersDatabaseFileAloneHoldsEveryCommit() throws {
        let app = try TestApp()
        try app.createItem("Written just before the stop")
        app.shutdown()
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("stopped-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.copyItem(atPath: DataFolder(app.folder.url).databasePath, toPath: copy)
        let names = try Database(readingOnly: copy).read { try $0.rows("SELECT name FROM items") { $0.string(0) } }
        #expect(names == ["Written just before the stop"])
    }

    @Test func aDataFolderOthersCanOpenIsClosedAtStartWithAWarning() throws {
        try Self.withUmask022 {
            let folder = try TestDataFolder()
            let data = DataFolder(folder.url)
            try TestApp(folder: folder).shutdown()
            // As an earlier version left it, or a copy made with its modes.
            for path in [folder.url.path, data.images.path] { chmod(path, 0o755) }
            chmod(data.databasePath, 0o644)

            let warning = try #require(data.restrictAccess())
            #expect(warning.contains(folder.url.path) && warning.contains("mode 755") && warning.contains("mode 700"), "\(warning)")
            #expect(Self.mode(folder.url.path) == 0o700 && Self.mode(data.images.path) == 0o700 && Self.mode(data.databasePath) == 0o600)
            #expect(data.restrictAccess() == nil, "nothing left to put right")

            // The same at a start: the server puts it right before it serves.
            chmod(folder.url.path, 0o750)
            chmod(data.databasePath, 0o640)
            let app = try TestApp(folder: folder)
            #expect(Self.mode(folder.url.path) == 0o700 && Self.mode(data.databasePath) == 0o600)
            app.shutdown()
        }
    }
}
