import Database
import Foundation
import Imaging
import Synchronization

/// Photos on disk: each original byte-for-byte under the SHA-256 of its bytes, with its renditions
/// beside it (`images/ab/abcd…/original.jpg`, `screen.jpg`, `thumb-80.jpg`, …). Renditions are a cache:
/// a missing one is remade from the original. Which items use which image is `ItemStore`'s business;
/// it takes `fileLock` around every change that adds or removes files, so an image being attached
/// is never deleted as unused at the same moment.
public final class ImageStore: Sendable {
    /// The screen rendition fits 2048 px, the report's 1024 px; thumbnails are 40 CSS px squares at 1×, 2× and 3×.
    public static let renditionSpecs = ItemPhotoRendition.allCases.map(\.spec)

    /// The store's folder, as a path made once: `URL.path` is rebuilt on every call, and every photo GET needs it.
    public let directory: String
    /// Images with more pixels are refused from their header, before decoding.
    public let maxPixels: Int
    private let database: Database
    private let fileLock = Mutex<Void>(())

    public init(directory: URL, database: Database, maxPixels: Int = 100_000_000) throws {
        self.directory = directory.path
        self.database = database
        self.maxPixels = maxPixels
        try AtomicFiles.makeFolder(self.directory)
    }

    /// An upload checked and cut into renditions, not yet stored anywhere.
    public struct PreparedImage: Sendable {
        public let image: StoredImage
        let original: [UInt8]
        let renditions: [Rendition]
    }

    /// Checks `bytes` (format, header, pixel limit) and makes every rendition. This is the slow part,
    /// so it runs before any lock is taken.
    public func prepare(_ bytes: [UInt8]) throws(ImagingError) -> PreparedImage {
        let info = try Imaging.inspect(bytes, maxPixels: maxPixels)
        let renditions = try Imaging.renditions(of: bytes, info: info, specs: Self.renditionSpecs)
        let image = StoredImage(hash: SHA256.hex(bytes), format: info.format, width: info.width, height: info.height, byteSize: bytes.count)
        return PreparedImage(image: image, original: bytes, renditions: renditions)
    }

    /// The original's file.
    public func originalPath(of image: StoredImage) -> String {
        folder(of: image.hash, file: "original.\(image.format.fileExtension)")
    }

    /// The file of rendition `name` of image `hash`, remade from the original if the cache lost it;
    /// nil when there is no such image or rendition.
    public func renditionPath(hash: String, name: String) throws -> String? {
        guard let path = renditionLocation(hash: hash, name: name) else { return nil }
        // withCString: passing a String straight to C copies it into a new array every time.
        if path.withCString({ access($0, F_OK) }) == 0 { return path }
        guard let image = try storedImage(hash: hash) else { return nil }
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: originalPath(of: image))))
        let prepared = try prepare(original)
        try withFileLock {
            // Deleted meanwhile: leave nothing behind.
            guard try storedImage(hash: hash) != nil else { return }
            try writeFiles(prepared)
        }
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Where rendition `name` of image `hash` is kept, whether or not it is there now (nothing is
    /// looked up); nil when `name` is not a rendition or `hash` not a content hash.
    public func renditionLocation(hash: String, name: String) -> String? {
        guard SHA256.isWellFormed(hash), ItemPhotoRendition(rawValue: name) != nil else { return nil }
        return folder(of: hash, file: "\(name).jpg")
    }

    /// The recorded image with this hash, if any.
    public func storedImage(hash: String) throws -> StoredImage? {
        guard SHA256.isWellFormed(hash) else { return nil }
        return try HouseholdDatabase(database, household: 1).read { connection in
            try connection.firstRow("SELECT \(Self.columns) FROM images WHERE household_id = :household AND hash = ?", hash, decode: { Self.decode($0, from: 0) }) ?? nil
        }
    }

    // MARK: For ItemStore, under the file lock

    static let columns: HouseholdSQL = "hash, format, width, height, byte_size"
    /// `columns`, each named with its table, for a query that joins `images`.
    static let joinedColumns: HouseholdSQL = "images.hash, images.format, images.width, images.height, images.byte_size"

    /// Reads an image from the row's columns starting at `column` (nil when the hash there is NULL).
    static func decode(_ row: Row, from column: Int32) -> StoredImage? {
        guard let hash = row.optionalString(column), let format = ImageFormat(rawValue: row.string(column + 1)) else { return nil }
        return StoredImage(hash: hash, format: format, width: row.int(column + 2), height: row.int(column + 3), byteSize: row.int(column + 4))
    }

    func withFileLock<T>(_ body: () throws -> T) throws -> T {
        try fileLock.withLock { _ in try body() }
    }

    /// Makes sure the original and every rendition of `prepared` are on disk. A new image's folder is
    /// filled under a temporary name and renamed into place, so it appears whole or not at all.
    func writeFiles(_ prepared: PreparedImage) throws {
        let hash = prepared.image.hash
        let final = folder(of: hash)
        let manager = FileManager.default
        if manager.fileExists(atPath: originalPath(of: prepared.image)) {
            // Written beside the photo's folder, not in it: a kill leaves its `.tmp-…` where the start-up
            // sweep looks anyway, and the sweep need not open each of a hundred thousand photos' folders.
            for rendition in prepared.renditions where !manager.fileExists(atPath: "\(final)/\(rendition.spec.name).jpg") {
                try AtomicFiles.write(rendition.jpeg, to: "\(final)/\(rendition.spec.name).jpg", temporaryIn: final.parentPath)
            }
            return
        }
        let parent = final.parentPath
        let staging = "\(parent)/.staging-\(UUID().uuidString)"
        try AtomicFiles.makeFolder(staging)
        do {
            try AtomicFiles.write(prepared.original, to: "\(staging)/original.\(prepared.image.format.fileExtension)")
            for rendition in prepared.renditions {
                try AtomicFiles.write(rendition.jpeg, to: "\(staging)/\(rendition.spec.name).jpg")
            }
            if manager.fileExists(atPath: final) { try manager.removeItem(atPath: final) }
            try manager.moveItem(atPath: staging, toPath: final)
            try AtomicFiles.syncFolder(parent)
        } catch {
            try? manager.removeItem(atPath: staging)
            throw error
        }
    }

    /// Removes an image's folder: renamed away first, so it vanishes at once.
    func deleteFiles(hash: String) {
        guard SHA256.isWellFormed(hash) else { return }
        AtomicFiles.removeFolderAtOnce(folder(of: hash))
    }

    /// `images/ab/abcd…`, or a file in it. Made as bytes, in one go: on every photo GET, and each
    /// `+=` or interpolation of a String checks grapheme boundaries (3,000 instructions here).
    private func folder(of hash: String, file: String? = nil) -> String {
        let slash = UInt8(ascii: "/")
        var path: [UInt8] = []
        path.reserveCapacity(directory.utf8.count + 4 + hash.utf8.count + (file?.utf8.count ?? 0))
        path += directory.utf8
        path.append(slash)
        path += hash.utf8.prefix(2)
        path.append(slash)
        path += hash.utf8
        if let file {
            path.append(slash)
            path += file.utf8
        }
        return String(decoding: path, as: UTF8.self)
    }
}
