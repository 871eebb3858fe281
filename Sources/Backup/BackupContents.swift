import Claims
import Database
import Foundation
import Home
import Inventory

/// What one backup's database copy holds, read from the copy itself (so the files and the index
/// agree with the database exactly): the items, their rooms, totals and currency, and the folders
/// of the photos, documents, expenses' receipts and walk-through videos it names.
struct BackupContents {
    let items: [Item]
    let locations: [Location]
    let totals: InventoryTotals
    let currency: Currency
    /// Each photo's original in the live data folder, by its SHA-256.
    let photoOriginals: [String: String]
    /// Each document's file in the live data folder, by its SHA-256.
    let documentOriginals: [String: String]
    /// Each living expense's receipt in the live data folder, by its SHA-256.
    let receiptOriginals: [String: String]
    /// The places' walk-throughs, by place.
    let walkthroughs: [Walkthrough]
    /// Each walk-through's video in the live data folder, by its SHA-256.
    let videoOriginals: [String: String]
    /// Each walk-through's poster and candidate frames in the live data folder, by image hash: images
    /// no item may show, which a restored walk-through still needs.
    let frameOriginals: [String: String]

    /// Every file the database names, in the live data folder.
    var originals: [String] {
        Array(photoOriginals.values) + Array(documentOriginals.values) + Array(receiptOriginals.values) + Array(videoOriginals.values) + Array(frameOriginals.values)
    }

    /// Each photo's, document's, receipt's, video's and frame's folder in the live data folder (original,
    /// renditions or thumbnail).
    var contentFolders: [String] {
        Set(originals.map { ($0 as NSString).deletingLastPathComponent }).sorted()
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
        let receiptsFolder = HomeEnvironment.receiptsFolder(in: URL(fileURLWithPath: source.documentsFolder)).path
        var receipts: [String: String] = [:]
        for sha256 in try ClaimStore.receiptHashes(in: database, for: .backupContents) { receipts[sha256] = DocumentStore.originalPath(sha256: sha256, under: receiptsFolder) }
        let walkthroughs = try store.allWalkthroughs()
        var videos: [String: String] = [:], frames: [String: String] = [:]
        for walkthrough in walkthroughs {
            videos[walkthrough.sha256] = store.videoPath(of: walkthrough)
            for image in [walkthrough.poster].compactMap({ $0 }) + walkthrough.frames.map(\.image) where photos[image.hash] == nil {
                frames[image.hash] = images.originalPath(of: image)
            }
        }
        return BackupContents(items: items, locations: try store.locations(), totals: try store.totals(), currency: try store.currency(),
                              photoOriginals: photos, documentOriginals: documents, receiptOriginals: receipts,
                              walkthroughs: walkthroughs, videoOriginals: videos, frameOriginals: frames)
    }
}
