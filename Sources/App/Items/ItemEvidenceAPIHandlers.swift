import HTTPServer
import Inventory
import PhotoLibrary
import Messages

/// `/api/v1/items/{id}/evidence…`: library photos linked (not copied) to an item as evidence that it
/// was owned, and the same link as a form for the library's pick mode without scripts. Linking takes
/// a photo the caller may see; what it was then (capture time, camera, path) stays with the link.
struct ItemEvidenceAPIHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver
    let library: PhotoLibrary


    func register(in router: inout AppRouter) {
        router.post(ItemRoutes.apiEvidence) { request in try link(request) }
        router.delete(ItemRoutes.apiEvidenceLink) { request in try unlink(request) }
        router.post(ItemRoutes.linkEvidence) { request in try linkFromForm(request) }
    }

    private func link(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        guard case .string(let assetID)? = try ItemAPIHandlers.jsonObject(of: request)["assetId"] else {
            throw AppError(.invalidAssetID, Message("error.evidence.send-asset-id", "Say which library photo shows the item: send {\"assetId\": \"…\"} with an id from the library API."))
        }
        let (link, asset, created) = try link(assetID, to: id, in: items, request)
        return ItemJSON.response(link, urls: LibraryURLs(asset), status: created ? .created : .ok)
    }

    /// The library's pick mode without scripts: the photo chosen there is linked, then back to the item.
    private func linkFromForm(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        guard let assetID = try request.formFields()["assetId"], !assetID.isEmpty else {
            throw AppError(.invalidAssetID, Message("error.photo.library-none-chosen", "No library photo was chosen. Go back and tap a photo."))
        }
        _ = try link(assetID, to: id, in: items, request)
        return .redirect(to: ItemRoutes.item(id))
    }

    /// Links the library photo `assetText` names to item `id` of `items` if the caller may see it and it can be
    /// shown. Text that is no library photo's id names no photo: not found, as an unknown one is.
    private func link(_ assetText: String, to id: Item.ID, in items: ItemStore, _ request: Request) throws -> (EvidenceLink, LibraryAsset, created: Bool) {
        _ = try items.item(id: id)
        let access = try request.visibleLibraryRoots(of: library)
        guard let assetID = LibraryAsset.ID(assetText), let asset = try library.asset(id: assetID, visibleTo: access) else {
            throw LibraryAPIHandlers.assetNotFound
        }
        if let problem = asset.problem {
            throw AppError(.assetDamaged, Message("error.evidence.library-damaged", "That library photo is damaged (\(problem)), so it shows nothing of the item. Choose another photo.", ["problem": .text("\(problem)")]))
        }
        guard let original = try library.openOriginal(assetID: assetID, visibleTo: access) else {
            throw AppError(.assetUnreadable, Message("error.photo.library-unreadable", "That library photo can no longer be read (it may have been moved). Rescan the library or choose another photo."))
        }
        let (link, created) = try items.link(EvidenceLink(assetID: asset.id, takenAt: asset.takenAtIsFromCamera ? asset.takenAt : nil,
                                                          camera: asset.camera, lastPath: original.location), to: id)
        var present = link
        present.isMissing = false
        return (present, asset, created)
    }

    private func unlink(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        try items.unlink(try request.evidenceAssetID(of: id, in: items), from: id)
        return .noContent
    }
}
