import Accounts
import App
import Database
import Foundation
import Inventory
import PhotoLibrary
import Testing

/// A data folder written by an earlier Homepwner, whose modules shared one schema count, opens with
/// everything in it.
@Suite struct DataFolderTests {
    @Test func aDataFolderFromBeforeOwnersCountedTheirOwnSchemaOpensWithItsItemsAndAccounts() throws {
        let folder = try TestDataFolder()
        let data = DataFolder(folder.url)
        do {
            // As the earlier build did: every module's migrations in one count, up to schema 7.
            let shared = (InventorySchema.migrations + LibrarySchema.migrations + AccountsSchema.migrations).filter { $0.version <= 7 }
            let old = try Database(path: data.databasePath, migrations: shared)
            try old.write { connection in
                try connection.run("INSERT INTO items (name, serial_number, value_in_dollars, date_created_ms, position) VALUES ('Lamp', 'L-1', 35, 1000, 0)")
            }
            try AccountStore(database: old).create(name: "olivia", password: "correct horse battery", role: .owner)
        }
        let app = try TestApp(folder: folder)
        #expect(try app.app.items.all().map(\.name) == ["Lamp"])
        #expect(try app.app.accounts.account(named: "olivia")?.role == .owner)
    }
}
