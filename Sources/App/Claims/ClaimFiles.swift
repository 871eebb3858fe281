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
        let fileExtension: String
        let kind: ItemPhoto.Kind
    }

    struct Document {
        let path: String?
        let document: ItemDocument
    }

    struct LibraryPhoto {
        let original: String?
        /// The size the report prints (`LibraryPhotoRendition.report`).
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

    /// - Parameters:
    ///   - access: the library photos the caller may see; nil: none.
    ///   - printSizes: find each photo's print size, made from its original if missing (the report);
    ///     the evidence archive sends originals only and must not wait for sizes it never reads.
    ///   - shouldStop: asked before each line (making print sizes decodes originals): once true,
    ///     `ResponseBodyWriter.Closed.clientGone` is thrown.
    init(sheet: ClaimSheet, items: ItemStore, library: PhotoLibrary?, access: LibraryAccess?, printSizes: Bool,
         stopWhen shouldStop: () -> Bool = { false }) throws {
        entries = try sheet.schedule.lines.compactMap { line -> Entry? in
            if shouldStop() { throw ResponseBodyWriter.Closed.clientGone }
            guard let item = sheet.items[line.itemID] else { return nil }
            var entry = Entry(line: ClaimScheduleLineRef(number: line.number, itemID: line.itemID, name: line.name))
            for photo in item.photos {
                entry.photos.append(Photo(original: items.images.originalPath(of: photo.image),
                                          printed: printSizes ? try items.images.renditionPath(hash: photo.image.hash, name: ItemPhotoRendition.report.rawValue) : nil,
                                          sha256: photo.image.hash, fileExtension: photo.image.format.fileExtension, kind: photo.kind))
            }
            entry.documents = item.documents.map { Document(path: items.documents.originalPath(sha256: $0.sha256), document: $0) }
            if let library, let access {
                for link in item.evidence {
                    let asset = try library.asset(id: link.assetID, visibleTo: access)
                    let original = try library.originalFile(assetID: link.assetID, visibleTo: access)?.path
                    // A photo whose print size cannot be made prints from its original, or as a note saying it cannot be read.
                    let printed = printSizes ? asset.flatMap {
                        try? library.renditionFile(assetID: $0.id, fingerprint: $0.fingerprint, name: LibraryPhotoRendition.report.rawValue, visibleTo: access)
                    } : nil
                    let fileName = asset?.fileName ?? URL(fileURLWithPath: link.lastPath).lastPathComponent
                    entry.library.append(LibraryPhoto(original: original, printed: printed, fileName: fileName, takenAt: link.takenAt ?? asset?.takenAt,
                                                      camera: link.camera ?? asset?.camera))
                }
            }
            return entry
        }
    }
}

/// Which line a file belongs to.
struct ClaimScheduleLineRef {
    let number: Int
    let itemID: Int64
    let name: String

    /// `003 Mirrorless Camera`: a folder name any system takes (no slashes, no control characters, at most 80 characters).
    var folderName: String {
        let number = String(repeating: "0", count: max(0, 3 - String(self.number).count)) + String(self.number)
        let cleaned = name.unicodeScalars.map { scalar -> String in
            if scalar.properties.generalCategory == .control || "/\\:*?\"<>|".unicodeScalars.contains(scalar) { return " " }
            return String(scalar)
        }.joined().split(separator: " ").joined(separator: " ")
        let short = String(cleaned.prefix(72)).trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        return short.isEmpty ? number : "\(number) \(short)"
    }
}
