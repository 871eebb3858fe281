import Foundation
import PhotoLibrary
import Messages

extension PhotoLibrary {
    /// The bytes of library photo `assetID`, to give to an item (with `ItemStore.givePhoto`), if the
    /// caller may see it: refused when it is not there (nil: what was sent names no photo), damaged,
    /// or no longer readable.
    func photoBytes(of assetID: LibraryAsset.ID?, visibleTo roots: LibraryAccess) throws -> [UInt8] {
        guard let assetID else { throw LibraryAPIHandlers.assetNotFound }
        guard let original = try openOriginal(assetID: assetID, visibleTo: roots) else {
            if let damaged = try asset(id: assetID, visibleTo: roots), let problem = damaged.problem {
                throw AppError(.assetDamaged, Message("error.photo.library-damaged-for-item", "That library photo is damaged (\(problem)), so it can't be given to an item. Choose another photo.", ["problem": .text("\(problem)")]))
            }
            throw LibraryAPIHandlers.assetNotFound
        }
        do {
            return try original.withPath { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        } catch {
            throw AppError(.assetUnreadable, Message("error.photo.library-unreadable", "That library photo can no longer be read (it may have been moved). Rescan the library or choose another photo."))
        }
    }
}
