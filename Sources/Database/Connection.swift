import CSQLite

/// One SQLite connection. Not thread-safe: a `Database` owns each one and lends it to one caller at a time.
public final class Connection {
    let handle: OpaquePointer
    /// Prepared statements by their text and what they were prepared to touch: the guard decides as a
    /// statement is prepared, so one prepared for a household or a server-wide reason is never reused
    /// by a plain call.
    private var statements: [StatementKey: Statement] = [:]
    /// Where a reader's statements count their steps; nil for the writer.
    private let work: ReadWork?
    /// The household guard's state for this connection; SQLite holds it unretained, so it lives as
    /// long as the handle.
    private let authorizer: StatementAuthorizer
    /// The server-wide work the connection is lent for (`Database.write(serverWide:)`), if any.
    private var serverWideWork: ServerWideWork?

    /// Opens (creating if needed) the database file at `path`.
    init(path: String, readOnly: Bool = false, work: ReadWork? = nil,
         reports: HouseholdGuardReports = HouseholdGuardReports()) throws(DatabaseError) {
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
        let authorizer = StatementAuthorizer(reports: reports)
        self.authorizer = authorizer
        sqlite3_set_authorizer(handle, { state, action, table, _, _, _ in
            Unmanaged<StatementAuthorizer>.fromOpaque(state!).takeUnretainedValue().decide(action: action, table: table)
        }, Unmanaged.passUnretained(authorizer).toOpaque())
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

    /// Starts guarding `tables` (once the database is open and upgraded). The statements prepared
    /// before were not checked against them, so they are prepared again when next used.
    func guardHouseholdTables(_ tables: Set<String>, mode: HouseholdGuard.Mode) {
        statements.removeAll()
        authorizer.guardTables(tables, mode: mode)
    }

    /// Runs `body` with this connection's plain statements allowed to touch household tables for `reason`.
    func permitting<T>(_ reason: ServerWideWork, _ body: () throws -> T) rethrows -> T {
        let previous = serverWideWork
        serverWideWork = reason
        defer { serverWideWork = previous }
        return try body()
    }

    private var plain: StatementScope { StatementScope(access: serverWideWork.map { .serverWide($0) } ?? .plain, household: nil) }

    /// Runs one or more statements that take no arguments and return no rows.
    public func execute(_ sql: String) throws(DatabaseError) {
        try during(sql, plain) { () throws(DatabaseError) in
            let code = sqlite3_exec(handle, sql, nil, nil, nil)
            guard code == SQLITE_OK else { throw authorizer.explained(DatabaseError(code: code, connection: handle, sql: sql)) }
        }
    }

    /// Runs one statement with arguments, ignoring any rows.
    public func run(_ sql: String, _ arguments: any DatabaseValueConvertible...) throws(DatabaseError) {
        try run(sql, arguments: arguments)
    }

    /// Runs one statement with an array of arguments (a statement whose parameters are counted at run time).
    public func run(_ sql: String, arguments: [any DatabaseValueConvertible]) throws(DatabaseError) {
        try run(sql, in: plain, arguments: arguments)
    }

    /// Calls `body` for each row of the query.
    public func forEachRow(
        _ sql: String, _ arguments: [any DatabaseValueConvertible] = [], _ body: (Row) throws -> Void
    ) throws {
        try forEachRow(sql, in: plain, arguments, body)
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
        try firstRow(sql, in: plain, arguments: arguments, decode: decode)
    }

    /// The integer in the first column of the first row, or nil.
    public func scalar(_ sql: String, _ arguments: any DatabaseValueConvertible...) throws -> Int64? {
        try scalar(sql, arguments: arguments)
    }

    public func scalar(_ sql: String, arguments: [any DatabaseValueConvertible]) throws -> Int64? {
        try firstRow(sql, in: plain, arguments: arguments) { $0.optionalInt64(0) } ?? nil
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

    // The verbs in a scope: a plain call's, a server-wide one's or a household's (`HouseholdConnection`).

    func run(_ sql: String, in scope: StatementScope, arguments: [any DatabaseValueConvertible]) throws(DatabaseError) {
        try during(sql, scope) { () throws(DatabaseError) in
            let statement = try bound(sql, scope, arguments)
            while try step(statement) {}
        }
    }

    func forEachRow(
        _ sql: String, in scope: StatementScope, _ arguments: [any DatabaseValueConvertible], _ body: (Row) throws -> Void
    ) throws {
        try during(sql, scope) {
            let statement = try bound(sql, scope, arguments)
            defer { sqlite3_reset(statement.handle) }
            while try step(statement) {
                try body(Row(statement: statement.handle))
            }
        }
    }

    func firstRow<T>(
        _ sql: String, in scope: StatementScope, arguments: [any DatabaseValueConvertible], decode: (Row) throws -> T
    ) throws -> T? {
        try during(sql, scope) {
            let statement = try bound(sql, scope, arguments)
            defer { sqlite3_reset(statement.handle) }
            return try step(statement) ? try decode(Row(statement: statement.handle)) : nil
        }
    }

    /// Runs `body` as one call in `scope`: what the authorizer allows while it prepares `sql` and
    /// while it steps (SQLite prepares again inside a step after a schema change). Calls made inside
    /// (a query in `forEachRow`'s body) have their own, and the outer one's comes back after.
    private func during<T, E: Error>(_ sql: String, _ scope: StatementScope, _ body: () throws(E) -> T) throws(E) -> T {
        let previous = authorizer.call
        authorizer.call = (sql, scope.access)
        defer { authorizer.call = previous }
        return try body()
    }

    private func bound(
        _ sql: String, _ scope: StatementScope, _ arguments: [any DatabaseValueConvertible]
    ) throws(DatabaseError) -> Statement {
        let statement = try prepared(sql, scope.access)
        if let household = scope.household {
            try statement.reset(binding: arguments, household: household)
        } else {
            try statement.reset(binding: arguments)
        }
        return statement
    }

    private func step(_ statement: Statement) throws(DatabaseError) -> Bool {
        do {
            return try statement.step()
        } catch {
            throw authorizer.explained(error)
        }
    }

    private func prepared(_ sql: String, _ access: StatementAccess) throws(DatabaseError) -> Statement {
        let key = StatementKey(sql: sql, access: access)
        if let statement = statements[key] { return statement }
        let statement: Statement
        do {
            statement = try Statement(connection: handle, sql: sql, work: work)
        } catch {
            throw authorizer.explained(error)
        }
        // A household's statement that does not name its household is refused before it ever runs.
        if access == .household, statement.householdParameter == nil { throw .unscoped(sql) }
        statements[key] = statement
        return statement
    }
}

/// A cached statement's key: its text and what it was prepared to touch.
private struct StatementKey: Hashable {
    let sql: String
    let access: StatementAccess
}

/// What one call may touch and, for a household's, the household bound to `:household`.
struct StatementScope {
    let access: StatementAccess
    let household: Int64?

    static func household(_ id: Int64) -> StatementScope { StatementScope(access: .household, household: id) }
}
