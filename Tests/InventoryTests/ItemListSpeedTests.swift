import Database
import Foundation
import Imaging
import Inventory
import Testing

/// How long the whole list takes to read at 10,000 items with a photo each, and adding a photo to an
/// item with 50 against one with none. Timed, so they run only when asked:
/// `HOMEPWNER_SPEED=1 swift test --filter ItemListSpeedTests`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["HOMEPWNER_SPEED"] != nil))
struct ItemListSpeedTests {
    @Test func readingTenThousandItemsWithPhotos() throws {
        let inventory = try TestInventory("speed")
        defer { inventory.remove() }
        let photo = try inventory.store.images.prepare(try RasterImage(width: 64, height: 48) { x, y in [UInt8(x), UInt8(y), 90] }.encoded(as: ".jpg"))
        let first = try inventory.store.setImage(id: try inventory.store.create(ItemInput(name: "first")).id, photo)
        try inventory.database.write { connection in
            for index in 1..<10_000 {
                try connection.run("INSERT INTO items (name, date_created_ms, position) VALUES (?, 0, ?)", "Item \(index)", index)
                try connection.run("INSERT INTO item_photos (item_id, image_hash, position, added_ms) VALUES (?, ?, 0, 0)",
                                   connection.lastInsertRowID, first.image!.hash)
            }
        }
        var times: [Double] = []
        for _ in 0..<(ProcessInfo.processInfo.environment["HOMEPWNER_SPEED_ROUNDS"].flatMap { Int($0) } ?? 15) {
            let start = ContinuousClock.now
            let items = try inventory.store.all()
            times.append((ContinuousClock.now - start) / .milliseconds(1))
            #expect(items.count == 10_000 && items.allSatisfy { $0.image != nil })
        }
        times.sort()
        for (label, sql) in [("new join step", "SELECT items.id, item_photos.id, item_photos.kind, images.hash, images.format, images.width FROM items LEFT JOIN item_photos ON item_photos.item_id = items.id LEFT JOIN images ON images.hash = item_photos.image_hash ORDER BY items.position, items.id, item_photos.position, item_photos.id"),
                             ("photos+images no items", "SELECT item_photos.item_id, images.width FROM item_photos JOIN images ON images.hash = item_photos.image_hash"),
                             ("items only", "SELECT items.id, items.name FROM items ORDER BY items.position, items.id"),
                             ("items all cols", "SELECT * FROM items ORDER BY items.position, items.id"),
                             ("tags", "SELECT item_tags.item_id, tags.name FROM item_tags JOIN tags ON tags.id = item_tags.tag_id")] {
            var raw: [Double] = []
            for _ in 0..<15 {
                let start = ContinuousClock.now
                try inventory.database.read { c in try c.forEachRow(sql, []) { row in _ = row.int64(0) } }
                raw.append((ContinuousClock.now - start) / .milliseconds(1))
            }
            print("\(label): median \(raw.sorted()[7]) ms")
        }
        print("ItemStore.all() at 10,000 items with a photo each: median \(times[times.count / 2]) ms, best \(times[0]) ms")
    }

    @Test func addingAPhotoToAnItemWithFiftyPhotosAgainstNone() throws {
        let inventory = try TestInventory("speed-add")
        defer { inventory.remove() }
        let store = inventory.store
        func photo(_ seed: Int) throws -> ImageStore.PreparedImage {
            try store.images.prepare(try RasterImage(width: 64, height: 48) { x, y in [UInt8((x + seed) % 256), UInt8((y * seed) % 256), UInt8(seed % 256)] }
                .encoded(as: ".jpg"))
        }
        let full = try store.create(ItemInput(name: "Full"))
        for seed in 0..<50 { _ = try store.addPhoto(to: full.id, try photo(seed)) }
        let rounds = 40
        let prepared = try (0..<(2 * rounds)).map { try photo(1_000 + $0) }
        var (toFull, toEmpty): ([Double], [Double]) = ([], [])
        for round in 0..<rounds {
            let empty = try store.create(ItemInput(name: "Empty \(round)"))
            var start = ContinuousClock.now
            _ = try store.addPhoto(to: empty.id, prepared[2 * round])
            toEmpty.append((ContinuousClock.now - start) / .microseconds(1))
            start = ContinuousClock.now
            _ = try store.addPhoto(to: full.id, prepared[2 * round + 1])
            toFull.append((ContinuousClock.now - start) / .microseconds(1))
        }
        let (full50, none) = (toFull.sorted()[rounds / 2], toEmpty.sorted()[rounds / 2])
        print("addPhoto (stored, after decoding): to an item with none \(none) µs, with 50–\(50 + rounds - 1) \(full50) µs: \(none / full50)× as fast")
    }
}
