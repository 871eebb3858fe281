import Foundation
@preconcurrency import Glibc

/// The folder backups go into (`--to DIR`): one folder per finished backup, named by the UTC time it
/// was made (`2026-03-14T020000Z`), with its `manifest.json`; a backup in progress is built in
/// `.incomplete-…` and renamed into place only once its manifest is on disk, so an interrupted one is
/// never taken for a finished one. One backup at a time writes here (a lock file).
public struct BackupStore: Sendable {
    public let path: String

    public init(path: String) {
        self.path = URL(fileURLWithPath: path).standardizedFileURL.path
    }

    static let incompletePrefix = ".incomplete-"
    static let lockName = ".lock"

    /// Every finished backup, oldest first.
    public func finished() -> [StoredBackup] {
        FileOperations.names(in: path)
            .filter { StoredBackup.isName($0) && FileOperations.regularFileSize("\(path)/\($0)/\(BackupManifest.fileName)") != nil }
            .sorted()
            .map { StoredBackup(path: "\(path)/\($0)") }
    }

    /// Backups that were interrupted before they finished (a killed process, a full disk).
    public func unfinished() -> [String] {
        FileOperations.names(in: path).filter { $0.hasPrefix(Self.incompletePrefix) }.sorted().map { "\(path)/\($0)" }
    }

    /// The name for a backup made at `date`, not yet taken by another in this folder.
    func unusedName(at date: Date) -> String {
        let base = StoredBackup.name(for: date)
        var name = base, suffix = 1
        while access("\(path)/\(name)", F_OK) == 0 || access("\(path)/\(Self.incompletePrefix)\(name)", F_OK) == 0 {
            suffix += 1
            name = "\(base)-\(suffix)"
        }
        return name
    }

    /// Runs `body` while this process alone writes here. Refuses at once (rather than waiting) when
    /// another backup is running, which the lock's owner dying releases.
    func exclusively<T>(_ body: () throws -> T) throws -> T {
        try FileOperations.makeFolder(path)
        let descriptor = open("\(path)/\(Self.lockName)", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileOperations.failure("cannot open the lock file in", path) }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            throw BackupError("Another backup into \(path) is running. Wait for it to finish, or back up into another folder.")
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Removes interrupted backups; only while holding the lock, when none can be in progress.
    func removeUnfinished() {
        for folder in unfinished() { FileOperations.removeTree(folder) }
    }

    /// Removes interrupted backups unless a backup is running now (it holds the lock): what a server
    /// does as its schedule starts, so a backup killed with it does not wait for the next one to go.
    func removeUnfinishedIfIdle() {
        guard !unfinished().isEmpty else { return }
        try? exclusively { removeUnfinished() }
    }

    /// Removes the oldest finished backups until `keep` are left; returns their names.
    @discardableResult
    func prune(keep: Int) -> [String] {
        let all = finished()
        guard keep > 0, all.count > keep else { return [] }
        let doomed = all.prefix(all.count - keep)
        for backup in doomed { FileOperations.removeTree(backup.path) }
        return doomed.map(\.name)
    }
}

/// One finished backup in a `BackupStore`.
public struct StoredBackup: Sendable, Equatable {
    public let path: String
    public var name: String { (path as NSString).lastPathComponent }

    public init(path: String) { self.path = path }

    /// When it was made, read from its name.
    public var createdAt: Date? { Self.date(fromName: name) }

    public func manifest() throws(BackupError) -> BackupManifest { try BackupManifest.read(from: path) }

    /// `2026-03-14T020000Z`: sorts as it was made, and has no `:` (which some file systems refuse).
    static func name(for date: Date) -> String {
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d%02d%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// A backup's name: `name(for:)`'s form, maybe with `-2` after it.
    static func isName(_ name: String) -> Bool {
        guard date(fromName: name) != nil else { return false }
        let rest = name.utf8.dropFirst(18)
        return rest.isEmpty || (rest.first == UInt8(ascii: "-") && rest.count > 1 && rest.dropFirst().allSatisfy { (0x30...0x39).contains($0) })
    }

    private static func date(fromName name: String) -> Date? {
        let bytes = Array(name.utf8.prefix(18))
        guard bytes.count == 18, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[17] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            let digits = bytes[range]
            guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return Int(String(decoding: digits, as: UTF8.self))
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(13..<15), let second = number(15..<17) else { return nil }
        let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard parts.isValidDate(in: utc) else { return nil }
        return utc.date(from: parts)
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
