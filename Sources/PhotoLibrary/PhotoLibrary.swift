import Database
import Dispatch
import Foundation
import Imaging
import Synchronization

/// The photo library: read-only folders of photos (the roots), what the scanner found in them, the
/// groups it forms (albums, events, faces) and cached renditions. Roots are never written to.
public final class PhotoLibrary: Sendable {
    /// Absolute paths of the roots, as configured.
    public let roots: [String]
    let database: Database
    let ids: KeyedID
    let renditions: LibraryRenditions
    let maxPixels: Int
    let statusBox: Mutex<LibraryStatus>
    let revisionCounter = Atomic<Int>(0)
    let isScanning = Atomic<Bool>(false)
    /// Set once by `stop()`: nothing new starts in the background.
    let isStopped = Atomic<Bool>(false)
    /// Background scans running.
    let backgroundWork = DispatchGroup()
    let groupCache = GroupCache()
    /// The timer of `keepScanned(every:)`, while it runs.
    let periodicScan = Mutex<ScanTimer?>(nil)
    /// Row ids of the roots in `library_roots`, by path.
    let rootIDs: [String: Int64]

    /// - Parameters:
    ///   - roots: folders of photos; relative paths are taken from the current directory.
    ///   - cacheDirectory: where renditions are kept (inside the data folder, never in a root).
    public init(roots: [String], database: Database, cacheDirectory: URL, maxPixels: Int = 100_000_000) throws {
        let absolute = roots.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var unique: [String] = []
        for root in absolute where !unique.contains(root) { unique.append(root) }
        self.roots = unique
        self.database = database
        self.maxPixels = maxPixels
        let key = try database.write { connection -> [UInt8] in
            if let existing = try connection.firstRow("SELECT key FROM library_key WHERE id = 1", decode: { $0.blob(0) }) {
                return existing
            }
            let fresh = KeyedID.newKey()
            try connection.run("INSERT INTO library_key (id, key) VALUES (1, ?)", fresh)
            return fresh
        }
        ids = KeyedID(key: key)
        rootIDs = try database.write { connection in
            // Roots no longer configured take their photos with them.
            var keep: [String: Int64] = [:]
            for root in unique {
                try connection.run("INSERT OR IGNORE INTO library_roots (path) VALUES (?)", root)
                keep[root] = try connection.scalar("SELECT id FROM library_roots WHERE path = ?", root)
            }
            let stale = try connection.rows("SELECT id, path FROM library_roots", decode: { ($0.int64(0), $0.string(1)) })
                .filter { keep[$0.1] == nil }
            for (id, _) in stale {
                try connection.run("DELETE FROM library_people WHERE asset_id IN (SELECT id FROM library_assets WHERE root_id = ?)", id)
                try connection.run("DELETE FROM library_assets WHERE root_id = ?", id)
                try connection.run("DELETE FROM library_albums WHERE root_id = ?", id)
                try connection.run("DELETE FROM library_roots WHERE id = ?", id)
            }
            return keep
        }
        renditions = try LibraryRenditions(directory: cacheDirectory, maxPixels: maxPixels)
        var status = LibraryStatus()
        status.isConfigured = !unique.isEmpty
        status.rootProblems = unique.compactMap(DirectoryWalker.problem(withRoot:))
        if !unique.isEmpty, status.rootProblems.count == unique.count {
            status.state = .inaccessible
            status.problem = status.rootProblems.first
        }
        statusBox = Mutex(status)
    }

    public var status: LibraryStatus { statusBox.withLock { $0 } }

    /// Goes up whenever what the library holds changes; caches key on it.
    public var revision: Int { revisionCounter.load(ordering: .acquiring) }

    func bumpRevision() { revisionCounter.add(1, ordering: .releasing) }
}

/// A Dispatch timer, which Swift does not know to be Sendable: it is only resumed and cancelled,
/// both safe from any thread.
final class ScanTimer: @unchecked Sendable {
    let source: any DispatchSourceTimer
    init(_ source: any DispatchSourceTimer) { self.source = source }
    deinit { source.cancel() }
}
