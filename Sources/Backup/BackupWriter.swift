import Database
import Foundation
import Inventory

/// Makes one backup of a data folder into a `BackupStore`: the database through SQLite's online
/// backup API, then the photos, documents and videos that copy names, the readable index, and last the
/// manifest, after which the folder is renamed into place. Files an earlier backup in the same store
/// already holds are hard-linked from it, not copied (copied when the file system cannot link).
public enum BackupWriter {
    /// How many of the newest earlier backups are searched for files to link.
    static let earlierBackupsSearched = 5
    /// A photo deleted between the database copy and its files is missing from the data folder;
    /// the copy is then taken again, this many times in all, before the absence counts as damage.
    static let attempts = 3

    /// Makes the backup; when `keep` is given, then removes the oldest finished ones beyond that many.
    /// `shouldStop` is asked between files: a stopped backup leaves nothing behind. `indexWords`: the
    /// language of its `index.html`.
    public static func make(from source: BackupSource, into store: BackupStore, keep: Int? = nil, now: Date = Date(),
                            indexWords: BackupIndexWords = BackupIndexWords(), shouldStop: () -> Bool = { false }) throws -> BackupReport {
        let started = ContinuousClock.now
        // Whole seconds: as the backup's name and its manifest say it.
        let now = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        do {
            return try make(from: source, into: store, keep: keep, at: now, started: started, indexWords: indexWords, shouldStop: shouldStop)
        } catch {
            throw BackupError.diskFull(error, writingInto: store.path) ?? error
        }
    }

    private static func make(from source: BackupSource, into store: BackupStore, keep: Int?, at now: Date, started: ContinuousClock.Instant,
                             indexWords: BackupIndexWords, shouldStop: () -> Bool) throws -> BackupReport {
        try store.exclusively {
            store.removeUnfinished()
            let name = store.unusedName(at: now)
            let staging = "\(store.path)/\(BackupStore.incompletePrefix)\(name)"
            try FileOperations.makeFolder(staging)
            do {
                var run = Run(source: source, staging: staging, earlier: EarlierFiles(store.finished().suffix(earlierBackupsSearched)), indexWords: indexWords)
                let manifest = try run.make(now: now, shouldStop: shouldStop)
                try FileOperations.syncFileSystem(containing: staging)
                try FileOperations.writeNew(try manifest.encoded(), to: "\(staging)/\(BackupManifest.fileName)")
                try FileOperations.syncFolder(staging)
                try FileOperations.rename(staging, to: "\(store.path)/\(name)")
                try FileOperations.syncFolder(store.path)
                let removed = keep.map { store.prune(keep: $0) } ?? []
                return BackupReport(backup: StoredBackup(path: "\(store.path)/\(name)"), manifest: manifest, copied: run.copied, linked: run.linked,
                                    removed: removed, duration: ContinuousClock.now - started)
            } catch {
                FileOperations.removeTree(staging)
                throw error
            }
        }
    }

    /// One backup being built in its staging folder.
    struct Run {
        let source: BackupSource
        let staging: String
        let earlier: EarlierFiles
        let indexWords: BackupIndexWords
        /// Each file put in the staging folder so far, by its path there.
        var entries: [String: BackupManifest.Entry] = [:]
        var copied = FileTally()
        var linked = FileTally()

        mutating func make(now: Date, shouldStop: () -> Bool) throws -> BackupManifest {
            let databasePath = try source.databasePath
            var contents: BackupContents
            var problems: [String] = []
            var attempt = 0
            repeat {
                attempt += 1
                try? FileManager.default.removeItem(atPath: "\(staging)/\(databasePath)")
                try source.database.backup(to: "\(staging)/\(databasePath)")
                contents = try BackupContents.read(databaseCopy: "\(staging)/\(databasePath)", source: source)
                problems = try copyFiles(in: contents.contentFolders, shouldStop: shouldStop)
            } while !problems.isEmpty && attempt < BackupWriter.attempts
            // Files of photos deleted between attempts: the last copy of the database names them no more.
            let wanted = Set(try contents.contentFolders.map { try relative($0) })
            for path in entries.keys where !wanted.contains((path as NSString).deletingLastPathComponent) {
                try? FileManager.default.removeItem(atPath: "\(staging)/\(path)")
                entries[path] = nil
            }
            // SQLite made it readable by all, like a new database; everything else here is the owner's alone.
            chmod("\(staging)/\(databasePath)", 0o600)
            entries[databasePath] = try entry(databasePath, FileOperations.fingerprint(of: "\(staging)/\(databasePath)"), role: .data)
            let readable = try ReadableBackup.write(contents: contents, madeAt: now, problems: problems, databasePath: databasePath,
                                                    into: staging, relativeTo: source, words: indexWords)
            for (path, fingerprint) in readable { entries[path] = entry(path, fingerprint, role: .readable) }
            return BackupManifest(createdAt: now, database: databasePath, folders: try source.folders,
                                  counts: .init(items: contents.items.count, locations: contents.locations.count,
                                                photos: contents.photoOriginals.count, documents: contents.documentOriginals.count,
                                                videos: contents.videoOriginals.count),
                                  files: entries.values.sorted { $0.path < $1.path }, problems: problems)
        }

