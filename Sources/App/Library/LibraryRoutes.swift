import Inventory
import PhotoLibrary

/// Every path of the photo library, spelled once: the patterns its handlers register and the URLs
/// its views, JSON and scripts use.
enum LibraryRoutes {
    // Pages
    static let groups = RoutePath("/library")
    static let group = RoutePath("/library/groups/{id}")
    static let asset = RoutePath("/library/assets/{id}")
    /// The "Taken between" form's answer: on to the photos of those days, or the form again with what to fix.
    static let dates = RoutePath("/library/dates")
    /// A photo's renditions and original; the fingerprint changes when the file does.
    static let file = RoutePath("/library/files/{id}/{fingerprint}/{file}")

    // JSON API
    static let apiStatus = RoutePath("/library/status", in: APIRoutes.v1)
    static let apiGroups = RoutePath("/library/groups", in: APIRoutes.v1)
    static let apiGroupAssets = RoutePath("/library/groups/{id}/assets", in: APIRoutes.v1)
    static let apiAsset = RoutePath("/library/assets/{id}", in: APIRoutes.v1)

    /// The query parameter that opens the library in pick mode for an item.
    static let pickParameter = "pick"

    /// The library opened from an item's picker: tapping a photo gives it to the item.
    static func picker(for itemID: Item.ID) -> String { picker(LibraryPick(itemID: itemID)) }
    static func picker(_ pick: LibraryPick) -> String { "\(groups.url())?\(pick.query)" }

    /// A group's grid, at a page, in pick mode for an item or not, scrolled to a photo.
    static func group(_ id: String, page: Int? = nil, pickingFor itemID: Item.ID? = nil, showing assetID: LibraryAsset.ID? = nil) -> String {
        group(id, page: page, picking: itemID.map { LibraryPick(itemID: $0) }, showing: assetID)
    }

    static func group(_ id: String, page: Int? = nil, picking pick: LibraryPick?, showing assetID: LibraryAsset.ID? = nil) -> String {
        let query = [page.map { "page=\($0)" }, pick?.query].compactMap { $0 }
        return group.url(id) + (query.isEmpty ? "" : "?" + query.joined(separator: "&")) + (assetID.map { "#asset-\($0)" } ?? "")
    }

    /// The viewer for a photo opened at one photo pixel per screen pixel (from an item's evidence).
    static func assetAtActualSize(_ id: LibraryAsset.ID) -> String { asset(id, inGroup: nil) + "#actual-size" }

    /// The viewer for a photo, stepping through `groupID`'s photos.
    static func asset(_ id: LibraryAsset.ID, inGroup groupID: String?) -> String {
        asset.url(id) + (groupID.map { "?group=\($0)" } ?? "")
    }

    /// What the item photo picker's script reads to browse the library.
    static let pickerAPI = LibraryPickerURLs(
        status: apiStatus.url(), groups: apiGroups.url(), groupAssetsTemplate: apiGroupAssets.template)

    static func file(assetID: LibraryAsset.ID, fingerprint: String, name: String) -> String { file.url(assetID, fingerprint, name) }
}
