import Foundation
import Inventory

/// What a process killed while an expense's receipt was added or removed leaves: a receipt's file is
/// written before its row commits and deleted after the last row naming it is gone, so a kill in
/// between leaves a file no expense names, cleared as a server starts.
extension ClaimStore {
    /// Removes the receipts' files no expense names (and the store's staging leftovers); returns what
    /// it removed, relative to the receipts' folder. Call it while no other process changes this data
    /// folder.
    @discardableResult
    public func removeLeftoverReceipts() throws -> [String] {
        guard let receipts else { return [] }
        return try receipts.withFileLock {
            let used = try Self.receiptHashes(in: database, for: .leftovers)
            return ContentFolderSweep.removeLeftovers(in: receipts.directory, keeping: used) { receipts.deleteFiles(sha256: $0) }
        }
    }
}
