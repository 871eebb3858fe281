import Clocks
import Database
import Foundation
@preconcurrency import Glibc
import Synchronization

/// Resumable uploads: their rows in the database, their bytes in a folder of the data folder (one
/// file per upload, named by its id), so an upload outlives a restart. At most one writer per upload
/// at a time (`beginWriting`, `handOff`), held in memory: a restart ends every writer anyway.
public final class UploadStore: Sendable {
    public let database: Database
    public let folder: URL
    public let clock: any TimeSource
    public let limits: UploadLimits
    /// Uploads a request is writing or handing over now.
    private let busy = Mutex<Set<String>>([])

    public init(database: Database, folder: URL, clock: any TimeSource = WallClock(), limits: UploadLimits) throws {
        self.database = database
        self.folder = folder
        self.clock = clock
        self.limits = limits
        if mkdir(folder.path, 0o700) != 0, errno != EEXIST { throw UploadError.storage(errno: errno) }
    }

    /// Where an upload's bytes are.
    public func path(of id: String) -> String { folder.appendingPathComponent(id).path }

    // MARK: Creation

    /// A new upload of `length` bytes for `account`, or the one it already has for the same
    /// `captureID` (unfinished or finished, not expired): a client that lost the answer to its
    /// creation gets the same upload again, never a second. `isNew` says which.
    public func create(account: Int64, length: Int, filename: String = "", filetype: String = "",
                       captureID: String? = nil) throws -> (upload: Upload, isNew: Bool) {
        guard length <= limits.maxLength else { throw UploadError.tooLarge(limit: limits.maxLength) }
        let now = clock.now, nowMS = Self.ms(now)
        let id = Self.newID()
        let path = path(of: id)
        var madeFile = false
        defer { if madeFile, (try? upload(id: id, account: account)) == nil { unlink(path) } }
        return try database.write(serverWide: .accountUploads) { connection in
            if let captureID, let existing = try connection.firstRow(
                "\(Self.columns) WHERE account_id = ? AND capture_id = ? AND expires_ms > ? ORDER BY created_ms DESC",
                account, captureID, nowMS, decode: Self.upload) {
                return (existing, false)
            }
            let (count, bytes) = try connection.firstRow(
                "SELECT count(*), coalesce(sum(length), 0) FROM uploads WHERE account_id = ? AND offset < length AND expires_ms > ?",
                account, nowMS) { ($0.int(0), $0.int(1)) } ?? (0, 0)
            if count + 1 > limits.maxUnfinished || bytes + length > limits.maxUnfinishedBytes {
                throw UploadError.quota(uploads: count, bytes: bytes, maxUploads: limits.maxUnfinished, maxBytes: limits.maxUnfinishedBytes)
            }
            // The file first, then the row that names it (a crash between leaves a file no row names,
            // cleared at the next start).
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw UploadError.storage(errno: errno) }
            close(descriptor)
            madeFile = true
            let expires = now.addingTimeInterval(limits.lifetime)
            try connection.run("""
                INSERT INTO uploads (id, account_id, length, offset, filename, filetype, capture_id, created_ms, written_ms, expires_ms)
                VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?, ?)
                """, id, account, length, filename, filetype, captureID, nowMS, nowMS, Self.ms(expires))
            let upload = Upload(id: id, accountID: account, length: length, offset: 0, filename: filename, filetype: filetype,
                                captureID: captureID, created: Self.date(nowMS), lastWritten: Self.date(nowMS),
                                expires: Self.date(Self.ms(expires)), handOff: nil)
            return (upload, true)
        }
    }

    /// The upload, when `account` has it and it has not expired; nil otherwise (all alike).
    public func upload(id: String, account: Int64) throws -> Upload? {
        guard Upload.isID(id) else { return nil }
        return try database.read(serverWide: .accountUploads) { connection in
            try connection.firstRow("\(Self.columns) WHERE id = ? AND account_id = ? AND expires_ms > ?", id, account, Self.ms(clock.now),
                                    decode: Self.upload)
        }
    }

    // MARK: Writing

    /// Takes the upload for writing at `offset`, which must be the server's: one writer at a time.
    /// - Parameter checksum: the algorithm of the chunk's checksum, when the client sent one: the
    ///   chunk then counts only once the digest matches (`UploadWriter.finish(expectedDigest:)`).
    public func beginWriting(id: String, account: Int64, offset: Int, checksum: ChunkDigest.Algorithm? = nil) throws -> UploadWriter {
        guard let upload = try upload(id: id, account: account) else { throw UploadError.notFound }
        try reserve(id)
        do {
            // Read again under the reservation: a writer that just finished has moved the offset.
            guard let current = try self.upload(id: id, account: account) else { throw UploadError.notFound }
            guard offset == current.offset else { throw UploadError.offsetMismatch(sent: offset, server: current.offset) }
            let descriptor = open(path(of: upload.id), O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw UploadError.storage(errno: errno) }
            return UploadWriter(store: self, upload: current, descriptor: descriptor, digest: checksum.map(ChunkDigest.init))
        } catch {
            release(id)
            throw error
        }
    }

    /// Records that the upload now has `offset` bytes: written just now, it expires a lifetime from now.
    func setOffset(_ offset: Int, of id: String) throws -> Upload? {
        let now = clock.now
        return try database.write(serverWide: .accountUploads) { connection in
            try connection.run("UPDATE uploads SET offset = ?, written_ms = ?, expires_ms = ? WHERE id = ?",
                               offset, Self.ms(now), Self.ms(now.addingTimeInterval(limits.lifetime)), id)
            return try connection.firstRow("\(Self.columns) WHERE id = ?", id, decode: Self.upload)
        }
    }

    func reserve(_ id: String) throws {
        guard busy.withLock({ $0.insert(id).inserted }) else { throw UploadError.busy }
    }

    func release(_ id: String) {
        _ = busy.withLock { $0.remove(id) }
    }

    // MARK: Hand-off

    /// Gives a finished upload's file to `use` (the inventory's call that stores it), once: the
    /// answer `use` makes is recorded in the upload's row and the bytes removed; the same target
    /// asking again gets that answer back and nothing runs twice. While `use` runs, the upload is
    /// taken (`busy` for anyone else).
    public func handOff(id: String, account: Int64, to target: String,
                        _ use: (_ path: String, _ upload: Upload) throws -> Upload.HandOff) throws -> Upload.HandOff {
        guard try upload(id: id, account: account) != nil else { throw UploadError.notFound }
        try reserve(id)
        defer { release(id) }
        guard let upload = try upload(id: id, account: account) else { throw UploadError.notFound }
        if let earlier = upload.handOff {
            guard earlier.target == target else { throw UploadError.handedOff(target: earlier.target) }
            return earlier
        }
        guard upload.isFinished else { throw UploadError.unfinished(missing: upload.length - upload.offset) }
        let answer = try use(path(of: id), upload)
        try database.write(serverWide: .accountUploads) { connection in
            try connection.run("""
                UPDATE uploads SET handed_to = ?, answer_status = ?, answer_headers = ?, answer_body = ? WHERE id = ?
                """, answer.target, answer.status, answer.headerLines, answer.body, id)
        }
        // The inventory has its own copy now.
        unlink(path(of: id))
        return answer
    }

    // MARK: Removal

    /// Removes an upload and its bytes (termination). Busy while a request writes to it.
    public func delete(id: String, account: Int64) throws {
        guard try upload(id: id, account: account) != nil else { throw UploadError.notFound }
        try reserve(id)
        defer { release(id) }
        try remove(id)
    }

    private func remove(_ id: String) throws {
        try database.write(serverWide: .accountUploads) { connection in try connection.run("DELETE FROM uploads WHERE id = ?", id) }
        unlink(path(of: id))
    }

    /// Removes every upload whose time is up, with its bytes (not one a request is writing now: it
    /// is written, so not expired, once that request ends). Answers how many went.
    @discardableResult
    public func removeExpired() throws -> Int {
        let expired = try database.read(serverWide: .accountUploads) { connection in
            try connection.rows("SELECT id FROM uploads WHERE expires_ms <= ?", Self.ms(clock.now)) { $0.string(0) }
        }
        var removed = 0
        for id in expired {
            guard (try? reserve(id)) != nil else { continue }
            defer { release(id) }
            let gone = try database.write(serverWide: .accountUploads) { connection in
                try connection.run("DELETE FROM uploads WHERE id = ? AND expires_ms <= ?", id, Self.ms(clock.now))
                return connection.changes == 1
            }
            if gone {
                unlink(path(of: id))
                removed += 1
            }
        }
        return removed
    }

    /// Removes the files in the folder no row names (a process killed between a file and its row,
    /// an upload removed while its file was open), answering their names; and the rows of unfinished
    /// uploads whose file is gone (a database restored from a backup, which keeps no upload's bytes):
    /// a client asking for one is told it is not found and starts again. Only while no other process
    /// writes here.
    public func removeLeftoverFiles() throws -> [String] {
        let names = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        let known = Set(try database.read(serverWide: .accountUploads) { connection in try connection.rows("SELECT id FROM uploads WHERE handed_to IS NULL") { $0.string(0) } })
        var removed: [String] = []
        for name in names where !known.contains(name) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            removed.append(name)
        }
        for id in known where !names.contains(id) {
            try database.write(serverWide: .accountUploads) { connection in try connection.run("DELETE FROM uploads WHERE id = ? AND handed_to IS NULL", id) }
        }
        return removed.sorted()
    }

    /// Bytes held in the folder now (what the uploads' files take).
    public func bytesHeld() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.reduce(0) { total, name in
            var info = stat()
            return stat(folder.appendingPathComponent(name).path, &info) == 0 ? total + Int(info.st_size) : total
        }
    }

    // MARK: Rows

    private static let columns = """
        SELECT id, account_id, length, offset, filename, filetype, capture_id, created_ms, written_ms, expires_ms,
               handed_to, answer_status, answer_headers, answer_body FROM uploads
        """

    private static func upload(_ row: Row) -> Upload {
        let handOff = row.optionalString(10).map { target in
            Upload.HandOff(target: target, status: row.int(11), headers: Upload.HandOff.headers(fromLines: row.string(12)), body: row.blob(13))
        }
        return Upload(id: row.string(0), accountID: row.int64(1), length: row.int(2), offset: row.int(3), filename: row.string(4),
                      filetype: row.string(5), captureID: row.optionalString(6), created: date(row.int64(7)),
                      lastWritten: date(row.int64(8)), expires: date(row.int64(9)), handOff: handOff)
    }

    static func ms(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }
    static func date(_ ms: Int64) -> Date { Date(timeIntervalSince1970: Double(ms) / 1000) }

    /// 128 random bits as 32 lowercase hex digits.
    static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
