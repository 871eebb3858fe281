import Database
import Foundation
import Imaging
import Inventory
import Testing

/// How long the whole list takes to read at 10,000 items with a photo each. Timed, so it runs only
/// when asked: `HOMEPWNER_SPEED=1 swift test --filter ItemListSpeedTests`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["HOMEPWNER_SPEED"] != nil))
struct ItemListSpeedTests {
    @Test func readingTenThousandItemsWithPhotos() throws {
        let inventory = try TestInventory("speed")
        defer { inventory.remove() }
        let photo = try inventory.store.images.prepare(try RasterImage(width: 64, height: 48) { x, y in [UInt8(x), UInt8(y), 90] }.encoded(as: ".jpg"))
        let first = try inventory.store.setImage(id: try inventory.store.create(ItemInput(name: "first")).id, photo)
        try inventory.database.write { connection in
            for index in 1..<10_000 {
                try connection.run("INSERT INTO items (name, date_created_ms, position, image_hash) VALUES (?, 0, ?, ?)",
                                   "Item \(index)", index, first.image!.hash)
            }
        }
        var times: [Double] = []
        for _ in 0..<15 {
            let start = ContinuousClock.now
            let items = try inventory.store.all()
            times.append((ContinuousClock.now - start) / .milliseconds(1))
            #expect(items.count == 10_000 && items.allSatisfy { $0.image != nil })
        }
        times.sort()
        print("ItemStore.all() at 10,000 items with a photo each: median \(times[times.count / 2]) ms, best \(times[0]) ms")
    }
}
