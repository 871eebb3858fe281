import Database
import Foundation
import Imaging

extension LibraryCatalogue {
    static let assetColumns = [
        "id", "album_id", "file_name", "size", "mtime_ns", "format", "width", "height", "orientation", "taken_at_ms",
        "taken_at_from_exif", "camera", "latitude", "longitude", "error",
    ].map { "library_assets.\($0)" }.joined(separator: ", ")

    static func decodeAsset(_ row: Row) -> LibraryAsset {
        LibraryAsset(
            id: row.libraryPhotoID(0), albumID: row.string(1), fileName: row.string(2),
            fingerprint: fingerprint(size: row.int64(3), modified: row.int64(4)),
            format: row.optionalString(5).flatMap(ImageFormat.init(rawValue:)), width: row.int(6), height: row.int(7),
            orientation: row.int(8), takenAt: Date(timeIntervalSince1970: Double(row.int64(9)) / 1000),
            takenAtIsFromCamera: row.int(10) != 0, camera: row.optionalString(11),
            latitude: row.isNull(12) ? nil : row.double(12), longitude: row.isNull(13) ? nil : row.double(13),
            problem: row.optionalString(14).map(LibraryPhotoProblem.init(stored:)), people: []
        )
    }

    /// Names this version of a file: its size and modification time, in base 36.
    static func fingerprint(size: Int64, modified: Int64) -> String {
        "\(String(size, radix: 36))-\(String(modified, radix: 36))"
    }

    /// Photos that can be read (a known format, no error), in id order after `after`, at most
    /// `limit`: for the readers walking the whole library in the background.
    public func readableAssetIDs(after: LibraryAsset.ID?, limit: Int) throws -> [LibraryAsset.ID] {
        try database.read { connection in
            try connection.rows("""
                SELECT id FROM library_assets WHERE id > ? AND format IS NOT NULL AND error IS NULL ORDER BY id LIMIT ?
                """, after?.rawValue ?? "", limit) { $0.libraryPhotoID(0) }
        }
    }

    /// The photo with this id, with the people in it; nil for an unknown id, or one in a root the
    /// caller may not see.
    public func asset(id: LibraryAsset.ID, visibleTo access: LibraryAccess = .everything) throws -> LibraryAsset? {
        let visible = scope(access).condition(on: "library_assets.root_id")
        return try database.read { connection in
            guard var asset = try connection.firstRow("SELECT \(Self.assetColumns) FROM library_assets WHERE id = ?\(visible.and)",
                                                      arguments: [id] + visible.arguments, decode: Self.decodeAsset) else {
                return nil
            }
            asset.people = try connection.rows("SELECT name FROM library_people WHERE asset_id = ? ORDER BY name", id) { $0.string(0) }
            return asset
        }
    }

    /// Of the photos `ids` names, the ones the library still holds, each with its fingerprint (for its
    /// files' URLs): one query however many, whoever asks (what a caller may see is checked when the
    /// files are served). For library photos linked elsewhere, to tell which have gone.
    public func fingerprints(ofAssets ids: Set<LibraryAsset.ID>) throws -> [LibraryAsset.ID: String] {
        try whereabouts(ofAssets: ids).mapValues(\.fingerprint)
    }

    /// As `fingerprints(ofAssets:)`, with the root (as configured) each photo is under: whether a
    /// caller may be told about it.
    public func whereabouts(ofAssets ids: Set<LibraryAsset.ID>) throws -> [LibraryAsset.ID: (fingerprint: String, root: String)] {
        guard !ids.isEmpty else { return [:] }
        let list = "[" + ids.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        return try database.read { connection in
            var found: [LibraryAsset.ID: (fingerprint: String, root: String)] = [:]
            try connection.forEachRow("""
                SELECT library_assets.id, library_assets.size, library_assets.mtime_ns, library_roots.path FROM library_assets
                JOIN library_roots ON library_roots.id = library_assets.root_id WHERE library_assets.id IN (SELECT value FROM json_each(?))
                """, [list]) { row in
                found[row.libraryPhotoID(0)] = (Self.fingerprint(size: row.int64(1), modified: row.int64(2)), row.string(3))
            }
            return found
        }
    }

    /// The photo's own file, opened (`LibraryOriginal`): for serving it, copying it into an item, or
    /// a claim's report and zip. Nil when unknown, not visible, when `fingerprint` is not the current
    /// version, when damaged, or when its file is no longer a regular file inside its root (a FIFO,
    /// a device, a link out of the root): a file that cannot be read, never one that is waited for.
    public func openOriginal(assetID: LibraryAsset.ID, fingerprint: String? = nil, visibleTo access: LibraryAccess = .everything) throws -> LibraryOriginal? {
        guard try isVisible(assetID, to: access), let (asset, path, root) = try located(assetID), fingerprint == nil || asset.fingerprint == fingerprint,
              let format = asset.format, asset.problem == nil, let file = RegularFile(path: path, inside: root) else { return nil }
        return LibraryOriginal(format: format, location: path, file: file)
    }

    /// Whether serving this rendition needs work (a decode), so the request should go to a worker.
    public func renditionNeedsWork(assetID: LibraryAsset.ID, fingerprint: String, name: String) -> Bool {
        !renditions.exists(name, assetID: assetID, fingerprint: fingerprint)
    }

