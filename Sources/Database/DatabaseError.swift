import CSQLite
import Glibc

/// An SQLite result code that is not success, with the message and the statement that caused it.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, …).
    public let code: Int32
    /// The extended result code (`SQLITE_CONSTRAINT_FOREIGNKEY`, …).
    public let extendedCode: Int32
    public let message: String
    public let sql: String?
    /// The operating system's errno behind an I/O error (`ENOSPC`, …), 0 when there was none.
    public let systemErrno: Int32

    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        self.extendedCode = connection.map { sqlite3_extended_errcode($0) } ?? code
        self.code = code & 0xff
        self.systemErrno = connection.map { sqlite3_system_errno($0) } ?? 0
        self.message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        self.sql = sql
    }

    public init(message: String) {
        self.code = SQLITE_ERROR
        self.extendedCode = SQLITE_ERROR
        self.message = message
        self.sql = nil
        self.systemErrno = 0
    }

    private init(code: Int32, extendedCode: Int32, systemErrno: Int32, message: String) {
        self.code = code
        self.extendedCode = extendedCode
        self.systemErrno = systemErrno
        self.message = message
        self.sql = nil
    }

    private init(code: Int32, message: String, sql: String) {
        self.code = code
        self.extendedCode = code
        self.systemErrno = 0
        self.message = message
        self.sql = sql
    }

    /// A household's statement that does not name its household.
    static func unscoped(_ sql: String) -> DatabaseError {
        DatabaseError(code: SQLITE_MISUSE, message: "A household’s statement must name its household as :household (as in “WHERE household_id = :household”), and its other parameters must be plain ?s; this one does not", sql: sql)
    }

    /// A household's statement given more or fewer arguments than its `?`s.
    static func argumentCount(_ given: Int, expected: Int, sql: String) -> DatabaseError {
        DatabaseError(code: SQLITE_RANGE, message: "The statement takes \(expected) arguments besides :household; \(given) were given", sql: sql)
    }

    /// A statement on a household table through a plain connection, refused by the guard.
    static func outsideHousehold(table: String, sql: String) -> DatabaseError {
        DatabaseError(code: SQLITE_AUTH, message: "The table \(table) holds households’ rows: a statement on it must go through a household’s connection (HouseholdDatabase) or name its ServerWideWork", sql: sql)
    }

    /// This error, as the reason an upgrade stopped (keeping its code: a full disk stays one).
    func upgradeStopped(at migration: String, from version: Int64) -> DatabaseError {
        DatabaseError(code: code, extendedCode: extendedCode, systemErrno: systemErrno,
                      message: "Upgrading the database stopped at \(migration) (from version \(version)): \(message). Nothing was changed: the file is as it was before. Restore a backup or report this with the message.")
    }

    /// The household guard refused the statement: it touches a household table outside a household's connection.
    public var isOutsideHousehold: Bool { code == SQLITE_AUTH }
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }
    /// The disk (or the user's quota) had no room for the write: `SQLITE_FULL`, or an I/O error whose
    /// errno says so (growing the WAL's index, for one). Nothing was committed; freeing space is the cure.
    public var isDiskFull: Bool {
        code == SQLITE_FULL || (code == SQLITE_IOERR && (systemErrno == ENOSPC || systemErrno == EDQUOT))
    }

    public var description: String {
        "SQLite error \(extendedCode): \(message)" + (sql.map { " in «\($0)»" } ?? "")
    }
}
