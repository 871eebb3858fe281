@testable import App
import Foundation
@preconcurrency import Glibc
import Testing

/// A server killed mid-write leaves files behind (reliability/crash_loop.py found unpacked imports and
/// their uploads in tmp, and photos' `.staging-…` folders); the next server clears them before it
/// serves, unless another process is writing the folder now.
@Suite struct StartupLeftoversTests {
    /// The leftovers of a kill, planted in a data folder whose item has a photo; returns their paths.
    static func plantLeftovers(in data: URL) throws -> (removed: [String], kept: [String]) {
        let manager = FileManager.default
        let tmp = data.appendingPathComponent("tmp").path, images = data.appendingPathComponent("images").path
        let photoFolder = try #require(manager.subpathsOfDirectory(atPath: images).first { $0.split(separator: "/").count == 2 })
        let unnamed = String(repeating: "f", count: 64)
        try manager.createDirectory(atPath: "\(images)/ff", withIntermediateDirectories: true)
        try manager.copyItem(atPath: "\(images)/\(photoFolder)", toPath: "\(images)/ff/\(unnamed)")
        try manager.copyItem(atPath: "\(images)/\(photoFolder)", toPath: "\(images)/\(photoFolder.prefix(2))/.staging-1")
        try manager.createDirectory(atPath: "\(tmp)/import-2/attachments", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: "\(tmp)/imports", withIntermediateDirectories: true)
        let half = Data("HB.name\nLamp\n".utf8)
        let incomplete = String(repeating: "a", count: 32), complete = String(repeating: "b", count: 32)
        for path in ["\(tmp)/import-2/attachments/x", "\(tmp)/import-upload-3", "\(tmp)/imports/\(incomplete).upload",
                     "\(tmp)/imports/\(complete).upload", "\(tmp)/imports/\(complete).name"] {
            try half.write(to: URL(fileURLWithPath: path))
        }
        return (["\(images)/ff/\(unnamed)", "\(images)/\(photoFolder.prefix(2))/.staging-1", "\(tmp)/import-2", "\(tmp)/import-upload-3",
                 "\(tmp)/imports/\(incomplete).upload"],
                ["\(images)/\(photoFolder)", "\(tmp)/imports/\(complete).upload", "\(tmp)/imports/\(complete).name"])
    }

    static func itemWithPhoto(_ app: TestApp) throws -> ItemModel {
        let item = try app.createItem("Lamp")
        let added = try app.client.send("POST", "/api/v1/items/\(item.id)/photos", headers: ["Content-Type": "image/jpeg"],
                                        body: try ItemImageFixtures.bytes("photo-1.jpg"))
        #expect(added.status == 201, "\(added.text)")
        return try #require(try app.item(item.id))
    }

    @Test func aStartingServerClearsWhatAKilledOneLeftAndKeepsWhatIsInUse() throws {
        let first = try TestApp()
        let item = try Self.itemWithPhoto(first)
        first.shutdown()
        let (removed, kept) = try Self.plantLeftovers(in: first.folder.url)

        let second = try TestApp(folder: first.folder)
        for path in removed { #expect(!FileManager.default.fileExists(atPath: path), "\(path) is still there") }
        for path in kept { #expect(FileManager.default.fileExists(atPath: path), "\(path) was removed") }
        #expect(second.app.leftovers.files.count == 2)
        #expect(second.app.leftovers.temporary == ["import-2", "import-upload-3", "imports/\(String(repeating: "a", count: 32)).upload"])
        let photo = try #require(try second.item(item.id)?.photos.first)
        #expect(try second.client.get(photo.originalURL).body == ItemImageFixtures.bytes("photo-1.jpg"))
    }

    @Test func whileAnotherProcessWritesTheFolderNothingIsCleared() throws {
        let first = try TestApp()
        _ = try Self.itemWithPhoto(first)
        first.shutdown()
        let (removed, _) = try Self.plantLeftovers(in: first.folder.url)
        // `homepwner import` running beside: its files have no rows yet.
        let other = open(first.folder.url.appendingPathComponent("homepwner.lock").path, O_RDWR)
        defer { close(other) }
        #expect(flock(other, LOCK_SH) == 0)

        let second = try TestApp(folder: first.folder)
        #expect(second.app.leftovers.isEmpty)
        for path in removed { #expect(FileManager.default.fileExists(atPath: path), "\(path) was removed") }
    }
}
