import Database
import Foundation
import Inventory
import Testing

/// An inventory from before the search index gets one when it is next opened.
@Suite struct SearchIndexMigrationTests {
    @Test func itemsFromThePreviousSchemaBecomeSearchable() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-search-migration-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm", "-images"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        do {
            let old = try Database(path: path, migrations: InventorySchema.migrations.filter { $0.version < 13 })
            try old.write { connection in
                try connection.execute("""
                    INSERT INTO locations (id, name, parent_id) VALUES (1, 'Home', NULL), (2, 'Kitchen', 1);
                    INSERT INTO items (id, name, serial_number, date_created_ms, position, location_id, brand, replacement_cost)
                        VALUES (1, 'Café grinder', 'GR-77', 0, 0, 2, 'Baratza', 25000), (2, 'Ladder', '', 0, 1, NULL, '', NULL);
                    INSERT INTO tags (id, name) VALUES (1, 'Appliance');
                    INSERT INTO item_tags (item_id, tag_id) VALUES (1, 1);
                    """)
            }
        }
        let inventory = try TestInventory(path: path)
        func found(_ text: String) throws -> [String] { try inventory.store.items(matching: ItemQuery(text: text)).items.map(\.name) }
        for text in ["cafe", "grin", "gr 77", "baratza", "appliance", "home kitchen"] {
            #expect(try found(text) == ["Café grinder"], "\(text)")
        }
        #expect(try found("ladder") == ["Ladder"])
        #expect(try inventory.store.items(matching: ItemQuery(sort: .room)).items.map(\.name) == ["Café grinder", "Ladder"])
        #expect(try inventory.store.items(matching: ItemQuery(sort: .value)).items.map(\.name) == ["Café grinder", "Ladder"])
    }
}
