import Database
import Foundation
import Testing

/// Values stored through bound parameters come back exactly as they went in.
@Suite struct ValueRoundTripTests {
    static let schema = [Migration(version: 1, sql: "CREATE TABLE v (id INTEGER PRIMARY KEY, t TEXT, b BLOB, i INTEGER, r REAL)")]

    @Test(arguments: [
        "",
        "plain",
        #"It's a "quoted" name"#,
        "'); DROP TABLE v; --",
        "📷 Camera カメラ 相机 카메라 👨‍👩‍👧‍👦 🇯🇵",
        "e\u{301} vs é", // decomposed and precomposed stay distinct
        "line one\nline two\ttab",
        String(repeating: "長", count: 100_000),
    ])
    func textRoundTrips(_ text: String) throws {
        let file = TemporaryDatabase("text")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        try database.write { try $0.run("INSERT INTO v (t) VALUES (?)", text) }
        let stored = try database.read { try $0.firstRow("SELECT t, length(CAST(t AS BLOB)) FROM v") { ($0.optionalString(0), $0.int(1)) } }
        #expect(stored?.0 == text)
        #expect(stored?.0?.unicodeScalars.elementsEqual(text.unicodeScalars) == true)
        #expect(stored?.1 == text.utf8.count)
    }

    @Test func textIsQueryableByEquality() throws {
        let file = TemporaryDatabase("text-eq")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        let name = #"O'Brien "the" <b>"#
        try database.write { try $0.run("INSERT INTO v (t) VALUES (?)", name) }
        #expect(try database.read { try $0.scalar("SELECT count(*) FROM v WHERE t = ?", name) } == 1)
    }

    @Test(arguments: [
        [UInt8](),
        [0],
        Array(0...255),
        Array(repeating: 0xFF, count: 1_000_000),
    ])
    func blobRoundTrips(_ bytes: [UInt8]) throws {
        let file = TemporaryDatabase("blob")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        try database.write { try $0.run("INSERT INTO v (b) VALUES (?)", bytes) }
        let stored = try database.read { try $0.firstRow("SELECT b, b IS NULL FROM v") { ($0.blob(0), $0.int(1)) } }
        #expect(stored?.0 == bytes)
        #expect(stored?.1 == 0, "an empty blob must be stored as an empty blob, not NULL")
    }

    @Test func numbersNullsAndBooleansRoundTrip() throws {
        let file = TemporaryDatabase("numbers")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        try database.write { connection in
            try connection.run("INSERT INTO v (id, i, r, t) VALUES (?, ?, ?, ?)", 1, Int64.max, 3.25, String?.none)
            try connection.run("INSERT INTO v (id, i, r, t) VALUES (?, ?, ?, ?)", 2, Int64.min, -0.5, Optional("x"))
            try connection.run("INSERT INTO v (id, i) VALUES (?, ?)", 3, true)
        }
        let rows = try database.read {
            try $0.rows("SELECT i, r, t FROM v ORDER BY id") { ($0.int64(0), $0.double(1), $0.optionalString(2)) }
        }
        #expect(rows.count == 3)
        #expect(rows[0].0 == Int64.max && rows[0].1 == 3.25 && rows[0].2 == nil)
        #expect(rows[1].0 == Int64.min && rows[1].1 == -0.5 && rows[1].2 == "x")
        #expect(rows[2].0 == 1)
    }

    @Test func reusedStatementBindsFreshArguments() throws {
        let file = TemporaryDatabase("rebind")
        defer { file.remove() }
        let database = try file.open(Self.schema)
        try database.write { connection in
            for index in 0..<50 { try connection.run("INSERT INTO v (i, t) VALUES (?, ?)", index, "n\(index)") }
        }
        let names = try database.read { connection in
            try (0..<50).map { index in try connection.firstRow("SELECT t FROM v WHERE i = ?", index) { $0.string(0) } }
        }
        #expect(names == (0..<50).map { "n\($0)" })
    }
}
