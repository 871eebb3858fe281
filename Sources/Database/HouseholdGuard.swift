import CSQLite
import Glibc
import Synchronization

/// How a database guards its household tables — every table with a `household_id` column, and the
/// households' search tables — against statements that do not go through a household's connection
/// (`HouseholdConnection`) or name a `ServerWideWork`. SQLite's authorizer decides as each statement is
/// prepared (and prepared again after a schema change), so a store cannot read or write a household's
/// rows without naming the household.
public struct HouseholdGuard: Sendable {
    public enum Mode: Sendable {
        /// Such a statement runs, and is logged once per statement text (while the stores are moved over).
        case report
        /// Such a statement cannot be prepared: it throws, naming the table.
        case enforce
    }

    public let mode: Mode
    /// The households' FTS5 search tables, read from the database as it opens. A virtual table has no
    /// `household_id` column to find it by; its shadow tables (`…_data`, `…_idx`) are never named,
    /// since FTS5's own statements read them.
    public let searchTables: @Sendable (Connection) throws -> [String]

    public init(_ mode: Mode, searchTables: @escaping @Sendable (Connection) throws -> [String] = { _ in [] }) {
        self.mode = mode
        self.searchTables = searchTables
    }

    public static let report = HouseholdGuard(.report)

    /// The household tables of the database `connection` has open, in lower case. The households'
    /// own tables (`household_members`, `household_invitations`, `household_sequences`: who belongs
    /// where) are not among them: they are read across households by design (an account's
    /// households), and their store, `HouseholdStore`, names the household in each statement itself.
    func tables(in connection: Connection) throws -> Set<String> {
        let withColumn = try connection.rows("""
            SELECT DISTINCT m.name FROM sqlite_master m, pragma_table_info(m.name) p
            WHERE m.type = 'table' AND p.name = 'household_id' AND substr(m.name, 1, 10) <> 'household_'
            """) { $0.string(0) }
        return Set((withColumn + (try searchTables(connection))).map { $0.lowercased() })
    }
}

/// The statements a database's guard let through in report mode, by text, with the household tables
/// each touched. While the stores are moved over nearly every statement is one, so each is written to
/// standard error (the first time only) when `HOMEPWNER_HOUSEHOLD_GUARD=log` asks, to see what is
/// left; otherwise only kept, up to `limit` texts (statements whose lists of values vary in length).
package final class HouseholdGuardReports: Sendable {
    private let statements = Mutex<[String: Set<String>]>([:])
    private let logs = getenv("HOMEPWNER_HOUSEHOLD_GUARD").map { String(cString: $0) } == "log"
    static let limit = 2_000

    init() {}

    package var all: [String: Set<String>] { statements.withLock { $0 } }

    func record(sql: String, table: String) {
        let isNew = statements.withLock { statements in
            guard statements[sql] != nil || statements.count < Self.limit else { return false }
            defer { statements[sql, default: []].insert(table) }
            return statements[sql] == nil
        }
        if isNew && logs {
            var line = "homepwner: household guard: «\(sql)» touches the household table \(table) outside a household’s connection (reported, not refused)\n"
            line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }
}

/// What a statement prepared on a connection may touch: a plain statement no household table, a
/// household's statement any, a household's statement that names only its own table (its search
/// table) that table alone, a plain statement lent for server-wide work any.
enum StatementAccess: Hashable {
    case plain
    case household
    case ownTable(String)
    case serverWide(ServerWideWork)
}

/// One connection's side of the guard: SQLite calls `decide` (through the `void *` it was given, this
/// object unretained; `Connection` owns both it and the handle) for each table a statement being
/// prepared reads or writes.
final class StatementAuthorizer {
    private(set) var tables: Set<String> = []
    private(set) var mode: HouseholdGuard.Mode = .report
    private let reports: HouseholdGuardReports
    /// The call under way on the connection: the statement's text and what it may touch. It covers the
    /// steps too, since SQLite prepares a statement again inside `sqlite3_step` after a schema change.
    var call: (sql: String, access: StatementAccess) = ("", .plain)
    private var refusal: DatabaseError?

    init(reports: HouseholdGuardReports) { self.reports = reports }

    func guardTables(_ tables: Set<String>, mode: HouseholdGuard.Mode) {
        self.tables = tables
        self.mode = mode
    }

    func decide(action: Int32, table: UnsafePointer<CChar>?) -> Int32 {
        guard !tables.isEmpty, let table else { return SQLITE_OK }
        let own: String?
        switch call.access {
        case .household, .serverWide: return SQLITE_OK
        case .plain: own = nil
        case .ownTable(let name): own = name
        }
        switch action {
        case SQLITE_READ, SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE: break
        default: return SQLITE_OK
        }
        let name = String(cString: table).lowercased()
        guard tables.contains(name), name != own else { return SQLITE_OK }
        switch mode {
        case .report:
            reports.record(sql: call.sql, table: name)
            return SQLITE_OK
        case .enforce:
            if refusal == nil { refusal = .outsideHousehold(table: name, sql: call.sql) }
            return SQLITE_DENY
        }
    }

    /// The refusal behind the error SQLite just returned, if the guard refused, instead of SQLite's
    /// "not authorized".
    func explained(_ error: DatabaseError) -> DatabaseError {
        defer { refusal = nil }
        return refusal ?? error
    }
}