    /// The rendition's file (`thumb-256`, `thumb-512`, `screen`, or `full`), made if needed. Nil for an
    /// unknown photo, rendition or version. A photo that turns out to be unreadable is marked so, and
    /// the error says why.
    public func renditionFile(assetID: LibraryAsset.ID, fingerprint: String, name: String, visibleTo access: LibraryAccess = .everything) throws -> String? {
        guard try isVisible(assetID, to: access), LibraryPhotoRendition(rawValue: name) != nil,
              let source = try source(assetID: assetID), source.fingerprint == fingerprint else { return nil }
        let result = Result { () throws(ImagingError) -> String in try renditions.file(name, of: source) }
        if case .failure(let error) = result { markUnreadable(source, because: error) }
        return try result.get()
    }

    private func isVisible(_ assetID: LibraryAsset.ID, to access: LibraryAccess) throws -> Bool {
        guard let visible = scope(access).condition(on: "library_assets.root_id") else { return true }
        return try database.read {
            try $0.scalar("SELECT 1 FROM library_assets WHERE id = ? AND \(visible.sql)", arguments: [assetID] + visible.arguments) != nil
        }
    }

    /// Records that a photo cannot be decoded because of its file (damaged, or in a form Homepwner
    /// cannot read): it leaves its groups, its page says why, and the status names it, until a scan
    /// finds its file changed. Only when the version that failed is still the one on disk and in
    /// the library: a file replaced meanwhile is the next scan's to read.
    func markUnreadable(_ source: LibraryRenditions.Source, because error: ImagingError) {
        let reason: LibraryPhotoProblem
        switch error {
        case .damaged(let detail): reason = .damaged(detail: detail)
        case .unsupportedVariant(let variant): reason = .unsupportedVariant(variant)
        case .unsupportedFormat, .tooManyPixels, .processingFailed: return
        }
        var status = stat()
        guard stat(source.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              Self.fingerprint(size: Int64(status.st_size), modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec))
                == source.fingerprint else { return }
        let marked = (try? database.write { connection -> Bool in
            guard let (size, modified) = try connection.firstRow("SELECT size, mtime_ns FROM library_assets WHERE id = ?", source.assetID,
                                                                 decode: { ($0.int64(0), $0.int64(1)) }),
                  Self.fingerprint(size: size, modified: modified) == source.fingerprint else { return false }
            try connection.run("UPDATE library_assets SET error = ?, decode_failed = 1 WHERE id = ?", reason.stored, source.assetID)
            return true
        }) ?? false
        if marked { didChange() }
    }

    /// The photos found unreadable when their thumbnails were made, each with its file's path and
    /// what is wrong, in path order.
    func unreadablePhotos() throws -> [LibraryProblem] {
        try groupCache.unreadable.value(at: revision) {
            try database.read { connection in
                try connection.rows("""
                    SELECT library_roots.path, library_assets.relative_path, library_assets.error FROM library_assets
                    JOIN library_roots ON library_roots.id = library_assets.root_id
                    WHERE library_assets.decode_failed = 1 ORDER BY library_roots.path, library_assets.relative_path
                    """) { row in LibraryProblem.unreadablePhoto(path: "\(row.string(0))/\(row.string(1))", detail: LibraryPhotoProblem(stored: row.optionalString(2) ?? "")) }
            }
        }
    }

    func source(assetID: LibraryAsset.ID) throws -> LibraryRenditions.Source? {
        guard let (asset, path, root) = try located(assetID), let format = asset.format, asset.problem == nil else { return nil }
        let info = ImageInfo(format: format, width: asset.width, height: asset.height, orientation: asset.orientation)
        return LibraryRenditions.Source(assetID: asset.id, fingerprint: asset.fingerprint, path: path, root: root, info: info)
    }

    /// Every readable photo whose thumbnails are not made yet, newest first.
    func assetsNeedingRenditions() throws -> [LibraryRenditions.Source] {
        let rows = try database.read { connection in
            try connection.rows("""
                SELECT \(Self.assetColumns), library_roots.path, library_assets.relative_path FROM library_assets
                JOIN library_roots ON library_roots.id = library_assets.root_id
                WHERE error IS NULL AND format IS NOT NULL ORDER BY taken_at_ms DESC
                """) { row in (Self.decodeAsset(row), row.string(15), row.string(16)) }
        }
        return rows.compactMap { asset, root, relative in
            guard let format = asset.format, !renditions.exists(LibraryPhotoRendition.thumbnail256.rawValue, assetID: asset.id, fingerprint: asset.fingerprint) else { return nil }
            return LibraryRenditions.Source(assetID: asset.id, fingerprint: asset.fingerprint, path: "\(root)/\(relative)", root: root,
                                            info: ImageInfo(format: format, width: asset.width, height: asset.height, orientation: asset.orientation))
        }
    }

    /// The asset and its file's path, built from the root recorded for it (ids never carry paths).
    /// A path that now resolves outside its root (a symlink changed since the scan) is refused.
    private func located(_ assetID: LibraryAsset.ID) throws -> (asset: LibraryAsset, path: String, root: String)? {
        let found = try database.read { connection in
            try connection.firstRow("""
                SELECT \(Self.assetColumns), library_roots.path, library_assets.relative_path FROM library_assets
                JOIN library_roots ON library_roots.id = library_assets.root_id WHERE library_assets.id = ?
                """, assetID) { row in (Self.decodeAsset(row), row.string(15), row.string(16)) }
        }
        guard let (asset, root, relative) = found, let realRoot = DirectoryWalker.realPath(root),
              let real = DirectoryWalker.realPath("\(root)/\(relative)"), real.hasPrefix(realRoot + "/") else { return nil }
        return (asset, real, realRoot)
    }
}
