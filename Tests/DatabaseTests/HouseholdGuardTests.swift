import Database
import Testing

/// The household guard: a household's statement names its household and gets only its rows; a plain
/// statement on a household table is refused (enforce) or reported (report), unless it names a
/// `ServerWideWork`.
@Suite struct HouseholdGuardTests {
    static let schema = [Migration(version: 1, sql: """
        CREATE TABLE households (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE items (id INTEGER PRIMARY KEY, household_id INTEGER NOT NULL REFERENCES households(id),
                            name TEXT NOT NULL, value INTEGER NOT NULL DEFAULT 0);
        CREATE VIRTUAL TABLE item_search_1 USING fts5(name);
        CREATE TABLE household_members (household_id INTEGER NOT NULL REFERENCES households(id), account_id INTEGER NOT NULL,
                                        PRIMARY KEY (household_id, account_id));
        INSERT INTO households (id, name) VALUES (1, 'Home'), (2, 'Holiday flat');
        """)]
    static let enforcing = HouseholdGuard(.enforce, searchTables: { _ in ["item_search_1"] })

    /// Household 1: Chair (10), Lamp (20), Sofa (300); household 2: Bike (40), Chair (50).
    static func fill(_ database: Database) throws {
        for (household, items) in [(Int64(1), [("Chair", 10), ("Lamp", 20), ("Sofa", 300)]), (2, [("Bike", 40), ("Chair", 50)])] {
            try HouseholdDatabase(database, household: household).write { connection in
                for (name, value) in items {
                    try connection.run("INSERT INTO items (name, household_id, value) VALUES (?, :household, ?)", name, value)
                }
            }
        }
    }

    static func names(in household: Int64, _ database: Database) throws -> [String] {
        try HouseholdDatabase(database, household: household).read {
            try $0.rows("SELECT name FROM items WHERE household_id = :household ORDER BY name") { $0.string(0) }
        }
    }

