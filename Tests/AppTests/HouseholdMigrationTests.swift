import Accounts
import App
import Claims
import Database
import Foundation
import Inventory
import Testing

/// The first half of the households' upgrade (docs/plans/households.md, 3.6): a folder from before
/// households becomes one household, named after its home, with every account a member in the role
/// it had, every row in it, and what today's stores write after the upgrade in it too.
@Suite struct HouseholdMigrationTests {
    /// The last step before households had rows: its file is what every folder of that build holds.
    static let before = SchemaHistory.steps.firstIndex { $0.label == "owned-households-8" }!

    /// An upgraded copy of that file, changed first by `change` (SQL) as a person of that build could have.
    static func upgraded(changing change: String = "") throws -> SchemaUpgradeTests.Copy {
        let copy = try SchemaUpgradeTests.Copy(of: before)
        if !change.isEmpty {
            try Database(path: copy.path, migrations: []).write { try $0.execute(change) }
        }
        _ = try Database(path: copy.path, schemas: DataFolder.schemas)
        return copy
    }

    @Test func anOlderFolderBecomesOneHouseholdNamedAfterItsHomeWithEveryAccountInItsRole() throws {
        let copy = try Self.upgraded(changing: "UPDATE locations SET name = ' Maple Street 12 ' WHERE id = 1")
        defer { copy.remove() }
        let after = try SchemaUpgradeTests.Dump(copy.path)

        // A box at the top ("Kitchen box 1") is not a home: the one place at the top names it.
        #expect(try after.strings("SELECT id || '|' || name || '|' || id_prefix || '|' || files_folder FROM households") == ["1|Maple Street 12|0|"])
        // As old as the folder's first item (made before its first account, 1764000005000).
        #expect(try after.strings("SELECT created_ms FROM households") == ["1764000000000"])
        #expect(try after.strings("SELECT account_id || ' ' || role FROM household_members WHERE household_id = 1 ORDER BY account_id")
                == ["1 owner", "2 viewer"])
        #expect(after.integrity == ["ok"] && after.foreignKeyProblems.isEmpty)
    }

    @Test func everyRowOfTheInventoryTheClaimsAndTheUploadsIsInTheFirstHousehold() throws {
        let copy = try Self.upgraded()
        defer { copy.remove() }
        let after = try SchemaUpgradeTests.Dump(copy.path)
        let tables = try after.strings("""
            SELECT DISTINCT m.name FROM sqlite_master m, pragma_table_info(m.name) p
            WHERE m.type = 'table' AND p.name = 'household_id' AND m.name NOT LIKE 'household%' ORDER BY m.name
            """)
        #expect(tables == Self.householdTables)
        for table in tables {
            #expect(try after.strings("SELECT count(*) FROM \(table) WHERE household_id IS NOT 1") == ["0"], "\(table)")
        }
        // The rows the fixture holds are still all there, now each with its household.
        #expect(try after.strings("SELECT count(*) FROM items WHERE household_id = 1") == ["13"])
        #expect(try after.strings("SELECT count(*) FROM claims WHERE household_id = 1") == ["2"])
    }

    /// A folder whose last changes are still in its WAL (its server was killed, or stopped by a build
    /// that left the WAL behind) upgrades with them: they are the first household's too.
    @Test func changesStillInTheWALAreUpgradedWithTheRest() throws {
        let copy = try SchemaUpgradeTests.Copy(of: Self.before)
        let crashed = try SchemaUpgradeTests.Copy(of: Self.before)
        defer { copy.remove(); crashed.remove() }
        do {
            let old = try SchemaHistory.open(copy.path, at: SchemaHistory.steps[Self.before])
            try old.write { try $0.run("INSERT INTO items (name, date_created_ms, position) VALUES ('Bread maker', 1764000060000, 100)") }
            // The files as a killed server leaves them: the commit in the WAL only.
            try FileManager.default.removeItem(atPath: crashed.path)
            for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: copy.path + suffix, toPath: crashed.path + suffix) }
            let wal = try FileManager.default.attributesOfItem(atPath: crashed.path + "-wal")[.size] as? Int ?? 0
            #expect(wal > 0)
            #expect(try old.read { try $0.scalar("SELECT count(*) FROM items WHERE name = 'Bread maker'") } == 1)
        }
        _ = try Database(path: crashed.path, schemas: DataFolder.schemas)
        let after = try SchemaUpgradeTests.Dump(crashed.path)
        #expect(try after.strings("SELECT household_id FROM items WHERE name = 'Bread maker'") == ["1"])
        #expect(try after.strings("SELECT count(*) FROM household_members") == ["2"])
        #expect(after.integrity == ["ok"])
    }

    @Test(arguments: [
        // Two places at the top: which is the home is not known.
        "INSERT INTO locations (name, parent_id, is_box) VALUES ('Holiday flat', NULL, 0)",
        // Only boxes at the top.
        "UPDATE locations SET is_box = 1 WHERE parent_id IS NULL",
        // A top place whose name is only spaces.
        "UPDATE locations SET name = '   ' WHERE id = 1",
    ])
    func withoutOneNamedPlaceAtTheTopTheHouseholdIsCalledHome(change: String) throws {
        let copy = try Self.upgraded(changing: change)
        defer { copy.remove() }
        #expect(try SchemaUpgradeTests.Dump(copy.path).strings("SELECT name FROM households") == ["Home"])
    }

    @Test func aNewFolderHasTheFirstHouseholdAndItsFirstAccountJoinsIt() throws {
        let app = try TestApp()
        let path = DataFolder(app.folder.url).databasePath
        #expect(try SchemaUpgradeTests.Dump(path).strings("SELECT id || '|' || name || '|' || id_prefix FROM households") == ["1|Home|0"])
        _ = try app.app.accounts.create(name: "olivia", password: "correct horse battery", role: .owner)
        #expect(try SchemaUpgradeTests.Dump(path).strings("SELECT role FROM household_members WHERE household_id = 1") == ["owner"])
    }

    /// Until requests name a household (session 3), what every store writes without naming one is
    /// the first household's, and an account made or changed is a member with the role it has.
    @Test func whatTodaysStoresWriteAfterTheUpgradeIsInTheFirstHousehold() throws {
        let folder = try TestDataFolder()
        let copy = try SchemaUpgradeTests.Copy(of: Self.before)
        defer { copy.remove() }
        try FileManager.default.copyItem(atPath: copy.path, toPath: DataFolder(folder.url).databasePath)
        let app = try TestApp(folder: folder)

        let attic = try app.app.items.createLocation(LocationInput(name: "Attic"))
        var input = ItemInput(name: "Sewing machine", locationID: .some(attic.id))
        input.details.tags = ["heirloom"]
        let item = try app.app.items.create(input)
        let claim = try app.app.claims.create(ClaimInput(name: "Roof leak"))
        _ = try app.app.claims.addItems([item.id], to: claim.id)
        _ = try app.app.accounts.create(name: "robin", password: "correct horse battery", role: .editor)
        try app.app.accounts.setRole(name: "sam", role: .editor)

        let after = try SchemaUpgradeTests.Dump(DataFolder(folder.url).databasePath)
        for table in ["locations", "items", "tags", "item_tags", "claims", "claim_lines"] {
            #expect(try after.strings("SELECT count(*) FROM \(table) WHERE household_id IS NOT 1") == ["0"], "\(table)")
        }
        #expect(try after.strings("SELECT household_id FROM items WHERE id = \(item.id.rawValue)") == ["1"])
        #expect(try after.strings("""
            SELECT a.name || ' ' || m.role FROM household_members m JOIN accounts a ON a.id = m.account_id
            WHERE m.household_id = 1 ORDER BY a.name
            """) == ["olivia owner", "robin editor", "sam editor"])
        #expect(after.integrity == ["ok"] && after.foreignKeyProblems.isEmpty)
    }

    /// Every table whose rows belong to a household, in the order `sqlite_master` is read above.
    static let householdTables = [
        "captures", "claim_bundles", "claim_expenses", "claim_lines", "claim_link_openings", "claim_links", "claims",
        "deleted_label_targets", "dismissed_suggestions", "images", "item_custom_fields", "item_documents",
        "item_evidence", "item_photos", "item_tags", "items", "locations", "policy", "readings", "settings",
        "sources_read", "tags", "uploads", "useful_lives", "walkthrough_drafts", "walkthrough_frames", "walkthroughs",
    ]
}
