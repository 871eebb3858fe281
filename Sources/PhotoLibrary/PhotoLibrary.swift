import Clocks
import Database
import Foundation
import Imaging

/// The photo library: read-only folders of photos (the roots), a scanner that finds what is in them,
/// and the catalogue that reads what it found (groups, photos, renditions). Roots are never written
/// to. The methods here hand over to the one of the two that does the work.
public final class PhotoLibrary: Sendable {
    /// Absolute paths of the roots, as configured.
    public let roots: [String]
    public let scanner: LibraryScanner
    public let catalogue: LibraryCatalogue
    /// The time of day scans are dated by.
    public let clock: any TimeSource

    /// - Parameters:
    ///   - roots: folders of photos; relative paths are taken from the current directory.
    ///   - cacheDirectory: where renditions are kept (inside the data folder, never in a root).
    public init(roots: [String], database: Database, cacheDirectory: URL, maxPixels: Int = 100_000_000,
                clock: any TimeSource = WallClock()) throws {
        self.clock = clock
        let absolute = roots.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var unique: [String] = []
        for root in absolute where !unique.contains(root) { unique.append(root) }
        self.roots = unique
        let key = try database.write { connection -> [UInt8] in
            if let existing = try connection.firstRow("SELECT key FROM library_key WHERE id = 1", decode: { $0.blob(0) }) {
                return existing
            }
            let fresh = KeyedID.newKey()
            try connection.run("INSERT INTO library_key (id, key) VALUES (1, ?)", fresh)
            return fresh
        }
        let ids = KeyedID(key: key)
        let rootIDs = try database.write { connection in
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
        let renditions = try LibraryRenditions(directory: cacheDirectory, maxPixels: maxPixels)
        catalogue = LibraryCatalogue(database: database, ids: ids, rootIDs: rootIDs, renditions: renditions)
        scanner = LibraryScanner(roots: unique, database: database, ids: ids, rootIDs: rootIDs, maxPixels: maxPixels,
                                 catalogue: catalogue, renditions: renditions)
    }

    // MARK: The scanner's

    public var status: LibraryStatus { scanner.status }

    public func startBackgroundScan(then: (@Sendable (LibraryStatus) -> Void)? = nil) { scanner.startBackgroundScan(then: then) }

    public func keepScanned(every interval: Duration) { scanner.keepScanned(every: interval) }

    public func stopKeepingScanned() { scanner.stopKeepingScanned() }

    public func refreshIfStale(age: Duration = .seconds(60)) { scanner.refreshIfStale(age: age) }

    /// Stops and awaits the scans and renditions running in the background (see `LibraryScanner.stop()`).
    public func stop() { scanner.stop() }

    @discardableResult
    public func scan(progress: (@Sendable (LibraryStatus) -> Void)? = nil, prefillRenditions: Bool = true) -> LibraryStatus {
        scanner.scan(progress: progress, prefillRenditions: prefillRenditions)
    }

    // MARK: The catalogue's

    /// Photos further apart in time than this start a new event.
    public static let eventGap = LibraryCatalogue.eventGap

    public func groups(visibleTo access: LibraryAccess = .everything) throws -> [LibraryGroup] {
        try catalogue.groups(visibleTo: access)
    }

    public func group(id: String, visibleTo access: LibraryAccess = .everything) throws -> LibraryGroup? {
        try catalogue.group(id: id, visibleTo: access)
    }

    public func events(containingAssets ids: Set<LibraryAsset.ID>, visibleTo access: LibraryAccess = .everything) throws -> [LibraryGroup] {
        try catalogue.events(containingAssets: ids, visibleTo: access)
    }

    public func assets(inGroup id: String, offset: Int, limit: Int, visibleTo access: LibraryAccess = .everything) throws -> (total: Int, assets: [LibraryAsset])? {
        try catalogue.assets(inGroup: id, offset: offset, limit: limit, visibleTo: access)
    }

    public func position(of asset: LibraryAsset, inGroup id: String, visibleTo access: LibraryAccess = .everything) throws -> (index: Int, total: Int, previous: LibraryAsset.ID?, next: LibraryAsset.ID?)? {
        try catalogue.position(of: asset, inGroup: id, visibleTo: access)
    }

    public func breadcrumb(ofAlbum id: String) throws -> [AlbumCrumb] { try catalogue.breadcrumb(ofAlbum: id) }

    public func subalbums(of id: String, visibleTo access: LibraryAccess = .everything) throws -> [LibraryGroup] {
        try catalogue.subalbums(of: id, visibleTo: access)
    }

    public func subalbumCounts(of ids: [String]) throws -> [String: Int] { try catalogue.subalbumCounts(of: ids) }

    /// Goes up whenever what the library holds may have changed (a scan, a photo found unreadable).
    public var revision: Int { catalogue.revision }

    public func fingerprints(ofAssets ids: Set<LibraryAsset.ID>) throws -> [LibraryAsset.ID: String] { try catalogue.fingerprints(ofAssets: ids) }

    public func whereabouts(ofAssets ids: Set<LibraryAsset.ID>) throws -> [LibraryAsset.ID: (fingerprint: String, root: String)] {
        try catalogue.whereabouts(ofAssets: ids)
    }

    /// The roots each of `paths` is in, looked for under each root as configured and as its real
    /// path (the library resolves symbolic links in the paths it gives out); none for a path under
    /// no root of this library.
    public func roots(holding paths: Set<String>) -> [String: [String]] {
        guard !paths.isEmpty else { return [:] }
        let folders = roots.map { root in
            (root, [root, DirectoryWalker.realPath(root)].compactMap { $0.map { $0.hasSuffix("/") ? $0 : $0 + "/" } })
        }
        var found: [String: [String]] = [:]
        for path in paths {
            found[path] = folders.filter { $0.1.contains { path.hasPrefix($0) } }.map(\.0)
        }
        return found
    }

    public func asset(id: LibraryAsset.ID, visibleTo access: LibraryAccess = .everything) throws -> LibraryAsset? {
        try catalogue.asset(id: id, visibleTo: access)
    }

    /// Readable photos in id order after `after` (background readers walk the library so).
    public func readableAssetIDs(after: LibraryAsset.ID?, limit: Int) throws -> [LibraryAsset.ID] {
        try catalogue.readableAssetIDs(after: after, limit: limit)
    }

    public func openOriginal(assetID: LibraryAsset.ID, fingerprint: String? = nil, visibleTo access: LibraryAccess = .everything) throws -> LibraryOriginal? {
        try catalogue.openOriginal(assetID: assetID, fingerprint: fingerprint, visibleTo: access)
    }

    public func renditionNeedsWork(assetID: LibraryAsset.ID, fingerprint: String, name: String) -> Bool {
        catalogue.renditionNeedsWork(assetID: assetID, fingerprint: fingerprint, name: name)
    }

    public func renditionFile(assetID: LibraryAsset.ID, fingerprint: String, name: String, visibleTo access: LibraryAccess = .everything) throws -> String? {
        try catalogue.renditionFile(assetID: assetID, fingerprint: fingerprint, name: name, visibleTo: access)
    }
}
