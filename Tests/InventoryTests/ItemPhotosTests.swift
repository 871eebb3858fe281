import Database
import Foundation
import Imaging
import Inventory
import PDFPreview
import Testing

/// Several photos per item: their order, the primary, the limit, and files that go with their last photo.
@Suite struct ItemPhotosTests {
    typealias F = ImageStoreFixtures

    /// The image and document folders on disk, by hash.
    static func folders(_ inventory: TestInventory, _ suffix: String) -> Set<String> {
        let root = inventory.path + suffix
        let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        return Set(paths.filter { $0.split(separator: "/").count == 2 }.map { String($0.split(separator: "/")[1]) })
    }

    @Test func photosKeepTheOrderTheyWereAddedInAndTheFirstIsThePrimary() throws {
        let inventory = try TestInventory("photos-order")
        defer { inventory.remove() }
        let item = try inventory.add(["Guitar"])[0]
        let photos = try (1...3).map { seed in try inventory.store.addPhoto(to: item.id, kind: seed == 2 ? .serial : .general) { try F.photo(seed) } }
        let stored = try inventory.store.item(id: item.id)
        #expect(stored.photos == photos)
        #expect(stored.image == photos[0].image)
        #expect(stored.photos[1].kind == .serial)
        #expect(stored.version > item.version, "adding photos is a change to the item")
        // Reordered: the third is the primary now.
        let reordered = try inventory.store.orderPhotos(of: item.id, [photos[2].id, photos[0].id, photos[1].id])
        #expect(reordered.photos.map(\.id) == [photos[2].id, photos[0].id, photos[1].id])
        #expect(reordered.image == photos[2].image)
        // Deleting the primary makes the next one primary; the list shows the same.
        try inventory.store.removePhoto(photos[2].id, of: item.id)
        #expect(try inventory.store.item(id: item.id).image == photos[0].image)
        #expect(try inventory.store.all()[0].photos.map(\.id) == [photos[0].id, photos[1].id])
    }

    @Test func theSinglePhotoCallsWorkOnThePrimary() throws {
        let inventory = try TestInventory("photos-primary")
        defer { inventory.remove() }
        let item = try inventory.add(["Bike"])[0]
        let first = try inventory.store.givePhoto(to: item.id) { try F.photo(1) }
        #expect(first.photos.count == 1)
        let second = try inventory.store.addPhoto(to: item.id) { try F.photo(2) }
        // Replacing the primary keeps the others, and the new one stays first.
        let replaced = try inventory.store.givePhoto(to: item.id) { try F.photo(3) }
        #expect(replaced.photos.count == 2)
        #expect(replaced.photos[1] == second)
        #expect(replaced.image?.hash == (try inventory.store.images.prepare(try F.photo(3))).image.hash)
        #expect(Self.folders(inventory, "-images").count == 2, "the replaced photo's files went")
        // Removing the primary: the next one becomes primary, then none is left.
        #expect(try inventory.store.removeImage(id: item.id).image == second.image)
        #expect(try inventory.store.removeImage(id: item.id).image == nil)
        #expect(Self.folders(inventory, "-images").isEmpty)
    }