        /// Copies (or links) every file of each content folder; returns what could not be.
        private mutating func copyFiles(in folders: [String], shouldStop: () -> Bool) throws -> [String] {
            var problems: [String] = []
            for folder in folders {
                let relativeFolder = try relative(folder)
                let names = FileOperations.names(in: folder).filter { !$0.hasPrefix(".") && BackupPath.isSafe($0) }.sorted()
                guard names.contains(where: { $0.hasPrefix("original") }) else {
                    problems.append("\(relativeFolder): the database names this photo, document or video, but the data folder has no file for it.")
                    continue
                }
                try createFolders(for: relativeFolder)
                for name in names {
                    guard !shouldStop() else { throw BackupStopped() }
                    let path = "\(relativeFolder)/\(name)"
                    if entries[path] != nil { continue }
                    guard let size = FileOperations.regularFileSize("\(folder)/\(name)") else { continue }
                    let fingerprint = try copyOrLink("\(folder)/\(name)", size: size, to: path)
                    entries[path] = entry(path, fingerprint, role: .data)
                    // An original is named by the SHA-256 of its bytes: one that no longer matches was damaged on disk.
                    let named = (relativeFolder as NSString).lastPathComponent
                    if name.hasPrefix("original"), BackupPath.isHash(named), fingerprint.sha256 != named {
                        problems.append("\(path): its bytes no longer match its name (SHA-256 \(fingerprint.sha256)); the file in the data folder is damaged.")
                    }
                }
            }
            return problems
        }

        private mutating func copyOrLink(_ live: String, size: Int64, to path: String) throws -> FileOperations.Fingerprint {
            let destination = "\(staging)/\(path)"
            if let (earlierPath, earlierEntry) = earlier.file(at: path), earlierEntry.size == size,
               FileOperations.regularFileSize(earlierPath) == size, try FileOperations.hardLink(earlierPath, to: destination) {
                linked.add(size)
                return FileOperations.Fingerprint(size: size, sha256: earlierEntry.sha256)
            }
            let fingerprint = try FileOperations.copyHashing(from: live, to: destination)
            copied.add(fingerprint.size)
            return fingerprint
        }

        var createdFolders: Set<String> = []

        private mutating func createFolders(for relativeFolder: String) throws {
            var path = ""
            for part in relativeFolder.split(separator: "/") {
                path += path.isEmpty ? String(part) : "/\(part)"
                if createdFolders.insert(path).inserted { try FileOperations.makeFolder("\(staging)/\(path)") }
            }
        }

        private func relative(_ folder: String) throws(BackupError) -> String {
            guard let path = source.relative(folder) else { throw BackupError("\(folder) is not inside the data folder \(source.dataFolder).") }
            return path
        }

        private func entry(_ path: String, _ fingerprint: FileOperations.Fingerprint, role: BackupManifest.Role) -> BackupManifest.Entry {
            BackupManifest.Entry(path: path, size: fingerprint.size, sha256: fingerprint.sha256, role: role)
        }
    }
}

/// The backup was asked to stop (the server is shutting down); nothing of it was kept.
public struct BackupStopped: Error, CustomStringConvertible {
    public var description: String { "The backup was stopped before it finished; nothing of it was kept." }
}

/// How many files, and how many bytes.
public struct FileTally: Sendable, Equatable {
    public private(set) var files = 0
    public private(set) var bytes: Int64 = 0

    mutating func add(_ size: Int64) {
        files += 1
        bytes += size
    }
}

/// What one backup did.
public struct BackupReport: Sendable {
    public let backup: StoredBackup
    public let manifest: BackupManifest
    /// Files copied from the data folder.
    public let copied: FileTally
    /// Files an earlier backup already held, linked instead of copied.
    public let linked: FileTally
    /// Earlier backups removed to keep the number asked for.
    public let removed: [String]
    public let duration: Duration
}

/// The files of the newest earlier backups, by path: the newest backup holding a path wins.
struct EarlierFiles {
    private var byPath: [String: (path: String, entry: BackupManifest.Entry)] = [:]

    init(_ backups: some Sequence<StoredBackup>) {
        for backup in backups {
            guard let manifest = try? backup.manifest() else { continue }
            for entry in manifest.dataFiles { byPath[entry.path] = ("\(backup.path)/\(entry.path)", entry) }
        }
    }

    func file(at path: String) -> (path: String, entry: BackupManifest.Entry)? { byPath[path] }
}
