import HTTPServer
import Inventory
import PhotoLibrary

extension Request {
    /// The `{assetId}` of item `id`'s evidence link, as `ItemRoutes` put it there. Text that is no
    /// library photo's id is no link of the item: not found as an unknown link is (the item's own
    /// absence first, as `ItemStore.unlink` says it).
    func evidenceAssetID(of id: Item.ID, in items: ItemStore) throws -> LibraryAsset.ID {
        guard let assetID = LibraryAsset.ID(parameters["assetId"] ?? "") else {
            _ = try items.item(id: id)
            throw AppError(.evidenceNotFound, InventoryError.evidenceNotFound(id))
        }
        return assetID
    }
}
