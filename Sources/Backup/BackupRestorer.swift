import Database
import Foundation
@preconcurrency import Glibc

/// What a restore did.
public struct RestoreReport: Sendable {
    public let backup: String
    public let manifest: BackupManifest
    public let restored: FileTally
    /// Where the data folder's former contents were moved (`--force`), if it had any.
    public let formerContents: String?
}

/// Puts a backup back as a data folder: every data file copied into a new folder beside it and
/// checked against the manifest as it is copied, the database checked by SQLite, and only then the
/// new folder renamed into place. A restore that fails leaves the data folder as it was.
public enum BackupRestorer {
    /// Restores the backup at `from` (a backup, or a folder of backups: then its newest) into
    /// `dataFolder`, which must be missing or empty unless `force` (its contents are then moved
    /// aside, never deleted).
    public static func restore(from: String, into dataFolder: String, force: Bool = false, now: Date = Date()) throws -> RestoreReport {
        let backup = try BackupLocator.backup(at: from)
        let manifest = try BackupManifest.read(from: backup)
        let target = URL(fileURLWithPath: dataFolder).standardizedFileURL.path
        let existing = try contentsOfTarget(target)
        if !existing.isEmpty && !force {
            throw BackupError("The data folder \(target) is not empty (it holds \(existing.prefix(3).joined(separator: ", "))\(existing.count > 3 ? ", …" : "")). "
                              + "Restore into a new or empty folder, or add --force to replace it: its contents are then moved aside, not deleted.")
        }
        let parent = (target as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let staging = "\(parent)/.\((target as NSString).lastPathComponent).restoring-\(UUID().uuidString)"
        // Folders and files for the owner only, as the data folder's own (and the backup's) are.
        try FileOperations.makeFolder(staging, mode: 0o700)
        do {
            var restored = FileTally()
            var folders: Set<String> = []
            for entry in manifest.dataFiles {
                var folder = ""
                for part in entry.path.split(separator: "/").dropLast() {
                    folder += folder.isEmpty ? String(part) : "/\(part)"
                    if folders.insert(folder).inserted { try FileOperations.makeFolder("\(staging)/\(folder)", mode: 0o700) }
                }
                guard FileOperations.regularFileSize("\(backup)/\(entry.path)") != nil else {
                    throw BackupError("Nothing was restored: \(entry.path) is missing from the backup \(backup). Try an earlier backup.")
                }
                let fingerprint = try FileOperations.copyHashing(from: "\(backup)/\(entry.path)", to: "\(staging)/\(entry.path)", mode: 0o600)
                guard fingerprint == FileOperations.Fingerprint(size: entry.size, sha256: entry.sha256) else {
                    throw BackupError("Nothing was restored: \(entry.path) in the backup \(backup) no longer matches its manifest (it was changed or damaged). "
                                      + "Run homepwner verify on it, and try an earlier backup.")
                }
                restored.add(fingerprint.size)
            }
            let databaseProblems = BackupVerifier.databaseProblems(in: staging, manifest: manifest)
            guard databaseProblems.isEmpty else {
                throw BackupError("Nothing was restored: " + databaseProblems.joined(separator: " "))
            }
            try FileOperations.syncFileSystem(containing: staging)
            var formerContents: String?
            if !existing.isEmpty {
                let aside = "\(target).replaced-\(StoredBackup.name(for: now))"
                try FileOperations.rename(target, to: aside)
                formerContents = aside
            }
            // rename(2) puts a folder over an empty one in a single step.
            try FileOperations.rename(staging, to: target)
            try FileOperations.syncFolder(parent)
            return RestoreReport(backup: backup, manifest: manifest, restored: restored, formerContents: formerContents)
        } catch {
            FileOperations.removeTree(staging)
            throw error
        }
    }

    /// The names in the data folder; empty when it does not exist yet.
    private static func contentsOfTarget(_ path: String) throws -> [String] {
        var info = stat()
        guard lstat(path, &info) == 0 else { return [] }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw BackupError("\(path) is not a folder; give a folder for the data.") }
        return FileOperations.names(in: path).sorted()
    }
}

/// Finds the backup a command means.
public enum BackupLocator {
    /// `path` itself when it is a finished backup; the newest finished backup in it when it is a
    /// folder of backups; otherwise an error that says what `path` is.
    public static func backup(at path: String) throws(BackupError) -> String {
        let folder = URL(fileURLWithPath: path).standardizedFileURL.path
        guard FileOperations.isDirectory(folder) else { throw BackupError("\(folder) is not a folder holding a backup.") }
        // Even with its manifest written: it was stopped before it was renamed into place.
        if (folder as NSString).lastPathComponent.hasPrefix(BackupStore.incompletePrefix) {
            throw BackupError("\(folder) is a backup that was interrupted before it finished; it cannot be used. Use a finished one.")
        }
        if FileOperations.regularFileSize("\(folder)/\(BackupManifest.fileName)") != nil { return folder }
        let store = BackupStore(path: folder)
        if let newest = store.finished().last { return newest.path }
        let unfinished = store.unfinished().count
        throw BackupError("\(folder) holds no finished backup" + (unfinished > 0 ? " (only \(unfinished) that were interrupted)." : ".")
                          + " Give a folder made by homepwner backup.")
    }
}
