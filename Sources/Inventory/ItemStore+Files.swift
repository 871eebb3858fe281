import Database
import Foundation

/// How changes that add or free content-addressed files keep the files and the rows in step.
extension ItemStore {
    /// Content nothing uses any more once a change commits: image hashes and document hashes.
    struct FilesToDelete {
        var images: Set<String> = []
        var documents: Set<String> = []
    }

    /// Runs `body` as one change under both stores' file locks (the image store's first, always).
    /// `image` and `document` are written before it (the image's row is added in the same change);
    /// if the change fails, the files this call wrote for content nothing else had are removed again,
    /// and once it commits, the files of the content it freed are deleted. So an image or document
    /// being added is never deleted as unused at the same moment, and nothing is half-saved.
    func withFiles<T>(adding image: ImageStore.PreparedImage? = nil, _ document: DocumentStore.PreparedDocument? = nil,
                      _ body: (HouseholdConnection) throws -> (T, FilesToDelete)) throws -> T {
        try images.withFileLock {
            try documents.withFileLock {
                var written = FilesToDelete()
                if let image, try images.storedImage(hash: image.image.hash) == nil { written.images.insert(image.image.hash) }
                if let document, try household.read({ try Self.isDocumentUnused(document.sha256, in: $0) }) {
                    written.documents.insert(document.sha256)
                }
                let (result, unused): (T, FilesToDelete)
                do {
                    if let image { try images.writeFiles(image) }
                    if let document { try documents.writeFiles(document) }
                    (result, unused) = try change { connection in
                        if let image = image?.image {
                            try connection.run(
                                "INSERT OR IGNORE INTO images (household_id, hash, format, width, height, byte_size, created_ms) VALUES (:household, ?, ?, ?, ?, ?, ?)",
                                image.hash, image.format.rawValue, image.width, image.height, image.byteSize, Self.nowMilliseconds())
                        }
                        return try body(connection)
                    }
                } catch {
                    written.images.forEach { images.deleteFiles(hash: $0) }
                    written.documents.forEach { documents.deleteFiles(sha256: $0) }
                    throw error
                }
                unused.images.forEach { images.deleteFiles(hash: $0) }
                unused.documents.forEach { documents.deleteFiles(sha256: $0) }
                return result
            }
        }
    }
}

extension ItemStore {
    static func nowMilliseconds() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
}
