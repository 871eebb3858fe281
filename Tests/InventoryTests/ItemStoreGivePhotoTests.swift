import Inventory
import Testing

/// `givePhoto`, the one way an item is given a photo.
@Suite struct ItemStoreGivePhotoTests {
    @Test func aMissingItemIsRefusedBeforeThePhotoIsAskedFor() throws {
        let inventory = try TestInventory("give-photo-missing")
        defer { inventory.remove() }
        var asked = false
        #expect(throws: InventoryError.itemNotFound(id: 42)) {
            try inventory.store.givePhoto(to: 42) { asked = true; return try ImageStoreFixtures.photo(1) }
        }
        #expect(!asked)
    }

    @Test func thePhotoIsDecodedStoredAndGivenWithTheVersionChecked() throws {
        let inventory = try TestInventory("give-photo")
        defer { inventory.remove() }
        let item = try inventory.add(["Lamp"])[0]
        let given = try inventory.store.givePhoto(to: item.id, expectedVersion: item.version) { try ImageStoreFixtures.photo(2, width: 64, height: 48) }
        #expect(given.image?.width == 64)
        #expect(given.version == item.version + 1)
        #expect(throws: InventoryError.self) {
            try inventory.store.givePhoto(to: item.id, expectedVersion: item.version) { try ImageStoreFixtures.photo(3) }
        }
        #expect(try inventory.store.item(id: item.id).image?.hash == given.image?.hash)
    }
}
