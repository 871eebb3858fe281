import Foundation

/// What `index.html` shows, as plain values: rooms in order, each item with every field already
/// in words, and the relative links to its photos and files inside the backup.
struct BackupIndexModel: Sendable {
    let madeAt: String
    let itemCount: Int
    /// "$24,310.00 in all · 3 without a value".
    let total: String
    let photoCount: Int
    let documentCount: Int
    let rooms: [Room]
    /// Items no longer owned: kept for their history, out of the totals.
    let disposed: [ItemEntry]
    /// What was wrong with the data folder when the backup was made.
    let problems: [String]
    /// The database copy, for whoever wants every row.
    let databaseURL: String

    struct Room: Sendable {
        /// `room-3`, `no-room`: the anchor the contents link to.
        let anchor: String
        /// `Home / Ground floor / Kitchen`, or "Not in a room".
        let name: String
        let total: String
        let items: [ItemEntry]
        /// The room's walk-through videos, newest first, as files a browser plays from the disk.
        let videos: [Document]
    }

    struct ItemEntry: Sendable {
        let anchor: String
        let name: String
        /// Label and value, only the fields that say something, in the order a claim form asks.
        let fields: [(label: String, value: String)]
        let photos: [Photo]
        let documents: [Document]
        /// Library photos linked as evidence (not in the backup: they live in the photo library).
        let evidence: [String]
    }

    struct Photo: Sendable {
        /// The screen rendition (or the original, when the browser shows its format); nil when
        /// neither can be shown.
        let shownURL: String?
        let width: Int
        let height: Int
        /// nil when the data folder had lost the file (the manifest's problems say so).
        let originalURL: String?
        let alt: String
        /// "Serial plate · JPEG, 3.2 MB".
        let caption: String
    }

    struct Document: Sendable {
        let url: String
        /// "Receipt: receipt.pdf".
        let title: String
        /// "PDF, 210 KB".
        let detail: String
    }
}
