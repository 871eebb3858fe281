import CSQLite

/// A prepared statement. Owned by its `Connection`, used only while that connection is held.
public final class Statement {
    let handle: OpaquePointer
    let connection: OpaquePointer
    public let sql: String
    /// Where `:household` is bound, for a statement run in one household.
    let householdParameter: Int32?
    private let work: ReadWork?

    init(connection: OpaquePointer, sql: String, work: ReadWork? = nil) throws(DatabaseError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw DatabaseError(code: code, connection: connection, sql: sql)
        }
        self.handle = handle
        self.connection = connection
        self.sql = sql
        self.work = work
        householdParameter = Self.householdParameter(of: handle)
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and binds `arguments` to its parameters, in order.
    func reset(binding arguments: [any DatabaseValueConvertible]) throws(DatabaseError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, argument) in arguments.enumerated() {
            try bind(argument.databaseValue, at: Int32(offset + 1))
        }
    }

    /// The number SQLite gave `:household` in `statement` (every use of it shares one), or nil when
    /// the statement does not name it or has a parameter other than it and plain `?`s.
    private static func householdParameter(of statement: OpaquePointer) -> Int32? {
        let index = sqlite3_bind_parameter_index(statement, ":household")
        guard index > 0 else { return nil }
        for other in 1...sqlite3_bind_parameter_count(statement) where other != index {
            guard sqlite3_bind_parameter_name(statement, other) == nil else { return nil }
        }
        return index
    }

    /// Resets the statement, binds `household` to `:household` and `arguments` to the `?`s around
    /// it, in order: SQLite numbers `?`s and `:household` in one sequence, in the order they first
    /// appear, so the store writes its `?`s as it would without the household.
    func reset(binding arguments: [any DatabaseValueConvertible], household: Int64) throws(DatabaseError) {
        guard let householdIndex = householdParameter else { throw .unscoped(sql) }
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        let count = sqlite3_bind_parameter_count(handle)
        guard arguments.count == Int(count) - 1 else {
            throw .argumentCount(arguments.count, expected: Int(count) - 1, sql: sql)
        }
        var remaining = arguments.makeIterator()
        for index in 1...count {
            let value = index == householdIndex ? .integer(household) : remaining.next()!.databaseValue
            try bind(value, at: index)
        }
    }

    private func bind(_ value: DatabaseValue, at index: Int32) throws(DatabaseError) {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let value): code = sqlite3_bind_int64(handle, index, value)
        case .real(let value): code = sqlite3_bind_double(handle, index, value)
        case .text(let value):
            code = value.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    hp_sqlite3_bind_text_copy(handle, index, $0.baseAddress, Int32($0.count))
                }
            } ?? hp_sqlite3_bind_text_copy(handle, index, value, -1)
        case .blob(let value):
            code = value.withUnsafeBytes { hp_sqlite3_bind_blob_copy(handle, index, $0.baseAddress, Int32($0.count)) }
        }
        guard code == SQLITE_OK else { throw DatabaseError(code: code, connection: connection, sql: sql) }
    }

    /// Steps once; true when a row is available.
    func step() throws(DatabaseError) -> Bool {
        let code = sqlite3_step(handle)
        if let work { work.add(steps: sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_VM_STEP, 1)) }
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw DatabaseError(code: code, connection: connection, sql: sql)
        }
    }
}
