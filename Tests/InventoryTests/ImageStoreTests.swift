import Database
import Foundation
import Imaging
import Inventory
import Testing
import ToolRunner

/// Files and sample photos for the image store tests.
enum ImageStoreFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// A small photo whose bytes differ with `seed`.
    static func photo(_ seed: Int, width: Int = 64, height: Int = 48) throws -> [UInt8] {
        try RasterImage(width: width, height: height) { x, y in
            [UInt8((x * 3 + seed * 37) % 256), UInt8((y * 5 + seed * 11) % 256), UInt8((seed * 53) % 256)]
        }.encoded()
    }
}

extension TestInventory {
    var imagesFolder: String { store.images.directory }

    /// Every path under the images folder, relative to it, sorted.
    func imageTree() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: imagesFolder) else { return [] }
        return (enumerator.allObjects as? [String] ?? []).sorted()
    }

    /// The image folders on disk (`ab/abcd…`), by hash.
    func imageFolders() -> [String] {
        imageTree().filter { $0.split(separator: "/").count == 2 }.map { String($0.split(separator: "/")[1]) }
    }

    /// Entries whose name starts with "." anywhere under the images folder: temp files, staging folders.
    func hiddenEntries() -> [String] {
        imageTree().filter { $0.split(separator: "/").contains { $0.hasPrefix(".") } }
    }

    func folderExists(_ hash: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: "\(imagesFolder)/\(hash.prefix(2))/\(hash)", isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// Gives item `id` the photo `bytes` through prepare and setImage.
    @discardableResult
    func attach(_ bytes: [UInt8], to id: Item.ID, expectedVersion: Int? = nil) throws -> Item {
        try store.setImage(id: id, try store.images.prepare(bytes), expectedVersion: expectedVersion)
    }
}

/// The image store: originals by content hash, shared between items, deleted when unused, and
/// renditions rebuilt on demand.
@Suite struct ImageStoreTests {
    @Test func originalIsKeptByteForByte() throws {
        let inventory = try TestInventory("img-original")
        defer { inventory.remove() }
        let item = try inventory.add(["Camera"])[0]
        for name in ["photo-1.jpg", "photo-2.jpg"] {
            let bytes = try ImageStoreFixtures.bytes(name)
            let updated = try inventory.attach(bytes, to: item.id)
            let image = try #require(updated.image)
            let path = inventory.store.images.originalPath(of: image)
            #expect(path.hasPrefix(inventory.imagesFolder + "/"))
            #expect(path.hasSuffix("/original.jpg"))
            let stored = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(stored == bytes, "the stored original of \(name) differs from the upload")
            #expect(image.byteSize == bytes.count)
            #expect(image.format == .jpeg)
            #expect((image.width, image.height) == (1600, 1200))
        }
    }

    @Test func nonJPEGOriginalKeepsItsBytesAndExtension() throws {
        let inventory = try TestInventory("img-png")
        defer { inventory.remove() }
        let item = try inventory.add(["Poster"])[0]
        let bytes = try RasterImage(width: 30, height: 20) { x, _ in [UInt8(x * 8), 0, 0] }.encoded(as: ".png")
        let image = try #require(try inventory.attach(bytes, to: item.id).image)
        let path = inventory.store.images.originalPath(of: image)
        #expect(path.hasSuffix("/\(image.hash)/original.png"))
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
    }

