import Foundation
import Imaging
import PDFPreview
import Synchronization

/// Documents on disk: each file byte for byte under the SHA-256 of its bytes
/// (`documents/ab/abcd…/original`), with a thumbnail beside it when one could be made
/// (`thumb.png` of a PDF's first page, `thumb.jpg` of an image). Which items use which file is
/// `ItemStore`'s business; it takes `fileLock` around every change that adds or removes files.
public final class DocumentStore: Sendable {
    /// The longer side of a thumbnail, in pixels: 128 CSS px at 2×.
    public static let thumbnailSize = 256

    public let directory: String
    /// Makes first-page thumbnails of PDFs, within its page, size and time limits.
    public let pdfPreview: PDFPreview
    private let maxPixels: Int
    private let fileLock = Mutex<Void>(())

    public init(directory: URL, maxPixels: Int = 100_000_000, pdfPreview: PDFPreview = PDFPreview()) throws {
        self.directory = directory.path
        self.maxPixels = maxPixels
        self.pdfPreview = pdfPreview
        try AtomicFiles.makeFolder(self.directory)
    }

    /// A file checked and thumbnailed, not yet stored anywhere.
    public struct PreparedDocument: Sendable {
        public let bytes: [UInt8]
        public let type: DocumentType
        public let sha256: String
        let thumbnail: [UInt8]?
    }

    /// Sniffs `bytes` (refusing what is not a PDF, an image or plain text) and makes the thumbnail:
    /// the slow part, so it runs before any lock. A file that cannot be thumbnailed (a damaged PDF)
    /// is still kept: it is evidence.
    public func prepare(_ bytes: [UInt8]) throws(InventoryError) -> PreparedDocument {
        guard let type = DocumentType(sniffing: bytes) else { throw .unsupportedDocumentType }
        let thumbnail: [UInt8]? = switch type {
        case .pdf: pdfPreview.firstPagePNG(of: bytes, fitting: Self.thumbnailSize)
        case .image: try? imageThumbnail(of: bytes)
        case .text: nil
        }
        return PreparedDocument(bytes: bytes, type: type, sha256: SHA256.hex(bytes), thumbnail: thumbnail)
    }

    private func imageThumbnail(of bytes: [UInt8]) throws -> [UInt8]? {
        let info = try Imaging.inspect(bytes, maxPixels: maxPixels)
        let spec = RenditionSpec(name: "thumb", shape: .fit(Self.thumbnailSize))
        return try Imaging.renditions(of: bytes, info: info, specs: [spec]).first?.jpeg
    }

    /// The file of a document's bytes.
    public func originalPath(sha256: String) -> String? {
        Self.originalPath(sha256: sha256, under: directory)
    }

    /// Where a store kept in `directory` keeps the file of `sha256`, without opening (or making) the
    /// store: a backup reads its own copy this way.
    public static func originalPath(sha256: String, under directory: String) -> String? {
        SHA256.isWellFormed(sha256) ? "\(directory)/\(sha256.prefix(2))/\(sha256)/original" : nil
    }

    /// The file of a document's thumbnail and its type, for a document of `type`.
    public func thumbnailPath(sha256: String, type: DocumentType) -> (path: String, contentType: String)? {
        guard SHA256.isWellFormed(sha256) else { return nil }
        return switch type {
        case .pdf: ("\(folder(of: sha256))/thumb.png", "image/png")
        case .image: ("\(folder(of: sha256))/thumb.jpg", "image/jpeg")
        case .text: nil
        }
    }

    // MARK: For ItemStore and ClaimStore (expenses' receipts), under the file lock

    public func withFileLock<T>(_ body: () throws -> T) throws -> T {
        try fileLock.withLock { _ in try body() }
    }

    /// Makes sure the document's files are on disk: a new one's folder is filled under a temporary
    /// name and renamed into place, so it appears whole or not at all.
    public func writeFiles(_ prepared: PreparedDocument) throws {
        let final = folder(of: prepared.sha256)
        if FileManager.default.fileExists(atPath: "\(final)/original") { return }
        let staging = "\(final.parentPath)/.staging-\(UUID().uuidString)"
        try AtomicFiles.makeFolder(staging)
        do {
            try AtomicFiles.write(prepared.bytes, to: "\(staging)/original")
            if let thumbnail = prepared.thumbnail, let (path, _) = thumbnailPath(sha256: prepared.sha256, type: prepared.type) {
                try AtomicFiles.write(thumbnail, to: "\(staging)/\(path.split(separator: "/").last!)")
            }
            if FileManager.default.fileExists(atPath: final) { try FileManager.default.removeItem(atPath: final) }
            try FileManager.default.moveItem(atPath: staging, toPath: final)
            try AtomicFiles.syncFolder(final.parentPath)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
    }

    /// Removes a document's folder: renamed away first, so it vanishes at once.
    public func deleteFiles(sha256: String) {
        guard SHA256.isWellFormed(sha256) else { return }
        AtomicFiles.removeFolderAtOnce(folder(of: sha256))
    }

    private func folder(of sha256: String) -> String {
        "\(directory)/\(sha256.prefix(2))/\(sha256)"
    }
}
