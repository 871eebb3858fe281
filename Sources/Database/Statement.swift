import CSQLite

/// A prepared statement. Owned by its `Connection`, used only while that connection is held.
public final class Statement {
    let handle: OpaquePointer
    let connection: OpaquePointer
    public let sql: String
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
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and binds `arguments` to its parameters, in order.
    func reset(binding arguments: [any DatabaseValueConvertible]) throws(DatabaseError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch argument.databaseValue {
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
