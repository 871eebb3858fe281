import Accounts
import App
import Claims
import Database
import Foundation
import Inventory
import Testing

/// A database written by every earlier schema (`Tests/Fixtures/schemas`, one file per step of
/// `SchemaHistory`) upgrades to the current one with every row it held, and the app opens it; an
/// upgrade that fails leaves the file byte for byte as it was and says which migration stopped it.
@Suite struct SchemaUpgradeTests {
    static let steps = Array(SchemaHistory.steps.indices)

    @Test(arguments: steps) func upgradesWithEveryRowItHeld(step: Int) throws {
        let copy = try Copy(of: step)
        defer { copy.remove() }
        let before = try Dump(copy.path)
        do { _ = try Database(path: copy.path, schemas: SchemaHistory.schemas) }
        let after = try Dump(copy.path)
        let label = SchemaHistory.steps[step].label

        #expect(after.versions == SchemaUpgradeTests.newestVersions, "\(label): every owner at its newest version")
        #expect(after.schema == (try SchemaUpgradeTests.freshSchema()), "\(label): the same tables, columns and indexes as a new file")
        #expect(after.integrity == ["ok"], "\(label)")
        #expect(after.foreignKeyProblems == [], "\(label)")
        for (table, rows) in before.tables {
            let columns = before.columns[table] ?? []
            let kept = columns.filter { (after.columns[table] ?? []).contains($0) }
            // A column a migration dropped must say where its values went (below); none may just go.
            let dropped = Set(columns).subtracting(kept)
            #expect(dropped.isSubset(of: SchemaUpgradeTests.movedColumns[table] ?? []), "\(label): \(table) lost \(dropped.sorted())")
            guard !kept.isEmpty else { continue }  // a table moved whole (its rows are checked where they went, below)
            let remaining = Multiset((after.tables[table] ?? []).map { $0.projected(on: kept) })
            let missing = Multiset(rows.map { $0.projected(on: kept) }).subtracting(remaining)
            #expect(missing.isEmpty, "\(label): \(table) lost \(missing.elements.prefix(3))")
        }
        // The item's one photo became its first photo (inventory 11).
        for item in before.tables["items"] ?? [] where (item.values["image_hash"] ?? "NULL") != "NULL" {
            let photo = Row(values: ["item_id": item.values["id"]!, "image_hash": item.values["image_hash"]!])
            #expect((after.tables["item_photos"] ?? []).contains { $0.projected(on: ["item_id", "image_hash"]) == photo },
                    "\(label): item \(item.values["id"]!)'s photo is still its photo")
        }
        // The kinds turned off for e-mail are e-mail's kinds off among every channel's (accounts 12).
        for row in before.tables["reminder_mail_off"] ?? [] {
            let moved = Row(values: ["account_id": row.values["account_id"]!, "channel": "'mail'", "kind": row.values["kind"]!])
            #expect((after.tables["reminder_kinds_off"] ?? []).contains { $0.projected(on: ["account_id", "channel", "kind"]) == moved },
                    "\(label): \(row.values["kind"]!) is still off for e-mail")
        }
        // Whole quantities became exact decimals (inventory 21, claims 10): n is n × 10,000 ten-thousandths.
        for (table, old, new) in [("items", "quantity", "quantity_ten_thousandths"), ("claim_lines", "quantity_lost", "quantity_lost_ten_thousandths")] {
            let key = table == "items" ? ["id"] : ["claim_id", "item_id"]
            for row in before.tables[table] ?? [] {
                guard let whole = row.values[old].flatMap(Int64.init) else { continue }
                let upgraded = (after.tables[table] ?? []).first { $0.projected(on: key) == row.projected(on: key) }
                #expect(upgraded?.values[new] == String(whole * 10_000), "\(label): \(table) \(row.projected(on: key)) holds \(whole)")
            }
        }
    }

    @Test(arguments: steps) func theAppOpensItWithItsItemsAccountsAndSearch(step: Int) throws {
        let folder = try TestDataFolder()
        let copy = try Copy(of: step)
        defer { copy.remove() }
        let names = try Dump(copy.path).strings("SELECT name FROM items ORDER BY id")
        try FileManager.default.copyItem(atPath: copy.path, toPath: DataFolder(folder.url).databasePath)
        let app = try TestApp(folder: folder)
        let label = SchemaHistory.steps[step].label

        #expect(try app.app.items.all().map(\.name).sorted() == names.sorted(), "\(label)")
        // Every purchase date reads as the day stored; only one said roughly (inventory 24 on) reads rough.
        let items = try app.app.items.all().sorted { $0.id < $1.id }
        let hasDates = try !Dump(copy.path).strings("SELECT name FROM pragma_table_info('items') WHERE name = 'purchase_date'").isEmpty
        let days = hasDates ? try Dump(copy.path).strings("SELECT purchase_date FROM items WHERE purchase_date IS NOT NULL ORDER BY id") : []
        #expect(items.compactMap { $0.details.purchaseDate?.reckoningDay.iso } == days, "\(label)")
        let rough = items.filter { $0.details.purchaseDate?.isRough == true }.map(\.name)
        #expect(rough == ((SchemaHistory.steps[step].versions["inventory"] ?? 0) >= 24 ? ["Armchair", "Sofa"] : []), "\(label)")
        // The search index is made for a file from before it, so what was there can be found.
        #expect(try app.app.items.items(matching: ItemQuery(text: "osaka")).items.map(\.name) == ["Ōsaka lamp — 台灯"], "\(label)")
        if SchemaHistory.steps[step].versions["accounts"] != nil {
            #expect(try app.app.accounts.account(named: "olivia")?.role == .owner, "\(label)")
        }
        if SchemaHistory.steps[step].versions["claims"] != nil {
            let claims = try app.app.claims.claims()
            #expect(claims.map(\.name).contains("Burglary, November"), "\(label)")
            // Claims 11 takes a claim whose cause names a theft for one, so closing it marks its items stolen.
            #expect(claims.first { $0.name == "Burglary, November" }?.lossKind == .theft, "\(label)")
        }
    }

    @Test(arguments: steps) func aFailedUpgradeLeavesTheFileAsItWasAndSaysWhy(step: Int) throws {
        let copy = try Copy(of: step)
        defer { copy.remove() }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: copy.path))
        // Every owner's pending migrations run, then one that cannot: all of it is undone.
        let broken = SchemaHistory.schemas.map { schema in
            schema.owner != "claims" ? schema
                : Schema(owner: "claims", migrations: schema.migrations + [Migration(version: 99, sql: "INSERT INTO no_such_table VALUES (1)")])
        }
        let error = #expect(throws: DatabaseError.self) { try Database(path: copy.path, schemas: broken) }
        let message = error?.message ?? ""
        #expect(message.contains("stopped at the claims schema's migration 99"), "\(message)")
        #expect(message.contains("no such table: no_such_table"), "\(message)")
        #expect(message.contains("Nothing was changed"), "\(message)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy.path)) == bytes, "\(SchemaHistory.steps[step].label): the file is byte for byte as it was")
        // And the real upgrade still works on it afterwards.
        _ = try Database(path: copy.path, schemas: SchemaHistory.schemas)
        #expect(try Dump(copy.path).versions == SchemaUpgradeTests.newestVersions)
    }

    /// Accounts 8 erases the sessions' stored CSRF tokens: no trace of one is left in the file.
    @Test(arguments: steps) func storedCSRFTokensAreErased(step: Int) throws {
        guard let accounts = SchemaHistory.steps[step].versions["accounts"], accounts < 8 else { return }
        let copy = try Copy(of: step)
        defer { copy.remove() }
        let token = Data("csrf-token-of-olivia".utf8)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy.path)).range(of: token) != nil, "the fixture holds a token")
        do { _ = try Database(path: copy.path, schemas: SchemaHistory.schemas) }
        for suffix in ["", "-wal"] {
            #expect((FileManager.default.contents(atPath: copy.path + suffix) ?? Data()).range(of: token) == nil,
                    "\(SchemaHistory.steps[step].label): the token is still in the file\(suffix)")
        }
    }

    /// The fixtures are what replaying the migrations makes today: a migration edited after a build
    /// shipped it would make a file no user has, and this fails first.
    @Test func theFixturesAreTheMigrationsReplayed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-replay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let replayed = try SchemaHistory.writeFixtures(into: folder)
        #expect(replayed.count == SchemaHistory.steps.count)
        for (step, path) in replayed.enumerated() {
            let copy = try Copy(of: step)
            defer { copy.remove() }
            let kept = try Dump(copy.path), made = try Dump(path)
            #expect(kept.schema == made.schema && kept.tables == made.tables && kept.versions == made.versions,
                    "\(SchemaHistory.fixture(step).lastPathComponent) is not what its migrations make now")
        }
        // The last step is the current schema: a new migration needs a step (and its fixture) of its own.
        #expect(SchemaHistory.steps.last?.versions == SchemaUpgradeTests.newestVersions)
    }

    // MARK: -

    static let newestVersions = Dictionary(uniqueKeysWithValues: SchemaHistory.schemas.map { ($0.owner, $0.migrations.map(\.version).max() ?? 0) })

    /// Columns a migration dropped after carrying their values elsewhere (checked above), or erased on
    /// purpose: sessions' CSRF tokens (accounts 8) are made from their ids instead.
    static let movedColumns: [String: Set<String>] = ["items": ["image_hash", "quantity"], "sessions": ["csrf_token"], "claim_lines": ["quantity_lost"],
                                                      "reminder_mail_off": ["account_id", "kind"]]

    static func freshSchema() throws -> [String] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("schema-fresh-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        do { _ = try Database(path: path, schemas: SchemaHistory.schemas) }
        return try Dump(path).schema
    }

    /// A fixture copied to a temporary file (never opened where it is kept: that would leave a WAL there).
    struct Copy {
        let path: String

        init(of step: Int) throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("schema-upgrade-\(UUID().uuidString).sqlite").path
            try FileManager.default.copyItem(atPath: SchemaHistory.fixture(step).path, toPath: path)
        }

        func remove() { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    }

    struct Row: Hashable, CustomStringConvertible {
        var values: [String: String]

        func projected(on columns: [String]) -> Row {
            Row(values: values.filter { columns.contains($0.key) })
        }

        var description: String { values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
    }

    struct Multiset {
        private(set) var counts: [Row: Int] = [:]

        init(_ rows: [Row]) { for row in rows { counts[row, default: 0] += 1 } }

        func subtracting(_ other: Multiset) -> Multiset {
            var result = self
            for (row, count) in other.counts { result.counts[row] = (result.counts[row] ?? 0) - count }
            result.counts = result.counts.filter { $0.value > 0 }
            return result
        }

        var isEmpty: Bool { counts.isEmpty }
        var elements: [Row] { Array(counts.keys) }
    }

    /// Everything in a file, as text (`quote()` of each value), read with a connection of its own.
    struct Dump {
        var schema: [String] = []
        var columns: [String: [String]] = [:]
        var tables: [String: [Row]] = [:]
        var versions: [String: Int] = [:]
        var integrity: [String] = []
        var foreignKeyProblems: [String] = []
        private let path: String

        init(_ path: String) throws {
            self.path = path
            let database = try Database(readingOnly: path)
            try database.read { connection in
                schema = try connection.rows("SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name") { $0.string(0) }
                let names = try connection.rows("""
                    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                        AND name NOT LIKE 'item_search%' AND name != 'schema_versions'
                    """) { $0.string(0) }
                for table in names {
                    let columns = try connection.rows("SELECT name FROM pragma_table_xinfo(?) WHERE hidden = 0", table) { $0.string(0) }
                    self.columns[table] = columns
                    let select = "SELECT " + columns.map { "quote(\"\($0)\")" }.joined(separator: ", ") + " FROM \"\(table)\""
                    tables[table] = try connection.rows(select) { row in
                        Row(values: Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, row.string(Int32($0))) }))
                    }
                }
                if try connection.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'schema_versions'") == 1 {
                    try connection.forEachRow("SELECT owner, version FROM schema_versions") { versions[$0.string(0)] = $0.int(1) }
                }
                integrity = try connection.rows("PRAGMA integrity_check") { $0.string(0) }
                foreignKeyProblems = try connection.rows("PRAGMA foreign_key_check") { "\($0.string(0)) row \($0.string(1))" }
            }
        }

        func strings(_ sql: String) throws -> [String] {
            try Database(readingOnly: path).read { try $0.rows(sql) { $0.string(0) } }
        }
    }
}