    @Test func aHouseholdStatementThatDoesNotNameItsHouseholdIsRefusedAtPrepare() throws {
        let file = TemporaryDatabase("guard-unscoped")
        defer { file.remove() }
        let database = try file.open(Self.schema, householdGuard: Self.enforcing)
        try Self.fill(database)
        let household = HouseholdDatabase(database, household: 1)
        let error = try #require(throws: DatabaseError.self) {
            try household.read { try $0.rows("SELECT name FROM items WHERE value > ?", 0) { $0.string(0) } }
        }
        #expect(error.sql == "SELECT name FROM items WHERE value > ?")
        #expect(error.message.contains(":household"))
        // Another named parameter beside it would be bound by position without the store knowing.
        #expect(throws: DatabaseError.self) {
            try household.read { try $0.rows("SELECT name FROM items WHERE household_id = :household AND name = :name", "Sofa") { $0.string(0) } }
        }
        // Nothing was written by a refused write either.
        #expect(throws: DatabaseError.self) {
            try household.write { try $0.run("DELETE FROM items WHERE value > ?", 0) }
        }
        #expect(try Self.names(in: 1, database) == ["Chair", "Lamp", "Sofa"])
    }

    @Test func householdBetweenQuestionMarksBindsEachArgumentInItsPlace() throws {
        let file = TemporaryDatabase("guard-binding")
        defer { file.remove() }
        let database = try file.open(Self.schema, householdGuard: Self.enforcing)
        try Self.fill(database)
        // The writes landed in their households (read as server-wide work, every household at once).
        let all = try database.read(serverWide: .backupContents) {
            try $0.rows("SELECT household_id, name, value FROM items ORDER BY household_id, name") { "\($0.int64(0)) \($0.string(1)) \($0.int(2))" }
        }
        #expect(all == ["1 Chair 10", "1 Lamp 20", "1 Sofa 300", "2 Bike 40", "2 Chair 50"])

        let household = HouseholdDatabase(database, household: 1)
        let cheap = try household.read {
            try $0.rows("""
                SELECT name FROM items WHERE value >= ? AND household_id = :household AND name <> ? AND value <= ?
                  AND :household IS NOT NULL ORDER BY name
                """, 5, "Lamp", 100) { $0.string(0) }
        }
        #expect(cheap == ["Chair"])
        // An argument too many or too few is an error, never a value bound to the wrong `?`.
        let error = try #require(throws: DatabaseError.self) {
            try household.read { try $0.scalar("SELECT count(*) FROM items WHERE household_id = :household AND value > ?", 5, 6) }
        }
        #expect(error.message.contains("1 arguments besides :household; 2 were given"))
    }

    @Test func oneCachedStatementGivesEachHouseholdItsOwnRows() throws {
        let file = TemporaryDatabase("guard-cache")
        defer { file.remove() }
        // One reader, so the second household's read reuses the statement the first one prepared.
        let database = try file.open(Self.schema, readerCount: 1, householdGuard: Self.enforcing)
        try Self.fill(database)
        #expect(try Self.names(in: 1, database) == ["Chair", "Lamp", "Sofa"])
        #expect(try Self.names(in: 2, database) == ["Bike", "Chair"])
        #expect(try Self.names(in: 1, database) == ["Chair", "Lamp", "Sofa"])
        // A household's update touches its own rows only.
        try HouseholdDatabase(database, household: 2).write {
            try $0.run("UPDATE items SET value = value + ? WHERE household_id = :household AND name = ?", 1, "Chair")
        }
        let chairs = try database.read(serverWide: .backupContents) {
            try $0.rows("SELECT value FROM items WHERE name = 'Chair' ORDER BY household_id") { $0.int(0) }
        }
        #expect(chairs == [10, 51])
    }

    @Test func aPlainStatementOnAHouseholdTableIsRefusedInEnforceMode() throws {
        let file = TemporaryDatabase("guard-enforce")
        defer { file.remove() }
        let database = try file.open(Self.schema, householdGuard: Self.enforcing)
        try Self.fill(database)
        for sql in ["SELECT name FROM items", "SELECT count(*) FROM items", "DELETE FROM items",
                    "UPDATE items SET value = 0", "INSERT INTO items (household_id, name) VALUES (1, 'Stolen')"] {
            let error = try #require(throws: DatabaseError.self, "\(sql)") {
                try database.write { try $0.run(sql) }
            }
            #expect(error.isOutsideHousehold)
            #expect(error.sql == sql)
            #expect(error.message.contains("items"))
        }
        #expect(try database.read { try $0.scalar("SELECT count(*) FROM households") } == 2)
        #expect(try Self.names(in: 1, database) == ["Chair", "Lamp", "Sofa"])
        #expect(database.householdGuardReports.all.isEmpty)
    }

    @Test func theHouseholdsOwnTablesAreReadAcrossHouseholds() throws {
        let file = TemporaryDatabase("guard-memberships")
        defer { file.remove() }
        let database = try file.open(Self.schema, householdGuard: Self.enforcing)
        // An account's households: a plain statement across every household, as `HouseholdStore` asks.
        try database.write { try $0.run("INSERT INTO household_members (household_id, account_id) VALUES (1, 7), (2, 7)") }
        #expect(try database.read { try $0.rows("SELECT household_id FROM household_members WHERE account_id = ? ORDER BY 1", 7) { $0.int64(0) } } == [1, 2])
        // The household data beside them is still guarded.
        #expect(throws: DatabaseError.self) { try database.read { try $0.scalar("SELECT count(*) FROM items") } }
    }

    @Test func serverWideWorkIsLetThroughForItsCallOnly() throws {
        let file = TemporaryDatabase("guard-server-wide")
        defer { file.remove() }
        let database = try file.open(Self.schema, readerCount: 1, householdGuard: Self.enforcing)
        try Self.fill(database)
        let sql = "SELECT count(*) FROM items"
        #expect(try database.read(serverWide: .leftovers) { try $0.scalar(sql) } == 5)
        #expect(try database.readTransaction(serverWide: .leftovers) { try $0.scalar(sql) } == 5)
        // The statement prepared for that work is not reused by a plain call of the same text.
        #expect(throws: DatabaseError.self) { try database.read { try $0.scalar(sql) } }
        try database.write(serverWide: .leftovers) { try $0.run("DELETE FROM items WHERE value > 100") }
        #expect(try Self.names(in: 1, database) == ["Chair", "Lamp"])
    }

    @Test func reportModeRunsThePlainStatementAndReportsItOnce() throws {
        let file = TemporaryDatabase("guard-report")
        defer { file.remove() }
        let database = try file.open(Self.schema, readerCount: 2, householdGuard: HouseholdGuard(.report, searchTables: { _ in ["item_search_1"] }))
        try Self.fill(database)
        let sql = "SELECT count(*) FROM items WHERE value > ?"
        for _ in 0..<4 { #expect(try database.read { try $0.scalar(sql, 15) } == 4) }
        try database.write { try $0.run("UPDATE items SET value = 0 WHERE name = 'Bike'") }
        #expect(database.householdGuardReports.all == [sql: ["items"], "UPDATE items SET value = 0 WHERE name = 'Bike'": ["items"]])
        // A household's statement and server-wide work are not reported.
        _ = try Self.names(in: 1, database)
        _ = try database.read(serverWide: .leftovers) { try $0.scalar("SELECT count(*) FROM items") }
        #expect(database.householdGuardReports.all.count == 2)
    }

    @Test func aHouseholdsSearchTableIsGuardedWhileFTS5ReadsItsShadowTables() throws {
        let file = TemporaryDatabase("guard-fts")
        defer { file.remove() }
        let database = try file.open(Self.schema, householdGuard: Self.enforcing)
        try Self.fill(database)
        let search = SQLIdentifier("item_search", number: 1)
        let household = HouseholdDatabase(database, household: 1)
        try household.write {
            try $0.run("INSERT INTO \(search) (rowid, name) SELECT id, name FROM items WHERE household_id = :household")
        }
        let found = try household.read {
            try $0.rows("""
                SELECT items.name FROM \(search) JOIN items ON items.id = \(search).rowid
                WHERE \(search) MATCH ? AND items.household_id = :household AND items.value IN (\(SQLPlaceholders(2)))
                """, "chair OR sofa", 10, 300) { $0.string(0) }
        }
        #expect(Set(found) == ["Chair", "Sofa"])
        let error = try #require(throws: DatabaseError.self) {
            try database.read { try $0.rows("SELECT rowid FROM item_search_1 WHERE item_search_1 MATCH 'chair'") { $0.int64(0) } }
        }
        #expect(error.message.contains("item_search_1"))
    }

    @Test func aCachedHouseholdStatementIsPreparedAgainWithItsHouseholdAfterASchemaChange() throws {
        let file = TemporaryDatabase("guard-reprepare")
        defer { file.remove() }
        let database = try file.open(Self.schema, readerCount: 1, householdGuard: Self.enforcing)
        try Self.fill(database)
        #expect(try Self.names(in: 2, database) == ["Bike", "Chair"])
        // The reader's cached statement is out of date now: SQLite prepares it again inside its step,
        // where the guard must still see a household's statement.
        try database.write { try $0.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)") }
        #expect(try Self.names(in: 2, database) == ["Bike", "Chair"])
        let server = try database.read(serverWide: .leftovers) { try $0.scalar("SELECT count(*) FROM items") }
        try database.write { try $0.execute("DROP TABLE notes") }
        #expect(try database.read(serverWide: .leftovers) { try $0.scalar("SELECT count(*) FROM items") } == server)
    }
}
