import CSQLite
import Glibc

/// One run of SQLite's online backup API (`sqlite3_backup_init/step/finish`): the last committed
/// state of a source connection copied page by page into a destination connection. Owns the
/// backup handle, and holds both connections for as long as it lives, so neither closes under it.
/// Used by one caller at a time, like a `Connection`.
final class OnlineBackup {
    private let handle: OpaquePointer
    private let source: Connection
    private let destination: Connection
    private var finished = false

    init(from source: Connection, to destination: Connection) throws(DatabaseError) {
        guard let handle = sqlite3_backup_init(destination.handle, "main", source.handle, "main") else {
            throw DatabaseError(code: sqlite3_errcode(destination.handle), connection: destination.handle)
        }
        self.handle = handle
        self.source = source
        self.destination = destination
    }

    deinit {
        if !finished { sqlite3_backup_finish(handle) }
    }

    /// Copies every page in one step: the source's read transaction lasts the whole step, so the copy
    /// is one committed state. In WAL mode writers go on meanwhile; copying a few pages per step
    /// instead would restart whenever another connection commits, and might never end on a busy server.
    /// A busy source (a checkpoint holding a lock, a rollback-mode writer) is waited for up to `patience`.
    func copyEverything(patience: Duration = .seconds(30)) throws(DatabaseError) {
        let deadline = ContinuousClock.now + patience
        var code = sqlite3_backup_step(handle, -1)
        while code == SQLITE_BUSY || code == SQLITE_LOCKED || code == SQLITE_OK {
            if code != SQLITE_OK {
                guard ContinuousClock.now < deadline else { break }
                usleep(20_000)
            }
            code = sqlite3_backup_step(handle, -1)
        }
        finished = true
        let finish = sqlite3_backup_finish(handle)
        guard code == SQLITE_DONE else { throw DatabaseError(code: code, connection: destination.handle) }
        guard finish == SQLITE_OK else { throw DatabaseError(code: finish, connection: destination.handle) }
    }
}

extension Database {
    /// Copies the last committed state of the whole file to a new file at `path` with SQLite's online
    /// backup API, while other connections (this process's or another's) go on reading and writing.
    /// The copy is a single self-contained file (rollback journal, no `-wal` beside it), written to
    /// disk before this returns. Fails if `path` already exists.
    public func backup(to path: String) throws {
        guard access(path, F_OK) != 0 else {
            throw DatabaseError(message: "\(path) already exists; a backup is written to a new file.")
        }
        let destination = try Connection(path: path)
        try read { source in try OnlineBackup(from: source, to: destination).copyEverything() }
        // The copied header says WAL, like the source; a backup is read more often than written, and
        // a file that needs no companions is the one that survives being copied around.
        _ = try destination.scalar("PRAGMA journal_mode = DELETE")
    }
}
