import Foundation

/// How the data folder's backups have gone: the last attempt, and the last backup that was made and
/// verified. Kept in the data folder (every run into any backup folder records itself), so the home
/// page can say when the inventory was last safely copied.
public struct BackupStatus: Codable, Sendable, Equatable {
    public struct Attempt: Codable, Sendable, Equatable {
        public var startedAt: Date
        public var finishedAt: Date
        /// The backup's folder, when one was made.
        public var backup: String?
        public var verified: Bool
        /// What went wrong, in words; nil when nothing did.
        public var problem: String?
        /// The restic snapshot of the off-site copy, when one was made.
        public var offsiteSnapshot: String?

        public init(startedAt: Date, finishedAt: Date, backup: String?, verified: Bool, problem: String?, offsiteSnapshot: String?) {
            self.startedAt = startedAt
            self.finishedAt = finishedAt
            self.backup = backup
            self.verified = verified
            self.problem = problem
            self.offsiteSnapshot = offsiteSnapshot
        }

        public var succeeded: Bool { verified && problem == nil }
    }

    public var lastAttempt: Attempt?
    /// The last backup made and verified (its off-site copy may have failed: `lastAttempt` then says so).
    public var lastVerified: Attempt?

    public init(lastAttempt: Attempt? = nil, lastVerified: Attempt? = nil) {
        self.lastAttempt = lastAttempt
        self.lastVerified = lastVerified
    }

    public mutating func record(_ attempt: Attempt) {
        lastAttempt = attempt
        if attempt.verified { lastVerified = attempt }
    }
}

/// The status file in the data folder: read as missing when it cannot be read, replaced whole.
public struct BackupStatusFile: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    public func read() -> BackupStatus {
        guard let size = FileOperations.regularFileSize(path), size < 1 << 20,
              let data = FileManager.default.contents(atPath: path) else { return BackupStatus() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (try? decoder.decode(BackupStatus.self, from: data)) ?? BackupStatus()
    }

    /// Adds `attempt` to what the file says.
    public func record(_ attempt: BackupStatus.Attempt) throws(BackupError) {
        var status = read()
        status.record(attempt)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        guard let bytes = try? encoder.encode(status) else { throw BackupError("The backup status cannot be written as JSON.") }
        try FileOperations.replaceAtomically(path, with: Array(bytes))
    }
}