    @Test func originalIsStoredUnderItsSHA256() throws {
        let inventory = try TestInventory("img-hash")
        defer { inventory.remove() }
        let items = try inventory.add(["A", "B"])
        let one = try ImageStoreFixtures.bytes("photo-1.jpg")
        let two = try ImageStoreFixtures.bytes("photo-2.jpg")
        let first = try #require(try inventory.attach(one, to: items[0].id).image)
        let second = try #require(try inventory.attach(two, to: items[1].id).image)
        #expect(first.hash == (try ToolRun.sha256sum(one)))
        #expect(second.hash == (try ToolRun.sha256sum(two)))
        #expect(first.hash != second.hash)
        #expect(first.hash.count == 64)
        #expect(first.hash.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(inventory.store.images.originalPath(of: first)
            == "\(inventory.imagesFolder)/\(first.hash.prefix(2))/\(first.hash)/original.jpg")
        #expect(Set(inventory.imageFolders()) == [first.hash, second.hash])
    }

    @Test func preparedImageHasUprightSizeForSidewaysPhotos() throws {
        let inventory = try TestInventory("img-upright")
        defer { inventory.remove() }
        let item = try inventory.add(["Phone"])[0]
        let sideways = try RasterImage(width: 40, height: 60) { x, y in [UInt8(x * 6), UInt8(y * 4), 90] }
            .encoded(metadata: SampleMetadata(orientation: 6))
        let image = try #require(try inventory.attach(sideways, to: item.id).image)
        #expect((image.width, image.height) == (60, 40))
        // The stored item shows the same.
        let reread = try #require(try inventory.store.item(id: item.id).image)
        #expect((reread.width, reread.height) == (60, 40))
        // The screen rendition is upright too.
        let screen = try #require(try inventory.store.images.renditionPath(hash: image.hash, name: "screen"))
        let decoded = try RasterImage.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: screen))))
        #expect((decoded.width, decoded.height) == (60, 40))
    }

    @Test func twoItemsWithTheSamePhotoShareOneFolder() throws {
        let inventory = try TestInventory("img-share")
        defer { inventory.remove() }
        let items = try inventory.add(["Left shoe", "Right shoe"])
        let bytes = try ImageStoreFixtures.bytes("photo-1.jpg")
        let a = try #require(try inventory.attach(bytes, to: items[0].id).image)
        // Prepared separately, as two uploads would be.
        let b = try #require(try inventory.attach(bytes, to: items[1].id).image)
        #expect(a == b)
        #expect(inventory.imageFolders() == [a.hash])
        #expect(inventory.imageTree().filter { $0.hasSuffix("original.jpg") }.count == 1)
    }

    @Test func removingThePhotoFromOneItemKeepsItForTheOther() throws {
        let inventory = try TestInventory("img-share-remove")
        defer { inventory.remove() }
        let items = try inventory.add(["Left shoe", "Right shoe"])
        let bytes = try ImageStoreFixtures.bytes("photo-1.jpg")
        let image = try #require(try inventory.attach(bytes, to: items[0].id).image)
        try inventory.attach(bytes, to: items[1].id)

        let after = try inventory.store.removeImage(id: items[0].id)
        #expect(after.image == nil)
        #expect(inventory.folderExists(image.hash))
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: inventory.store.images.originalPath(of: image)))) == bytes)
        #expect(try inventory.store.item(id: items[1].id).image == image)
        #expect(try inventory.store.images.storedImage(hash: image.hash) == image)
        #expect(try inventory.store.images.renditionPath(hash: image.hash, name: "thumb-80") != nil)

        // Deleting the other item's photo too leaves nothing.
        _ = try inventory.store.removeImage(id: items[1].id)
        #expect(!inventory.folderExists(image.hash))
        #expect(inventory.imageFolders().isEmpty)
        #expect(try inventory.store.images.storedImage(hash: image.hash) == nil)
    }

    @Test func deletingOneOfTwoItemsKeepsTheSharedPhoto() throws {
        let inventory = try TestInventory("img-share-delete")
        defer { inventory.remove() }
        let items = try inventory.add(["Left shoe", "Right shoe"])
        let bytes = try ImageStoreFixtures.bytes("photo-2.jpg")
        let image = try #require(try inventory.attach(bytes, to: items[0].id).image)
        try inventory.attach(bytes, to: items[1].id)
        try inventory.store.delete(id: items[0].id)
        #expect(inventory.folderExists(image.hash))
        #expect(try inventory.store.item(id: items[1].id).image == image)
        try inventory.store.delete(id: items[1].id)
        #expect(!inventory.folderExists(image.hash))
        #expect(inventory.imageFolders().isEmpty)
        #expect(inventory.hiddenEntries().isEmpty)
    }

    @Test func removingTheOnlyUseDeletesTheFolder() throws {
        let inventory = try TestInventory("img-remove")
        defer { inventory.remove() }
        let item = try inventory.add(["Lamp"])[0]
        let image = try #require(try inventory.attach(try ImageStoreFixtures.bytes("photo-1.jpg"), to: item.id).image)
        #expect(inventory.folderExists(image.hash))
        let after = try inventory.store.removeImage(id: item.id)
        #expect(after.image == nil)
        #expect(try inventory.store.item(id: item.id).image == nil)
        #expect(!inventory.folderExists(image.hash))
        #expect(inventory.imageFolders().isEmpty)
        #expect(try inventory.store.images.storedImage(hash: image.hash) == nil)
        #expect(try inventory.store.images.renditionPath(hash: image.hash, name: "thumb-80") == nil)
        #expect(inventory.hiddenEntries().isEmpty)
    }

    @Test func replacingThePhotoDeletesTheOldOne() throws {
        let inventory = try TestInventory("img-replace")
        defer { inventory.remove() }
        let item = try inventory.add(["Lamp"])[0]
        let old = try #require(try inventory.attach(try ImageStoreFixtures.bytes("photo-1.jpg"), to: item.id).image)
        let new = try #require(try inventory.attach(try ImageStoreFixtures.bytes("photo-2.jpg"), to: item.id).image)
        #expect(old.hash != new.hash)
        #expect(!inventory.folderExists(old.hash))
        #expect(inventory.folderExists(new.hash))
        #expect(inventory.imageFolders() == [new.hash])
        #expect(try inventory.store.images.storedImage(hash: old.hash) == nil)
        #expect(inventory.hiddenEntries().isEmpty)
    }

    @Test func replacingThePhotoWithItselfKeepsIt() throws {
        let inventory = try TestInventory("img-replace-same")
        defer { inventory.remove() }
        let item = try inventory.add(["Lamp"])[0]
        let bytes = try ImageStoreFixtures.bytes("photo-1.jpg")
        let first = try inventory.attach(bytes, to: item.id)
        let image = try #require(first.image)
        let again = try inventory.attach(bytes, to: item.id)
        #expect(again.image == image)
        #expect(inventory.folderExists(image.hash))
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: inventory.store.images.originalPath(of: image)))) == bytes)
        #expect(try inventory.store.images.renditionPath(hash: image.hash, name: "screen") != nil)
    }

    @Test func deletingTheItemDeletesItsPhoto() throws {
        let inventory = try TestInventory("img-delete")
        defer { inventory.remove() }
        let items = try inventory.add(["Lamp", "Chair"])
        let lamp = try #require(try inventory.attach(try ImageStoreFixtures.bytes("photo-1.jpg"), to: items[0].id).image)
        let chair = try #require(try inventory.attach(try ImageStoreFixtures.bytes("photo-2.jpg"), to: items[1].id).image)
        try inventory.store.delete(id: items[0].id)
        #expect(!inventory.folderExists(lamp.hash))
        #expect(inventory.folderExists(chair.hash))
        #expect(inventory.imageFolders() == [chair.hash])
        #expect(inventory.hiddenEntries().isEmpty)
    }

    @Test func aRemovedPhotoCanBeAddedAgain() throws {
        let inventory = try TestInventory("img-readd")
        defer { inventory.remove() }
        let item = try inventory.add(["Lamp"])[0]
        let bytes = try ImageStoreFixtures.bytes("photo-1.jpg")
        let image = try #require(try inventory.attach(bytes, to: item.id).image)
        _ = try inventory.store.removeImage(id: item.id)
        #expect(!inventory.folderExists(image.hash))
        let again = try #require(try inventory.attach(bytes, to: item.id).image)
        #expect(again == image)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: inventory.store.images.originalPath(of: again)))) == bytes)
        for spec in ImageStore.renditionSpecs {
            #expect(FileManager.default.fileExists(atPath: "\(inventory.imagesFolder)/\(image.hash.prefix(2))/\(image.hash)/\(spec.name).jpg"))
        }
    }

    @Test func writesLeaveNoTemporaryOrStagingFiles() throws {
        let inventory = try TestInventory("img-no-temp")
        defer { inventory.remove() }
        let items = try inventory.add(["A", "B", "C"])
        let one = try ImageStoreFixtures.bytes("photo-1.jpg")
        let two = try ImageStoreFixtures.bytes("photo-2.jpg")
        try inventory.attach(one, to: items[0].id)
        try inventory.attach(one, to: items[1].id)
        try inventory.attach(two, to: items[2].id)
        try inventory.attach(two, to: items[0].id)
        let image = try #require(try inventory.store.item(id: items[1].id).image)
        // A rebuilt rendition is written atomically too.
        try FileManager.default.removeItem(atPath: "\(inventory.imagesFolder)/\(image.hash.prefix(2))/\(image.hash)/thumb-40.jpg")
        _ = try inventory.store.images.renditionPath(hash: image.hash, name: "thumb-40")
        _ = try inventory.store.removeImage(id: items[1].id)
        try inventory.store.delete(id: items[2].id)
        #expect(inventory.hiddenEntries() == [], "temporary files left: \(inventory.hiddenEntries())")
        // Each image folder holds exactly the original and the renditions.
        for hash in inventory.imageFolders() {
            let names = (try FileManager.default.contentsOfDirectory(atPath: "\(inventory.imagesFolder)/\(hash.prefix(2))/\(hash)")).sorted()
            #expect(names == ["original.jpg", "report.jpg", "screen.jpg", "thumb-120.jpg", "thumb-40.jpg", "thumb-80.jpg"])
        }
    }

    @Test(arguments: ImageStore.renditionSpecs.map(\.name))
    func deletedRenditionIsRebuiltOnDemand(name: String) throws {
        let inventory = try TestInventory("img-rebuild-\(name)")
        defer { inventory.remove() }
        let item = try inventory.add(["Lamp"])[0]
        let image = try #require(try inventory.attach(try ImageStoreFixtures.bytes("photo-2.jpg"), to: item.id).image)
        let path = try #require(try inventory.store.images.renditionPath(hash: image.hash, name: name))
        #expect(path == "\(inventory.imagesFolder)/\(image.hash.prefix(2))/\(image.hash)/\(name).jpg")
        let before = try RasterImage.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
        let expected = switch name {
        case "screen": (1600, 1200)
        case "report": (1024, 768)
        default: (Int(name.dropFirst("thumb-".count))!, Int(name.dropFirst("thumb-".count))!)
        }
        #expect((before.width, before.height) == expected)

        try FileManager.default.removeItem(atPath: path)
        #expect(!FileManager.default.fileExists(atPath: path))
        let rebuilt = try #require(try inventory.store.images.renditionPath(hash: image.hash, name: name))
        #expect(rebuilt == path)
        let after = try RasterImage.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: rebuilt))))
        #expect((after.width, after.height) == (before.width, before.height))
        #expect(inventory.hiddenEntries().isEmpty)
    }

    @Test func allRenditionsAreRebuiltWhenTheCacheIsWiped() throws {
        let inventory = try TestInventory("img-rebuild-all")
        defer { inventory.remove() }
        let item = try inventory.add(["Lamp"])[0]
        let bytes = try ImageStoreFixtures.bytes("photo-1.jpg")
        let image = try #require(try inventory.attach(bytes, to: item.id).image)
        let folder = "\(inventory.imagesFolder)/\(image.hash.prefix(2))/\(image.hash)"
        var sizes: [String: Int] = [:]
        for spec in ImageStore.renditionSpecs {
            let path = "\(folder)/\(spec.name).jpg"
            sizes[spec.name] = try RasterImage.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path)))).width
            try FileManager.default.removeItem(atPath: path)
        }
        for spec in ImageStore.renditionSpecs {
            let path = try #require(try inventory.store.images.renditionPath(hash: image.hash, name: spec.name))
            #expect(try RasterImage.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path)))).width == sizes[spec.name])
        }
        // The original is untouched by the rebuild.
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(folder)/original.jpg"))) == bytes)
    }

    @Test func renditionPathIsNilForUnknownOrMalformedNames() throws {
        let inventory = try TestInventory("img-bad-names")
        defer { inventory.remove() }
        let item = try inventory.add(["Lamp"])[0]
        let image = try #require(try inventory.attach(try ImageStoreFixtures.bytes("photo-1.jpg"), to: item.id).image)
        let images = inventory.store.images
        let treeBefore = inventory.imageTree()

        let unknown = String(repeating: "ab", count: 32)
        let badHashes = [
            unknown,                                   // well formed, not stored
            "../../etc",                               // traversal
            "../../\(image.hash)",                     // traversal to a real image
            String(image.hash.dropLast()),             // 63 characters
            image.hash + "0",                          // 65 characters
            image.hash.uppercased(),                   // uppercase
            String(image.hash.dropLast()) + "g",       // not hex
            String(image.hash.dropLast(2)) + "/.",     // slash
            "",
        ]
        for hash in badHashes {
            for spec in ImageStore.renditionSpecs {
                #expect(try images.renditionPath(hash: hash, name: spec.name) == nil, "hash \(hash), \(spec.name)")
            }
            #expect(try images.storedImage(hash: hash) == nil, "hash \(hash)")
        }
        for name in ["original", "thumb-81", "thumb", "screen.jpg", "../original", "../\(image.hash)/screen", ".tmp", "", "SCREEN", "thumb-80/../screen"] {
            #expect(try images.renditionPath(hash: image.hash, name: name) == nil, "name \(name)")
        }
        // Nothing was created while answering.
        #expect(inventory.imageTree() == treeBefore)
        #expect(try images.renditionPath(hash: image.hash, name: "thumb-80") != nil)
    }

    @Test(arguments: [
        ("truncated.jpg", "damaged"),
        ("not-an-image.txt", "unsupported"),
        ("bomb-30000x30000.png", "pixels"),
    ])
    func failedPrepareStoresNothingAndLeavesTheItemUnchanged(fixture: String, kind: String) throws {
        let inventory = try TestInventory("img-bad-\(kind)")
        defer { inventory.remove() }
        let item = try inventory.add(["Lamp"])[0]
        let before = try inventory.attach(try ImageStoreFixtures.bytes("photo-1.jpg"), to: item.id)
        let treeBefore = inventory.imageTree()

        let bad = try ImageStoreFixtures.bytes(fixture)
        #expect {
            _ = try inventory.store.images.prepare(bad)
        } throws: { error in
            switch (error as? ImagingError, kind) {
            case (.damaged?, "damaged"), (.unsupportedFormat?, "unsupported"): return true
            case (.tooManyPixels(let width, let height, let limit)?, "pixels"):
                return (width, height, limit) == (30000, 30000, 100_000_000)
            default: return false
            }
        }
        #expect(try inventory.store.item(id: item.id) == before)
        #expect(inventory.imageTree() == treeBefore)
        #expect(try inventory.store.images.storedImage(hash: try ToolRun.sha256sum(bad)) == nil)
    }

    @Test func pixelLimitIsConfigurable() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-img-limit-\(UUID().uuidString)")
        let database = try Database(path: path.path + ".sqlite", migrations: InventorySchema.migrations)
        defer {
            for suffix in [".sqlite", ".sqlite-wal", ".sqlite-shm"] { try? FileManager.default.removeItem(atPath: path.path + suffix) }
            try? FileManager.default.removeItem(at: path)
        }
        let images = try ImageStore(directory: path, database: database, maxPixels: 1_000_000)
        // 1600 × 1200 = 1.92 MP: over a 1 MP limit.
        #expect(throws: ImagingError.tooManyPixels(width: 1600, height: 1200, limit: 1_000_000)) {
            _ = try images.prepare(try ImageStoreFixtures.bytes("photo-1.jpg"))
        }
        // 1000 × 1000 is exactly the limit.
        let square = try RasterImage(width: 1000, height: 1000, pixels: [UInt8](repeating: 120, count: 3_000_000)).encoded()
        #expect(try images.prepare(square).image.width == 1000)
    }

    @Test func staleVersionChangesNothingAndLeavesNoOrphanFiles() throws {
        let inventory = try TestInventory("img-stale")
        defer { inventory.remove() }
        let item = try inventory.add(["Lamp"])[0]
        let before = try inventory.attach(try ImageStoreFixtures.bytes("photo-1.jpg"), to: item.id)
        let treeBefore = inventory.imageTree()
        let newBytes = try ImageStoreFixtures.bytes("photo-2.jpg")
        let prepared = try inventory.store.images.prepare(newBytes)

        #expect(throws: InventoryError.versionMismatch(current: before)) {
            _ = try inventory.store.setImage(id: item.id, prepared, expectedVersion: before.version - 1)
        }
        #expect(try inventory.store.item(id: item.id) == before)
        #expect(try inventory.store.images.storedImage(hash: prepared.image.hash) == nil)
        #expect(!inventory.folderExists(prepared.image.hash), "the refused photo's files were left on disk")
        #expect(inventory.imageTree() == treeBefore)
    }

    @Test func staleVersionOnRemoveKeepsThePhoto() throws {
        let inventory = try TestInventory("img-stale-remove")
        defer { inventory.remove() }
        let item = try inventory.add(["Lamp"])[0]
        let before = try inventory.attach(try ImageStoreFixtures.bytes("photo-1.jpg"), to: item.id)
        let image = try #require(before.image)
        #expect(throws: InventoryError.versionMismatch(current: before)) {
            _ = try inventory.store.removeImage(id: item.id, expectedVersion: before.version + 3)
        }
        #expect(try inventory.store.item(id: item.id) == before)
        #expect(inventory.folderExists(image.hash))
        // The current version works.
        #expect(try inventory.store.removeImage(id: item.id, expectedVersion: before.version).image == nil)
        #expect(!inventory.folderExists(image.hash))
    }

    @Test func photoForAMissingItemLeavesNoOrphanFiles() throws {
        let inventory = try TestInventory("img-missing-item")
        defer { inventory.remove() }
        try inventory.add(["Lamp"])
        let prepared = try inventory.store.images.prepare(try ImageStoreFixtures.bytes("photo-1.jpg"))
        #expect(throws: InventoryError.itemNotFound(id: 999)) {
            _ = try inventory.store.setImage(id: 999, prepared)
        }
        #expect(try inventory.store.images.storedImage(hash: prepared.image.hash) == nil)
        #expect(!inventory.folderExists(prepared.image.hash), "the photo of a missing item was left on disk")
    }

    @Test func settingAPhotoBumpsTheVersion() throws {
        let inventory = try TestInventory("img-version")
        defer { inventory.remove() }
        let item = try inventory.add(["Lamp"])[0]
        let with = try inventory.attach(try ImageStoreFixtures.bytes("photo-1.jpg"), to: item.id, expectedVersion: item.version)
        #expect(with.version > item.version)
        #expect(with.name == "Lamp")
        let without = try inventory.store.removeImage(id: item.id, expectedVersion: with.version)
        #expect(without.version > with.version)
    }

    @Test func concurrentUploadsLeaveOnlyTheWinningPhoto() async throws {
        let inventory = try TestInventory("img-concurrent")
        defer { inventory.remove() }
        let items = try inventory.add(["A", "B"])
        let photos = try (0..<4).map { try ImageStoreFixtures.photo($0, width: 320, height: 240) }
        let store = inventory.store
        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<8 {
                let bytes = photos[round % photos.count]
                let id = items[round % 2].id
                group.addTask { _ = try store.setImage(id: id, try store.images.prepare(bytes)) }
            }
            try await group.waitForAll()
        }
        let used = Set(try store.all().compactMap { $0.image?.hash })
        #expect(Set(inventory.imageFolders()) == used)
        #expect(inventory.hiddenEntries().isEmpty)
        for id in items.map(\.id) { _ = try store.removeImage(id: id) }
        #expect(inventory.imageFolders().isEmpty)
    }
}
