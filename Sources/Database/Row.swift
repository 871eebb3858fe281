import CSQLite

/// The current row of a statement; valid only inside the closure that receives it.
public struct Row {
    let statement: OpaquePointer

    init(statement: OpaquePointer) { self.statement = statement }

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    public func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

    public func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column as whatever type it holds.
    public func value(_ column: Int32) -> DatabaseValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: .integer(int64(column))
        case SQLITE_FLOAT: .real(double(column))
        case SQLITE_TEXT: .text(string(column))
        case SQLITE_BLOB: .blob(blob(column))
        default: .null
        }
    }

    public func optionalString(_ column: Int32) -> String? { isNull(column) ? nil : string(column) }
    public func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    public func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard let bytes = sqlite3_column_blob(statement, column), count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}
