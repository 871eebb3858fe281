import Database
import Foundation
import Testing

/// `write` is all or nothing; readers see what was committed.
@Suite struct TransactionTests {
    static let schema = [Migration(version: 1, sql: """
        CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE pets (id INTEGER PRIMARY KEY, owner_id INTEGER NOT NULL REFERENCES owners(id), age INTEGER CHECK (age >= 0));
        """)]

    static func ownerNames(_ database: Database) throws -> [String] {
        try database.read { try $0.rows("SELECT name FROM owners ORDER BY id") { $0.string(0) } }
    }

    @Test func writeCommitsOnReturnAndReaderSeesIt() throws {
        let file = TemporaryDatabase("tx-commit")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        let id = try database.write { connection in
            try connection.run("INSERT INTO owners (name) VALUES (?)", "Ann")
            return connection.lastInsertRowID
        }
        #expect(id == 1)
        #expect(try Self.ownerNames(database) == ["Ann"])
    }

    @Test func writeRollsBackEverythingWhenBodyThrows() throws {
        let file = TemporaryDatabase("tx-rollback")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        try database.write { try $0.run("INSERT INTO owners (name) VALUES (?)", "Kept") }
        #expect(throws: TestFailure(reason: "stop")) {
            try database.write { connection in
                try connection.run("INSERT INTO owners (name) VALUES (?)", "Half 1")
                try connection.run("UPDATE owners SET name = 'Changed' WHERE name = 'Kept'")
                throw TestFailure(reason: "stop")
            }
        }
        #expect(try Self.ownerNames(database) == ["Kept"])
        // The writer is usable again afterwards.
        try database.write { try $0.run("INSERT INTO owners (name) VALUES (?)", "After") }
        #expect(try Self.ownerNames(database) == ["Kept", "After"])
    }

    @Test func failedStatementRollsBackEarlierStatementsOfTheSameWrite() throws {
        let file = TemporaryDatabase("tx-constraint")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        try database.write { try $0.run("INSERT INTO owners (name) VALUES (?)", "Ann") }
        let error = #expect(throws: DatabaseError.self) {
            try database.write { connection in
                try connection.run("INSERT INTO owners (name) VALUES (?)", "Bob")
                try connection.run("INSERT INTO owners (name) VALUES (?)", "Ann")
            }
        }
        #expect(error?.isConstraintViolation == true)
        #expect(error?.code == 19)
        #expect(error?.extendedCode == 2067) // SQLITE_CONSTRAINT_UNIQUE
        #expect(error?.message.contains("UNIQUE") == true)
        #expect(try Self.ownerNames(database) == ["Ann"])
    }

    @Test func foreignKeysAreEnforced() throws {
        let file = TemporaryDatabase("tx-fk")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        let error = #expect(throws: DatabaseError.self) {
            try database.write { try $0.run("INSERT INTO pets (owner_id, age) VALUES (?, ?)", 42, 3) }
        }
        #expect(error?.isConstraintViolation == true)
        #expect(error?.extendedCode == 787) // SQLITE_CONSTRAINT_FOREIGNKEY
        #expect(try database.read { try $0.scalar("PRAGMA foreign_keys") } == 1)
        #expect(try database.write { try $0.scalar("PRAGMA foreign_keys") } == 1)
    }

    @Test func checkAndNotNullViolationsAreConstraintViolations() throws {
        let file = TemporaryDatabase("tx-check")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        try database.write { try $0.run("INSERT INTO owners (name) VALUES (?)", "Ann") }
        let check = #expect(throws: DatabaseError.self) {
            try database.write { try $0.run("INSERT INTO pets (owner_id, age) VALUES (?, ?)", 1, -1) }
        }
        #expect(check?.isConstraintViolation == true)
        let notNull = #expect(throws: DatabaseError.self) {
            try database.write { try $0.run("INSERT INTO owners (name) VALUES (?)", String?.none) }
        }
        #expect(notNull?.isConstraintViolation == true)
        #expect(notNull?.isBusy == false)
    }

    @Test func syntaxErrorIsNotAConstraintViolationAndNamesTheStatement() throws {
        let file = TemporaryDatabase("tx-syntax")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        let error = #expect(throws: DatabaseError.self) {
            try database.write { try $0.run("INSERT INTO nowhere VALUES (1)") }
        }
        #expect(error?.isConstraintViolation == false)
        #expect(error?.sql == "INSERT INTO nowhere VALUES (1)")
        #expect(error?.description.contains("no such table: nowhere") == true, "\(String(describing: error))")
    }

    @Test func committedWriteIsVisibleToAnotherDatabaseOnTheSameFile() throws {
        let file = TemporaryDatabase("tx-second")
        defer { file.remove() }
        let first = try file.open(Self.schema)
        try first.write { try $0.run("INSERT INTO owners (name) VALUES (?)", "Ann") }
        let second = try file.open(Self.schema)
        #expect(try Self.ownerNames(second) == ["Ann"])
    }
}
