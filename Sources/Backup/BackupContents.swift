import Database
import Foundation
import Home
import Inventory

/// What one backup's database copy holds, read from the copy itself (so the files and the index
/// agree with the database exactly): the items, their rooms, totals and currency, and the folders
/// of the photos and documents it names.
struct BackupContents {
    let items: [Item]
    let locations: [Location]
    let totals: InventoryTotals
    let currency: Currency
    /// Each photo's original in the live data folder, by its SHA-256.
    let photoOriginals: [String: String]
    /// Each document's file in the live data folder, by its SHA-256.
    let documentOriginals: [String: String]

    /// Each photo's and document's folder in the live data folder (original, renditions or thumbnail).
    var contentFolders: [String] {
        Set((Array(photoOriginals.values) + Array(documentOriginals.values)).map { ($0 as NSString).deletingLastPathComponent }).sorted()
    }

    /// Reads the copy at `databaseCopy` without changing a byte of it; file paths are those of
    /// `source`'s data folder, where the files are copied from.
    static func read(databaseCopy: String, source: BackupSource) throws -> BackupContents {
        let database = try Database(readingOnly: databaseCopy)
        let store = try HomeEnvironment.inventory(database: database, images: URL(fileURLWithPath: source.imagesFolder),
                                                  documents: URL(fileURLWithPath: source.documentsFolder))
        let images = store.images
        let items = try store.all()
        var photos: [String: String] = [:], documents: [String: String] = [:]
        for item in items {
            for photo in item.photos { photos[photo.image.hash] = images.originalPath(of: photo.image) }
            for document in item.documents { documents[document.sha256] = store.documents.originalPath(sha256: document.sha256) }
        }
        return BackupContents(items: items, locations: try store.locations(), totals: try store.totals(), currency: try store.currency(),
                              photoOriginals: photos, documentOriginals: documents)
    }
}