    @Test func aNewOrderMustNameEachPhotoOnce() throws {
        let inventory = try TestInventory("photos-bad-order")
        defer { inventory.remove() }
        let items = try inventory.add(["Camera", "Lens"])
        let ids = try (1...3).map { seed in try inventory.store.addPhoto(to: items[0].id) { try F.photo(seed) }.id }
        let other = try inventory.store.addPhoto(to: items[1].id) { try F.photo(9) }.id
        let before = try inventory.store.item(id: items[0].id)
        #expect(throws: InventoryError.photoOrderMismatch(missing: [ids[2]], unknown: [other], repeated: [ids[0]])) {
            try inventory.store.orderPhotos(of: items[0].id, [ids[0], ids[1], ids[0], other])
        }
        #expect(throws: InventoryError.photoOrderMismatch(missing: ids, unknown: [], repeated: [])) {
            try inventory.store.orderPhotos(of: items[0].id, [])
        }
        #expect(try inventory.store.item(id: items[0].id) == before, "nothing changed")
    }

    @Test func anItemHoldsAtMostTheLimitAndAFullItemIsRefusedBeforeThePhotoIsRead() throws {
        let inventory = try TestInventory("photos-limit")
        defer { inventory.remove() }
        let item = try inventory.add(["Album"])[0]
        let prepared = try inventory.store.images.prepare(try F.photo(1))
        for _ in 0..<ItemStore.maxPhotosPerItem { _ = try inventory.store.addPhoto(to: item.id, prepared) }
        var asked = false
        #expect(throws: InventoryError.tooManyPhotos(limit: ItemStore.maxPhotosPerItem)) {
            try inventory.store.addPhoto(to: item.id) { asked = true; return try F.photo(2) }
        }
        #expect(!asked)
        #expect(throws: InventoryError.tooManyPhotos(limit: ItemStore.maxPhotosPerItem)) { try inventory.store.addPhoto(to: item.id, prepared) }
        #expect(try inventory.store.item(id: item.id).photos.count == ItemStore.maxPhotosPerItem)
    }

    @Test func aFailedAddLeavesNoFiles() throws {
        let inventory = try TestInventory("photos-failed")
        defer { inventory.remove() }
        let prepared = try inventory.store.images.prepare(try F.photo(1))
        #expect(throws: InventoryError.itemNotFound(id: 99)) { try inventory.store.addPhoto(to: 99, prepared) }
        #expect(throws: InventoryError.itemNotFound(id: 99)) { try inventory.store.addDocument(to: 99, kind: .receipt, name: "Receipt") { SamplePDF.make() } }
        #expect(Self.folders(inventory, "-images").isEmpty && Self.folders(inventory, "-documents").isEmpty)
        let item = try inventory.add(["Lamp"])[0]
        #expect(throws: ImagingError.unsupportedFormat) { try inventory.store.addPhoto(to: item.id) { Array("not a photo".utf8) } }
        #expect(try inventory.store.item(id: item.id).photos.isEmpty)
        #expect(Self.folders(inventory, "-images").isEmpty)
    }

    /// Photos and documents share content across items; deleting them in any order leaves exactly
    /// the files some row still uses.
    @Test func filesOnDiskAreExactlyTheOnesInUseAfterDeletes() throws {
        let inventory = try TestInventory("photos-orphans")
        defer { inventory.remove() }
        let store = inventory.store
        let items = try inventory.add(["Sofa", "Chair", "Table"])
        let shared = try F.photo(1)
        var photos: [Item.ID: [ItemPhoto]] = [:]
        for item in items {
            photos[item.id] = [try store.addPhoto(to: item.id) { shared }, try store.addPhoto(to: item.id) { try F.photo(Int(item.id.rawValue) + 10) }]
        }
        let receipt = SamplePDF.make(), manual = Array("Turn it on.\n".utf8)
        let sofaReceipt = try store.addDocument(to: items[0].id, kind: .receipt, name: "Receipt") { receipt }
        _ = try store.addDocument(to: items[1].id, kind: .receipt, name: "Same receipt") { receipt }
        _ = try store.addDocument(to: items[2].id, kind: .manual, name: "Manual") { manual }

        func inUse() throws -> (images: Set<String>, documents: Set<String>) {
            let all = try store.all()
            return (Set(all.flatMap { $0.photos.map(\.image.hash) }), Set(all.flatMap { $0.documents.map(\.sha256) }))
        }
        func expectNoOrphans(_ moment: Comment) throws {
            let (images, documents) = try inUse()
            #expect(Self.folders(inventory, "-images") == images, moment)
            #expect(Self.folders(inventory, "-documents") == documents, moment)
            let rows = try inventory.database.read { try $0.rows("SELECT hash FROM images") { $0.string(0) } }
            #expect(Set(rows) == images, moment)
        }
        try expectNoOrphans("at the start")
        #expect(Self.folders(inventory, "-images").count == 4)
        try store.removePhoto(photos[items[0].id]![0].id, of: items[0].id)
        try expectNoOrphans("after deleting one use of the shared photo")
        #expect(Self.folders(inventory, "-images").count == 4, "the shared photo is still used")
        try store.removeDocument(sofaReceipt.id, of: items[0].id)
        try expectNoOrphans("after deleting one use of the shared receipt")
        try store.delete(id: items[1].id)
        try expectNoOrphans("after deleting an item")
        try store.delete(id: items[2].id)
        try store.delete(id: items[0].id)
        try expectNoOrphans("after deleting every item")
        #expect(Self.folders(inventory, "-images").isEmpty && Self.folders(inventory, "-documents").isEmpty)
    }

    /// A database written before several photos: each item's photo becomes its first, nothing lost.
    @Test func theItemPhotoOfTheSchemaBeforeBecomesTheFirstPhoto() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-before-photos-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm", "-images", "-documents"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let before = InventorySchema.migrations.filter { $0.version < 11 }
        #expect(before.last.map(\.version).map { $0 < 11 } == true)
        let hash = String(repeating: "ab", count: 32)
        do {
            let old = try Database(path: path, migrations: before)
            try old.write { connection in
                try connection.run("INSERT INTO images (hash, format, width, height, byte_size, created_ms) VALUES (?, 'jpeg', 1600, 1200, 52000, ?)",
                                   hash, Int64(1_700_000_000_000))
                try connection.run("INSERT INTO items (name, date_created_ms, position, version, image_hash) VALUES ('Camera', 0, 0, 4, ?)", hash)
                try connection.run("INSERT INTO items (name, date_created_ms, position, version) VALUES ('Kettle', 0, 1, 1)")
            }
        }
        let inventory = try TestInventory(path: path)
        let items = try inventory.store.all()
        #expect(items.map(\.name) == ["Camera", "Kettle"])
        #expect(items[0].photos.count == 1)
        #expect(items[0].image == StoredImage(hash: hash, format: .jpeg, width: 1600, height: 1200, byteSize: 52000))
        #expect(items[0].photos.first?.kind == .general)
        #expect(items[0].version == 4, "migrating is no change to the item")
        #expect(items[1].photos.isEmpty && items[1].documents.isEmpty)
        #expect(try inventory.store.item(id: items[0].id).image?.hash == hash)
    }
}
