import Claims
import Foundation
import HTTPServer
import Imaging
import Inventory
import PhotoLibrary

/// The files behind a claim's lines: each item's photos, documents and linked library photos, with
/// where they are on disk now. Read once, then written into the report or the evidence archive.
struct ClaimFiles {
    struct Photo {
        let original: String
        /// The size the report prints (`ItemPhotoRendition.report`).
        let printed: String?
        let sha256: String
        let format: ImageFormat
        let kind: ItemPhoto.Kind
        /// When the camera says it was taken (EXIF, wall-clock time), read from the header for the report.
        var takenAt: Date?
    }

    struct Document {
        let path: String?
        let document: ItemDocument
    }

    struct LibraryPhoto {
        /// Its photo in the library: its original is opened through the library's door when the
        /// archive comes to it (`openOriginal(of:)`), never held open for the whole claim.
        let assetID: LibraryAsset.ID
        /// The size the report prints (`LibraryPhotoRendition.report`), made through the same door;
        /// nil when it cannot be made, and the report says the photo could not be read.
        let printed: String?
        let fileName: String
        let takenAt: Date?
        let camera: String?
    }

    struct Entry {
        let line: ClaimScheduleLineRef
        var photos: [Photo] = []
        var documents: [Document] = []
        var library: [LibraryPhoto] = []
    }

    let entries: [Entry]
    private let library: PhotoLibrary?
    private let access: LibraryAccess?

    /// - Parameters:
    ///   - access: the library photos the caller may see; nil: none.
    ///   - printSizes: find each photo's print size, made from its original if missing (the report);
    ///     the evidence archive sends originals only and must not wait for sizes it never reads.
    ///   - shouldStop: asked before each line (making print sizes decodes originals): once true,
    ///     `ResponseBodyWriter.Closed.clientGone` is thrown.
    init(sheet: ClaimSheet, items: ItemStore, library: PhotoLibrary?, access: LibraryAccess?, printSizes: Bool,
         stopWhen shouldStop: () -> Bool = { false }) throws {
        self.library = library
        self.access = access
        entries = try sheet.schedule.lines.compactMap { line -> Entry? in
            if shouldStop() { throw ResponseBodyWriter.Closed.clientGone }
            guard let item = sheet.items[line.itemID] else { return nil }
            var entry = Entry(line: ClaimScheduleLineRef(number: line.number, itemID: line.itemID, name: line.name))
            for photo in item.photos {
                let original = items.images.originalPath(of: photo.image)
                // The header only, of a photo already checked when it was stored: its pixel count was
                // held to the limit then.
                let takenAt = printSizes ? (try? Imaging.inspectFile(atPath: original, maxPixels: .max))?.1.takenAt : nil
                entry.photos.append(Photo(original: original,
                                          printed: printSizes ? try items.images.renditionPath(hash: photo.image.hash, name: ItemPhotoRendition.report.rawValue) : nil,
                                          sha256: photo.image.hash, format: photo.image.format, kind: photo.kind, takenAt: takenAt))
            }
            entry.documents = item.documents.map { Document(path: items.documents.originalPath(sha256: $0.sha256), document: $0) }
            if let library, let access {
                for link in item.evidence {
                    let asset = try library.asset(id: link.assetID, visibleTo: access)
                    // Made from the screen size, itself made from the original through the library's door. A photo
                    // whose print size cannot be made cannot be decoded from its original either: the report says so.
                    let printed = printSizes ? asset.flatMap {
                        try? library.renditionFile(assetID: $0.id, fingerprint: $0.fingerprint, name: LibraryPhotoRendition.report.rawValue, visibleTo: access)
                    } : nil
                    let fileName = asset?.fileName ?? URL(fileURLWithPath: link.lastPath).lastPathComponent
                    entry.library.append(LibraryPhoto(assetID: link.assetID, printed: printed, fileName: fileName, takenAt: link.takenAt ?? asset?.takenAt,
                                                      camera: link.camera ?? asset?.camera))
                }
            }
            return entry
        }
    }

    /// A library photo's original, opened through the library's door: nil when it is gone from the
    /// library, out of the caller's sight, or no longer a regular file inside its root (a FIFO, a
    /// device, a link out of the root: a file that cannot be read, never one that is waited for).
    func openOriginal(of photo: LibraryPhoto) throws -> LibraryOriginal? {
        guard let library, let access else { return nil }
        return try library.openOriginal(assetID: photo.assetID, visibleTo: access)
    }
}

/// Which line a file belongs to.
struct ClaimScheduleLineRef {
    let number: Int
    let itemID: Item.ID
    let name: String

    /// `003 Mirrorless Camera`: a folder name any system takes (`SafeFileName`: no slashes, control,
    /// bidi or invisible characters; at most 100 bytes).
    var folderName: String {
        let number = String(repeating: "0", count: max(0, 3 - String(self.number).count)) + String(self.number)
        let short = SafeFileName.cleaned(name, maxBytes: 96)
        return short.isEmpty ? number : "\(number) \(short)"
    }
}
