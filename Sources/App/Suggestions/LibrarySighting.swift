import Foundation
import Inventory
import PhotoLibrary

/// A library photo on which an item's serial number or barcode was read: evidence that the item was
/// owned the day it was taken. Only photos the viewer may see in the library (`LibraryAccess`, as
/// evidence browsing); one already linked to the item is not offered again.
struct LibrarySighting: Sendable {
    let suggestion: Suggestion
    /// The item's field the value on the photo is: its serial number (read as text or as a code), or its barcode.
    let field: SuggestionField
    let asset: LibraryAsset
    /// The name of the album (folder) it is in, when it is in one.
    let album: String?

    /// The item's sightings in photos `access` lets the viewer see (none when the library is declined to them).
    static func of(_ id: Item.ID, items: ItemStore, library: PhotoLibrary, access: LibraryAccess?) throws -> [LibrarySighting] {
        guard let access else { return [] }
        let serial = matchKey(try items.item(id: id).serialNumber)
        return try items.libraryReadings(matching: id).compactMap { suggestion in
            guard case .asset(let assetID) = suggestion.source, let asset = try library.asset(id: assetID, visibleTo: access),
                  asset.problem == nil else { return nil }
            let album = try library.group(id: "a" + asset.albumID, visibleTo: access)?.name
            return LibrarySighting(suggestion: suggestion, field: !serial.isEmpty && matchKey(suggestion.value) == serial ? .serialNumber : .barcode,
                                   asset: asset, album: album.flatMap { $0.isEmpty ? nil : $0 })
        }
    }

    /// A serial or code as the inventory matches it (`ItemStore.libraryReadings`): ASCII letters in capitals, no spaces or dashes.
    static func matchKey(_ text: String) -> String {
        String(text.uppercased().filter { $0 != " " && $0 != "-" })
    }
}
