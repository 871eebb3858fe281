import Claims
import Foundation
import Inventory
import Uploads

/// What a process killed mid-write leaves in a data folder, cleared as a server starts.
extension DataFolder {
    /// What was cleared, for the server's first lines.
    public struct Leftovers: Sendable {
        public var files = ItemStore.LeftoverFiles()
        /// Expenses' receipt files no expense names.
        public var receipts: [String] = []
        /// Names in `tmp`: uploads being written or unpacked, and reports being rendered, when the process ended.
        public var temporary: [String] = []
        /// Files in `uploads` no resumable upload names (its row gone, or never written).
        public var uploads: [String] = []

        public var isEmpty: Bool { files.count == 0 && receipts.isEmpty && temporary.isEmpty && uploads.isEmpty }

        public var summary: String {
            "Cleared what an interrupted run left: \(files.count) photo or document file\(files.count == 1 ? "" : "s") no item uses, "
                + "\(receipts.count) receipt\(receipts.count == 1 ? "" : "s") no expense names, "
                + "\(temporary.count) temporary file\(temporary.count == 1 ? "" : "s"), "
                + "\(uploads.count) upload file\(uploads.count == 1 ? "" : "s") no upload names."
        }
    }

    /// Removes the photo, document and receipt files no row names (`ItemStore.removeLeftoverFiles`,
    /// `ClaimStore.removeLeftoverReceipts`) and
    /// everything in `tmp` but the pending imports, of which only the incomplete go, and the files of
    /// `uploads` no resumable upload names (an upload's own file stays: it outlives a restart). The caller makes
    /// sure no other process writes here (`DataFolderLock`), and serves nothing yet.
    func removeLeftovers(items: ItemStore, claims: ClaimStore, pendingImports: PendingImports, uploads: UploadStore) throws -> Leftovers {
        var leftovers = Leftovers()
        leftovers.files = try items.removeLeftoverFiles()
        leftovers.receipts = try claims.removeLeftoverReceipts()
        leftovers.uploads = try uploads.removeLeftoverFiles()
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: uploadsInProgress.path)) ?? [] where name != pendingImports.folder.lastPathComponent {
            try? manager.removeItem(at: uploadsInProgress.appendingPathComponent(name))
            leftovers.temporary.append(name)
        }
        leftovers.temporary += pendingImports.removeIncomplete().map { "\(pendingImports.folder.lastPathComponent)/\($0)" }
        leftovers.temporary.sort()
        return leftovers
    }
}
