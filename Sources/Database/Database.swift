import Synchronization

/// A database file: one writer connection and a few readers, each owned here and lent to one caller
/// at a time. WAL lets readers run beside the writer.
public final class Database: Sendable {
    public let path: String
    private let writer: ConnectionOwner
    private let readers: [ConnectionOwner]
    private let nextReader = Atomic<Int>(0)
    /// What the readers did, for tests that count a page's reads.
    package let readWork = ReadWork()
    /// What the household guard let through in report mode, for the tests.
    package let householdGuardReports = HouseholdGuardReports()
    /// Whether closing folds the WAL into the file (not for a file opened only to read).
    private let checkpointsOnClose: Bool

    /// Opens the file at `path`, switching it to WAL and applying `migrations` (one list, counted by
    /// `user_version`). `householdGuard` guards the household tables found once they are applied.
    public convenience init(path: String, migrations: [Migration], readerCount: Int = 4, householdGuard: HouseholdGuard = .report) throws {
        try self.init(path: path, readerCount: readerCount, householdGuard: householdGuard) { try $0.migrate(migrations) }
    }

    /// Opens the file at `path`, switching it to WAL and applying each module's schema.
    public convenience init(path: String, schemas: [Schema], readerCount: Int = 4, householdGuard: HouseholdGuard = .report) throws {
        try self.init(path: path, readerCount: readerCount, householdGuard: householdGuard) { try $0.migrate(schemas) }
    }

    /// Opens an existing file for reading only, as it is: no migration, no switch to WAL, nothing
    /// created beside it, and every `write` fails. For a copy that must stay byte for byte what it
    /// was (a backup being checked or read).
    public init(readingOnly path: String, readerCount: Int = 1, householdGuard: HouseholdGuard = .report) throws {
        self.path = path
        checkpointsOnClose = false
        let reports = householdGuardReports
        let writer = try Connection(path: path, readOnly: true, reports: reports)
        let tables = try householdGuard.tables(in: writer)
        writer.guardHouseholdTables(tables, mode: householdGuard.mode)
        self.writer = ConnectionOwner(writer)
        let work = readWork
        readers = try (0..<max(1, readerCount)).map { _ in
            let reader = try Connection(path: path, readOnly: true, work: work, reports: reports)
            reader.guardHouseholdTables(tables, mode: householdGuard.mode)
            return ConnectionOwner(reader)
        }
    }

    /// Migrations are not guarded: the household tables are read once they have run.
    private init(path: String, readerCount: Int, householdGuard: HouseholdGuard, migrate: (Connection) throws -> Bool) throws {
        self.path = path
        checkpointsOnClose = true
        let writer = try Connection(path: path, reports: householdGuardReports)
        try writer.execute("PRAGMA journal_mode = WAL")
        if try migrate(writer) {
            // An upgrade goes into the file itself at once: what a migration erased (secure_delete
            // zeroes it) is then gone from the disk, not kept in the file's old pages until a
            // checkpoint comes (the last connection to close is a reader, which never makes one).
            try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let tables = try householdGuard.tables(in: writer)
        writer.guardHouseholdTables(tables, mode: householdGuard.mode)
        self.writer = ConnectionOwner(writer)
        var readers: [ConnectionOwner] = []
        for _ in 0..<max(1, readerCount) {
            let reader = try Connection(path: path, readOnly: true, work: readWork, reports: householdGuardReports)
            reader.guardHouseholdTables(tables, mode: householdGuard.mode)
            readers.append(ConnectionOwner(reader))
        }
        self.readers = readers
    }

    /// Folds the WAL into the file, so that the file alone holds every commit: someone who copies a
    /// stopped server's `homepwner.sqlite` without its `-wal` (as people copy a stopped program's data)
    /// copies everything. SQLite would do it as the last connection closes, but that one is a reader
    /// here, which cannot. Called as a server stops, once nothing writes any more, and as this closes.
    public func foldWALIntoFile() {
        guard checkpointsOnClose else { return }
        _ = try? writer.withConnection { try $0.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    deinit { foldWALIntoFile() }

    /// Runs `body` with a reader connection; it sees the last committed state. Each query is a read
    /// transaction of its own: a commit between two of them is seen by the second only.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        readWork.addTransaction()
        let start = nextReader.wrappingAdd(1, ordering: .relaxed).oldValue & Int.max
        for offset in 0..<readers.count {
            if let result = try readers[(start + offset) % readers.count].withConnectionIfAvailable(body) {
                return result
            }
        }
        return try readers[start % readers.count].withConnection(body)
    }

    /// Runs `body` in one read transaction (a snapshot): every query in it sees the same committed
    /// state, whatever commits meanwhile, so rows read apart (a claim and its items) belong together.
    public func readTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try read { connection in
            try connection.execute("BEGIN")
            defer { try? connection.execute("COMMIT") }
            return try body(connection)
        }
    }

    /// Runs `body` in a write transaction: committed (and on disk) if it returns, rolled back if it throws.
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try writer.withConnection { connection in
            try connection.transaction { try body(connection) }
        }
    }
}

extension Database {
    /// `read`, with the connection's statements allowed to touch household tables for `reason`.
    public func read<T>(serverWide reason: ServerWideWork, _ body: (Connection) throws -> T) throws -> T {
        try read { connection in try connection.permitting(reason) { try body(connection) } }
    }

    /// `readTransaction`, with the connection's statements allowed to touch household tables for `reason`.
    public func readTransaction<T>(serverWide reason: ServerWideWork, _ body: (Connection) throws -> T) throws -> T {
        try readTransaction { connection in try connection.permitting(reason) { try body(connection) } }
    }

    /// `write`, with the connection's statements allowed to touch household tables for `reason`.
    public func write<T>(serverWide reason: ServerWideWork, _ body: (Connection) throws -> T) throws -> T {
        try write { connection in try connection.permitting(reason) { try body(connection) } }
    }
}

/// The single owner of one connection: lends it to one caller at a time. Unchecked because the
/// lock, not the type system, keeps the connection to one thread at a time.
final class ConnectionOwner: @unchecked Sendable {
    private let lock = Mutex<Void>(())
    private let connection: Connection

    init(_ connection: Connection) { self.connection = connection }

    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        try lock.withLock { _ in try body(connection) }
    }

    func withConnectionIfAvailable<T>(_ body: (Connection) throws -> T) throws -> T? {
        try lock.withLockIfAvailable { _ in try body(connection) }
    }
}
