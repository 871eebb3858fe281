import Database
import Foundation

/// What checking one backup found.
public struct BackupVerification: Sendable {
    public let backup: String
    public let manifest: BackupManifest?
    /// Each thing wrong, in words; empty for a sound backup.
    public let problems: [String]
    public let filesChecked: Int
    public let bytesChecked: Int64

    public var isSound: Bool { problems.isEmpty }
}

/// Checks a finished backup: every file the manifest lists is there, of its size and SHA-256; the
/// database copy passes SQLite's integrity and foreign key checks; and every photo, document and video the
/// database names is in the backup. Reads the backup, never writes to it.
public enum BackupVerifier {
    /// Integrity messages beyond this many are summed up, not listed.
    static let messagesShown = 10

    public static func verify(_ folder: String, shouldStop: () -> Bool = { false }) throws(BackupStopped) -> BackupVerification {
        let manifest: BackupManifest
        do {
            manifest = try BackupManifest.read(from: folder)
        } catch {
            return BackupVerification(backup: folder, manifest: nil, problems: [error.description], filesChecked: 0, bytesChecked: 0)
        }
        var problems = manifest.problems.map { "When the backup was made: \($0)" }
        var checked = FileTally()
        for entry in manifest.files {
            guard !shouldStop() else { throw BackupStopped() }
            let path = "\(folder)/\(entry.path)"
            guard let size = FileOperations.regularFileSize(path) else {
                problems.append("\(entry.path) is missing (or is not a plain file).")
                continue
            }
            guard size == entry.size else {
                problems.append("\(entry.path) is \(size) bytes; the manifest says \(entry.size): the file was cut short or changed.")
                continue
            }
            do {
                let fingerprint = try FileOperations.fingerprint(of: path)
                checked.add(fingerprint.size)
                if fingerprint.sha256 != entry.sha256 {
                    problems.append("\(entry.path) has changed since the backup was made (SHA-256 \(fingerprint.sha256), the manifest says \(entry.sha256)): the file is damaged.")
                }
            } catch {
                problems.append(error.description)
            }
        }
        if !problems.contains(where: { $0.hasPrefix(manifest.database + " ") }) {
            problems += databaseProblems(in: folder, manifest: manifest)
        }
        return BackupVerification(backup: folder, manifest: manifest, problems: problems, filesChecked: checked.files, bytesChecked: checked.bytes)
    }

    /// What SQLite finds wrong with the copy, and the files it names that the backup lacks.
    static func databaseProblems(in folder: String, manifest: BackupManifest) -> [String] {
        let path = "\(folder)/\(manifest.database)"
        do {
            let database = try Database(readingOnly: path)
            var problems: [String] = []
            let integrity = try database.read { try $0.rows("PRAGMA integrity_check") { $0.string(0) } }
            if integrity != ["ok"] {
                problems.append("The database copy fails SQLite's integrity check: "
                                + integrity.prefix(messagesShown).joined(separator: "; ")
                                + (integrity.count > messagesShown ? "; and \(integrity.count - messagesShown) more." : "."))
                return problems
            }
            let foreignKeys = try database.read { try $0.rows("PRAGMA foreign_key_check") { "\($0.string(0)) row \($0.int64(1)) names a missing \($0.string(2))" } }
            if !foreignKeys.isEmpty {
                problems.append("The database copy has rows that point at nothing: " + foreignKeys.prefix(messagesShown).joined(separator: "; ") + ".")
            }
            let listed = Set(manifest.files.map(\.path))
            let contents = try BackupContents.read(databaseCopy: path, source: BackupSource(database: database, backupFolder: folder, folders: manifest.folders))
            let absent = contents.originals
                .map { String($0.dropFirst(folder.count + 1)) }.filter { !listed.contains($0) }.sorted()
            if !absent.isEmpty {
                problems.append("The database names \(BackupJob.plural(absent.count, "file")) the backup does not hold: " + absent.prefix(messagesShown).joined(separator: ", ")
                                + (absent.count > messagesShown ? ", …" : "") + ".")
            }
            return problems
        } catch {
            return ["The database copy \(manifest.database) cannot be read: \(error)."]
        }
    }
}
