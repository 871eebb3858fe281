import CSQLite

/// One SQLite connection. Not thread-safe: a `Database` owns each one and lends it to one caller at a time.
public final class Connection {
    let handle: OpaquePointer
    private var statements: [String: Statement] = [:]
    /// Where a reader's statements count their steps; nil for the writer.
    private let work: ReadWork?

    /// Opens (creating if needed) the database file at `path`.
    init(path: String, readOnly: Bool = false, work: ReadWork? = nil) throws(DatabaseError) {
        var handle: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = DatabaseError(code: code, connection: handle, sql: nil)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        self.work = work
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, 5_000)
        try execute("PRAGMA foreign_keys = ON")
        // FULL: a commit is on disk before it is acknowledged, so no acknowledged write is lost.
        try execute("PRAGMA synchronous = FULL")
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that take no arguments and return no rows.
    public func execute(_ sql: String) throws(DatabaseError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw DatabaseError(code: code, connection: handle, sql: sql) }
    }

    /// Runs one statement with arguments, ignoring any rows.
    public func run(_ sql: String, _ arguments: any DatabaseValueConvertible...) throws(DatabaseError) {
        try run(sql, arguments: arguments)
    }

    /// Runs one statement with an array of arguments (a statement whose parameters are counted at run time).
    public func run(_ sql: String, arguments: [any DatabaseValueConvertible]) throws(DatabaseError) {
        let statement = try prepared(sql)
        try statement.reset(binding: arguments)
        while try statement.step() {}
    }

    /// Calls `body` for each row of the query.
    public func forEachRow(
        _ sql: String, _ arguments: [any DatabaseValueConvertible] = [], _ body: (Row) throws -> Void
    ) throws {
        let statement = try prepared(sql)
        try statement.reset(binding: arguments)
        defer { sqlite3_reset(statement.handle) }
        while try statement.step() {
            try body(Row(statement: statement.handle))
        }
    }

    /// The rows of the query, each turned into a value by `decode`.
    public func rows<T>(
        _ sql: String, _ arguments: any DatabaseValueConvertible..., decode: (Row) throws -> T
    ) throws -> [T] {
        try rows(sql, arguments: arguments, decode: decode)
    }

    public func rows<T>(
        _ sql: String, arguments: [any DatabaseValueConvertible], decode: (Row) throws -> T
    ) throws -> [T] {
        var result: [T] = []
        try forEachRow(sql, arguments) { result.append(try decode($0)) }
        return result
    }

    /// The first row of the query, or nil.
    public func firstRow<T>(
        _ sql: String, _ arguments: any DatabaseValueConvertible..., decode: (Row) throws -> T
    ) throws -> T? {
        try firstRow(sql, arguments: arguments, decode: decode)
    }

    public func firstRow<T>(
        _ sql: String, arguments: [any DatabaseValueConvertible], decode: (Row) throws -> T
    ) throws -> T? {
        let statement = try prepared(sql)
        try statement.reset(binding: arguments)
        defer { sqlite3_reset(statement.handle) }
        return try statement.step() ? try decode(Row(statement: statement.handle)) : nil
    }

    /// The integer in the first column of the first row, or nil.
    public func scalar(_ sql: String, _ arguments: any DatabaseValueConvertible...) throws -> Int64? {
        try scalar(sql, arguments: arguments)
    }

    public func scalar(_ sql: String, arguments: [any DatabaseValueConvertible]) throws -> Int64? {
        let statement = try prepared(sql)
        try statement.reset(binding: arguments)
        defer { sqlite3_reset(statement.handle) }
        guard try statement.step() else { return nil }
        return Row(statement: statement.handle).optionalInt64(0)
    }

    /// The rowid of the last successful insert on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in a transaction: committed if it returns, rolled back if it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func prepared(_ sql: String) throws(DatabaseError) -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try Statement(connection: handle, sql: sql, work: work)
        statements[sql] = statement
        return statement
    }
}
