import Database
import Dispatch
import Foundation
import Imaging
import Synchronization

extension LibraryScanner {
    /// Reads the headers of new and changed photos in every root, stores what they say, and forgets
    /// photos that are gone. Unchanged files (same size and modification time) are not opened.
    /// Groups appear as their photos are stored. Returns the final status.
    /// - Parameter prefillRenditions: afterwards, make every photo's thumbnails in the background.
    @discardableResult
    public func scan(progress: (@Sendable (LibraryStatus) -> Void)? = nil, prefillRenditions: Bool = true) -> LibraryStatus {
        guard isScanning.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return status }
        defer { isScanning.store(false, ordering: .releasing) }
        let problems = roots.compactMap(DirectoryWalker.problem(withRoot:))
        update(progress) { status in
            status = LibraryStatus()
            status.isConfigured = !roots.isEmpty
            status.rootProblems = problems
            status.state = !roots.isEmpty && problems.count == roots.count ? .inaccessible : .scanning
            status.problem = status.state == .inaccessible ? problems.first : nil
            status.scanStarted = Date()
        }
        for root in roots where !problems.contains(where: { $0.path == root }) {
            guard !isStopped.load(ordering: .relaxed) else { break }
            scan(root: root, progress: progress)
        }
        update(progress) { status in
            if status.state == .scanning { status.state = .ready }
            status.scanFinished = Date()
        }
        catalogue.didChange()
        guard prefillRenditions, !isStopped.load(ordering: .relaxed) else { return status }
        renditions.prefill(assets: (try? catalogue.assetsNeedingRenditions()) ?? []) { [catalogue] source, error in
            catalogue.markUnreadable(source, because: error)
        }
        return status
    }

    private func scan(root: String, progress: (@Sendable (LibraryStatus) -> Void)?) {
        guard let rootID = rootIDs[root] else { return }
        let listing = DirectoryWalker(root: root).list()
        let known = (try? database.read { connection in
            // Photos whose headers could not be read are looked at again on every scan: the cause may have
            // passed. One whose pixels could not be decoded waits for its file to change: its header reads.
            try connection.rows("""
                SELECT relative_path, size, mtime_ns FROM library_assets WHERE root_id = ? AND (error IS NULL OR decode_failed = 1)
                """, rootID) { row in
                (row.string(0), row.int64(1), row.int64(2))
            }
        }) ?? []
        var unchanged: [String: (Int64, Int64)] = [:]
        for (path, size, modified) in known { unchanged[path] = (size, modified) }
        let changed = listing.files.filter { file in
            guard let (size, modified) = unchanged[file.relativePath] else { return true }
            return size != file.size || modified != file.modifiedNanoseconds
        }
        update(progress) { status in
            status.count(root, total: listing.files.count, scanned: listing.files.count - changed.count)
            status.folderProblems += listing.problems.map { "\(root)/\($0)" }
        }

        // Headers are read on every core; each batch is stored in one transaction, so its groups show up at once.
        let batchSize = 256
        for start in stride(from: 0, to: changed.count, by: batchSize) {
            // Stopping: what is stored stays, the rest waits for the next scan (and is not forgotten below).
            if isStopped.load(ordering: .relaxed) { return }
            let batch = Array(changed[start..<min(start + batchSize, changed.count)])
            let results = Mutex([Inspection?](repeating: nil, count: batch.count))
            DispatchQueue.concurrentPerform(iterations: min(batch.count, ProcessInfo.processInfo.activeProcessorCount)) { worker in
                var index = worker
                let workers = min(batch.count, ProcessInfo.processInfo.activeProcessorCount)
                while index < batch.count {
                    let inspection = inspect(root: root, file: batch[index])
                    results.withLock { $0[index] = inspection }
                    index += workers
                }
            }
            let inspections = results.withLock { $0 }
            var skipped = 0
            do {
                try database.write { connection in
                    for (file, inspection) in zip(batch, inspections) {
                        switch inspection {
                        case .photo(let info, let metadata)?:
                            try store(file, root: root, rootID: rootID, info: info, metadata: metadata, problem: nil, in: connection)
                        case .unreadable(let reason)?:
                            try store(file, root: root, rootID: rootID, info: nil, metadata: PhotoMetadata(), problem: reason, in: connection)
                        case .notAPhoto?:
                            skipped += 1
                            try forget(relativePath: file.relativePath, rootID: rootID, in: connection)
                        case .vanished?, nil:
                            // Changed or gone while we looked: the next scan sees it as it is then.
                            continue
                        }
                    }
                }
            } catch {
                update(progress) { $0.folderProblems.append("\(root): could not store scan results: \(error)") }
            }
            catalogue.didChange()
            update(progress) { status in status.count(root, scanned: batch.count, skipped: skipped) }
        }
        let present = Set(listing.files.map(\.relativePath))
        _ = try? database.write { connection in
            let gone = try connection.rows("SELECT relative_path FROM library_assets WHERE root_id = ?", rootID) { $0.string(0) }
                .filter { !present.contains($0) }
            for path in gone { try forget(relativePath: path, rootID: rootID, in: connection) }
            try removeEmptyAlbums(rootID: rootID, root: root, in: connection)
        }
        catalogue.didChange()
    }

    enum Inspection: Sendable {
        case photo(ImageInfo, PhotoMetadata)
        case unreadable(LibraryPhotoProblem)
        case notAPhoto
        case vanished
    }

    private func inspect(root: String, file: DirectoryWalker.File) -> Inspection {
        let path = "\(root)/\(file.relativePath)"
        // Replaced since it was listed by something that is not a file (a FIFO would never answer).
        guard let opened = RegularFile(path: path, inside: root) else { return .vanished }
        do {
            let (info, metadata) = try opened.withPath { path throws(ImagingError) in try Imaging.inspectFile(atPath: path, maxPixels: maxPixels) }
            return .photo(info, metadata)
        } catch .unsupportedFormat {
            return FileManager.default.fileExists(atPath: path) ? .notAPhoto : .vanished
        } catch .unsupportedVariant(let variant) {
            return FileManager.default.fileExists(atPath: path) ? .unreadable(.unsupportedVariant(variant)) : .vanished
        } catch .damaged(let detail) {
            return FileManager.default.fileExists(atPath: path) ? .unreadable(.damaged(detail: detail)) : .vanished
        } catch .tooManyPixels(let width, let height, let limit) {
            return .unreadable(.tooManyPixels(width: width, height: height, limit: limit))
        } catch {
            return .unreadable(.described("This photo cannot be read: \(error)."))
        }
    }

    private func store(
        _ file: DirectoryWalker.File, root: String, rootID: Int64, info: ImageInfo?, metadata: PhotoMetadata, problem: LibraryPhotoProblem?,
        in connection: Connection
    ) throws {
        let albumID = try ensureAlbum(relativeDirectory: file.relativeDirectory, root: root, rootID: rootID, in: connection)
        let id = ids.asset(root: root, relativePath: file.relativePath)
        let takenAt: Int64
        if let date = metadata.takenAt {
            takenAt = Int64((date.timeIntervalSince1970 * 1000).rounded())
        } else {
            // The file's time, as wall-clock time here, to sit beside camera times (which are local).
            let seconds = file.modifiedNanoseconds / 1_000_000_000
            let offset = Int64(TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))))
            takenAt = (seconds + offset) * 1000 + (file.modifiedNanoseconds % 1_000_000_000) / 1_000_000
        }
        try connection.run("""
            INSERT INTO library_assets (id, root_id, album_id, relative_path, file_name, size, mtime_ns, format, width, height,
                orientation, taken_at_ms, taken_at_from_exif, camera, latitude, longitude, error)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET album_id = excluded.album_id, size = excluded.size, mtime_ns = excluded.mtime_ns,
                format = excluded.format, width = excluded.width, height = excluded.height, orientation = excluded.orientation,
                taken_at_ms = excluded.taken_at_ms, taken_at_from_exif = excluded.taken_at_from_exif, camera = excluded.camera,
                latitude = excluded.latitude, longitude = excluded.longitude, error = excluded.error, decode_failed = 0
            """,
            id, rootID, albumID, file.relativePath, file.name, file.size, file.modifiedNanoseconds, info?.format.rawValue,
            info?.width ?? 0, info?.height ?? 0, info?.orientation ?? 1, takenAt, metadata.takenAt != nil,
            metadata.camera, metadata.latitude, metadata.longitude, problem?.stored)
        try connection.run("DELETE FROM library_people WHERE asset_id = ?", id)
        for person in metadata.people {
            try connection.run("INSERT OR IGNORE INTO library_people (asset_id, name) VALUES (?, ?)", id, person)
        }
    }

    /// The album for a folder, with rows for the folders above it (for the breadcrumb).
    private func ensureAlbum(relativeDirectory: String, root: String, rootID: Int64, in connection: Connection) throws -> String {
        let id = ids.make("album", root, relativeDirectory)
        if try connection.scalar("SELECT 1 FROM library_albums WHERE id = ?", id) != nil { return id }
        let parent: String? = relativeDirectory.isEmpty
            ? nil
            : try ensureAlbum(relativeDirectory: relativeDirectory.parentPath, root: root, rootID: rootID, in: connection)
        let name = relativeDirectory.isEmpty ? root.lastPathPart : relativeDirectory.lastPathPart
        try connection.run(
            "INSERT INTO library_albums (id, root_id, relative_path, parent_id, name) VALUES (?, ?, ?, ?, ?)",
            id, rootID, relativeDirectory, parent, name)
        return id
    }

    private func forget(relativePath: String, rootID: Int64, in connection: Connection) throws {
        try connection.run(
            "DELETE FROM library_people WHERE asset_id IN (SELECT id FROM library_assets WHERE root_id = ? AND relative_path = ?)",
            rootID, relativePath)
        try connection.run("DELETE FROM library_assets WHERE root_id = ? AND relative_path = ?", rootID, relativePath)
    }

    /// Drops albums that hold no photos, directly or below.
    private func removeEmptyAlbums(rootID: Int64, root: String, in connection: Connection) throws {
        let withPhotos = Set(try connection.rows("SELECT DISTINCT album_id FROM library_assets WHERE root_id = ?", rootID) { $0.string(0) })
        let albums = try connection.rows("SELECT id, parent_id FROM library_albums WHERE root_id = ?", rootID) { ($0.string(0), $0.optionalString(1)) }
        let parents = Dictionary(albums.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
        var keep = Set<String>()
        for album in withPhotos {
            var current: String? = album
            while let id = current, keep.insert(id).inserted { current = parents[id] ?? nil }
        }
        for (id, _) in albums where !keep.contains(id) {
            try connection.run("DELETE FROM library_albums WHERE id = ?", id)
        }
    }

    func update(_ progress: (@Sendable (LibraryStatus) -> Void)?, _ change: (inout LibraryStatus) -> Void) {
        let status = statusBox.withLock { status -> LibraryStatus in
            change(&status)
            return status
        }
        progress?(status)
    }
}
