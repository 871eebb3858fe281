import Foundation

/// What a process killed mid-change leaves in the stores' folders, and how it is cleared. A change
/// writes its files before the row that names them commits, and removes them after the row that named
/// them is gone (`withFiles`, a backup's attachments in `applyBackup`), so a kill in between leaves a
/// folder no row names; a kill while a folder is filled or removed leaves its `.staging-…` or
/// `.deleted-…` folder, and one while a rendition is remade its `.tmp-…` file, all three beside the
/// content folders (`ab/.tmp-…`), so the sweep lists the 256 shard folders and opens no content folder.
/// (A data folder written before December 2026 may keep a `.tmp-…` file inside a photo's folder; it is
/// never read.)
extension ItemStore {
    /// What `removeLeftoverFiles` removed: paths relative to the store's folder (`ab/abcd…`).
    public struct LeftoverFiles: Sendable, Equatable {
        public var images: [String] = []
        public var documents: [String] = []
        public var videos: [String] = []
        public var count: Int { images.count + documents.count + videos.count }

        public init() {}
    }

    /// Removes what no row names from the image and document stores: content folders of no image or
    /// document, staging and half-deleted folders, temporary files. Only what the stores themselves
    /// name so; anything else in their folders stays. Call it while no other process changes this
    /// data folder (a starting server alone): a folder another process is filling has no row yet.
    @discardableResult
    public func removeLeftoverFiles() throws -> LeftoverFiles {
        try images.withFileLock {
            try documents.withFileLock {
                let (imageHashes, documentHashes, videoHashes) = try database.read(serverWide: .leftovers) { connection in
                    (Set(try connection.rows("SELECT hash FROM images") { $0.string(0) }),
                     Set(try connection.rows("SELECT DISTINCT sha256 FROM item_documents") { $0.string(0) }),
                     Set(try connection.rows("SELECT DISTINCT video_sha256 FROM walkthroughs") { $0.string(0) }))
                }
                var removed = LeftoverFiles()
                removed.images = ContentFolderSweep.removeLeftovers(in: images.directory, keeping: imageHashes) { images.deleteFiles(hash: $0) }
                removed.documents = ContentFolderSweep.removeLeftovers(in: documents.directory, keeping: documentHashes) { documents.deleteFiles(sha256: $0) }
                removed.videos = ContentFolderSweep.removeLeftovers(in: videos.directory, keeping: videoHashes) { videos.deleteFiles(sha256: $0) }
                // A video staged for an upload that never got its row.
                for name in (try? FileManager.default.contentsOfDirectory(atPath: videos.directory)) ?? [] where name.hasPrefix(".staging-") {
                    try? FileManager.default.removeItem(atPath: "\(videos.directory)/\(name)")
                    removed.videos.append(name)
                }
                return removed
            }
        }
    }
}
