import Claims
import Database
import Foundation
import Inventory
import Testing

@Suite struct ClaimsSchemaTests {
    @Test func aClaimLineGoesWithItsItem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("claims-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try Database(path: folder.appendingPathComponent("db.sqlite").path, schemas: [InventorySchema.schema, ClaimsSchema.schema])
        try database.write { connection in
            try connection.run("INSERT INTO items (id, name, serial_number, value_in_dollars, date_created_ms, position) VALUES (1, 'Lamp', '', 0, 0, 0)")
            try connection.run("INSERT INTO claims (id, name, created_ms) VALUES (1, 'Fire', 0)")
            try connection.run("INSERT INTO claim_lines (claim_id, item_id, position, quantity_lost) VALUES (1, 1, 0, 1)")
            try connection.run("DELETE FROM items WHERE id = 1")
            #expect(try connection.scalar("SELECT count(*) FROM claim_lines") == 0)
        }
    }
}
