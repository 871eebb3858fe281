import Inventory
import PhotoLibrary

/// Every path of the item feature, spelled once: the patterns its handlers register and the URLs
/// its views, redirects and scripts use.
enum ItemRoutes {
    // Pages (forms that work without scripts)
    static let list = RoutePath("/")
    static let new = RoutePath("/items/new")
    static let create = RoutePath("/items")
    static let item = RoutePath("/items/{id}")
    static let delete = RoutePath("/items/{id}/delete")
    static let move = RoutePath("/items/{id}/move")
    static let photo = RoutePath("/items/{id}/image")
    static let removePhoto = RoutePath("/items/{id}/image/delete")
    static let pickPhoto = RoutePath("/items/{id}/image/library")
    /// Photos and documents from the item's page (forms that work without scripts).
    static let addPhotos = RoutePath("/items/{id}/photos")
    static let changePhoto = RoutePath("/items/{id}/photos/{photoId}")
    static let addDocument = RoutePath("/items/{id}/documents")
    static let deleteDocument = RoutePath("/items/{id}/documents/{docId}/delete")
    static let unlinkEvidence = RoutePath("/items/{id}/evidence/{assetId}/delete")
    /// Links a library photo as evidence (the form of the library's pick mode without scripts).
    static let linkEvidence = RoutePath("/items/{id}/evidence")
    /// One change to many items (registered before `/items/{id}`, which would take it otherwise).
    static let bulk = RoutePath("/items/bulk")

    // JSON API
    static let apiList = RoutePath("/items", in: APIRoutes.v1)
    static let apiItem = RoutePath("/items/{id}", in: APIRoutes.v1)
    static let apiMove = RoutePath("/items/{id}/move", in: APIRoutes.v1)
    static let apiPhoto = RoutePath("/items/{id}/image", in: APIRoutes.v1)
    static let apiPhotos = RoutePath("/items/{id}/photos", in: APIRoutes.v1)
    static let apiPhotoOrder = RoutePath("/items/{id}/photos/order", in: APIRoutes.v1)
    static let apiItemPhoto = RoutePath("/items/{id}/photos/{photoId}", in: APIRoutes.v1)
    static let apiDocuments = RoutePath("/items/{id}/documents", in: APIRoutes.v1)
    static let apiDocument = RoutePath("/items/{id}/documents/{docId}", in: APIRoutes.v1)
    static let apiEvidence = RoutePath("/items/{id}/evidence", in: APIRoutes.v1)
    static let apiEvidenceLink = RoutePath("/items/{id}/evidence/{assetId}", in: APIRoutes.v1)

    /// A document's file (always a download) and its thumbnail.
    static let documentFile = RoutePath("/items/{id}/documents/{docId}/file")
    static let documentThumbnail = RoutePath("/items/{id}/documents/{docId}/thumbnail")

    /// A stored photo's files, named by its content hash.
    static let photoFile = RoutePath("/images/{hash}/{file}")

    /// The list, scrolled to an item's row, in edit mode or not.
    static func list(editing: Bool = false, showing id: Item.ID? = nil) -> String {
        list.url() + (editing ? "?edit=1" : "") + (id.map { "#item-\($0)" } ?? "")
    }
    /// The list with a box to tick on each row and the change to make to the ticked ones.
    static func selecting() -> String { list.url() + "?select=1" }
    /// The list grouped by location, each with its total.
    static func listByRoom() -> String { list.url() + "?view=rooms" }
    static func item(_ id: Item.ID) -> String { item.url(id) }
    static func item(_ id: Item.ID, saved: Bool) -> String { saved ? "\(item.url(id))?saved=1" : item.url(id) }
    static func delete(_ id: Item.ID) -> String { delete.url(id) }
    static func move(_ id: Item.ID) -> String { move.url(id) }
    static func photo(_ id: Item.ID) -> String { photo.url(id) }
    static func removePhoto(_ id: Item.ID) -> String { removePhoto.url(id) }
    static func pickPhoto(_ id: Item.ID) -> String { pickPhoto.url(id) }
    static func linkEvidence(_ id: Item.ID) -> String { linkEvidence.url(id) }
    static func apiItem(_ id: Item.ID) -> String { apiItem.url(id) }
    static func apiMove(_ id: Item.ID) -> String { apiMove.url(id) }
    static func apiPhoto(_ id: Item.ID) -> String { apiPhoto.url(id) }
    static func apiPhotos(_ id: Item.ID) -> String { apiPhotos.url(id) }
    static func apiPhotoOrder(_ id: Item.ID) -> String { apiPhotoOrder.url(id) }
    static func apiItemPhoto(_ id: Item.ID, _ photoID: ItemPhoto.ID) -> String { apiItemPhoto.url(id, photoID) }
    static func apiDocuments(_ id: Item.ID) -> String { apiDocuments.url(id) }
    static func apiDocument(_ id: Item.ID, _ documentID: ItemDocument.ID) -> String { apiDocument.url(id, documentID) }
    static func apiEvidence(_ id: Item.ID) -> String { apiEvidence.url(id) }
    static func apiEvidenceLink(_ id: Item.ID, _ assetID: LibraryAsset.ID) -> String { apiEvidenceLink.url(id, assetID) }
    static func documentFile(_ id: Item.ID, _ documentID: ItemDocument.ID) -> String { documentFile.url(id, documentID) }
    static func addPhotos(_ id: Item.ID) -> String { addPhotos.url(id) }
    static func changePhoto(_ id: Item.ID, _ photoID: ItemPhoto.ID) -> String { changePhoto.url(id, photoID) }
    static func addDocument(_ id: Item.ID) -> String { addDocument.url(id) }
    static func deleteDocument(_ id: Item.ID, _ documentID: ItemDocument.ID) -> String { deleteDocument.url(id, documentID) }
    static func unlinkEvidence(_ id: Item.ID, _ assetID: LibraryAsset.ID) -> String { unlinkEvidence.url(id, assetID) }
    static func documentThumbnail(_ id: Item.ID, _ documentID: ItemDocument.ID) -> String { documentThumbnail.url(id, documentID) }
    static func photoFile(hash: String, file: String) -> String { photoFile.url(hash, file) }
}
