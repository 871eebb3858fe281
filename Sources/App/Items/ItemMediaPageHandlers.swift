import Foundation
import HTTPServer
import Inventory
import Messages

/// An item's photos and documents from its page: add several photos at once, mark what one shows,
/// make one the primary, delete one; attach a document, delete one. Form posts answered with a
/// redirect back to the item, so all of it works without scripts (which use the JSON API instead).
struct ItemMediaPageHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    let maxUploadBytes: Int

    func register(in router: inout AppRouter) {
        router.post(ItemRoutes.addPhotos, maxBodySize: maxUploadBytes, isSlow: true) { request in try addPhotos(request) }
        router.post(ItemRoutes.changePhoto) { request in try changePhoto(request) }
        router.post(ItemRoutes.addDocument, maxBodySize: ItemDocumentAPIHandlers.maxDocumentBytes, isSlow: true) { request in try addDocument(request) }
        router.post(ItemRoutes.deleteDocument) { request in try deleteDocument(request) }
        router.post(ItemRoutes.unlinkEvidence) { request in
            let items = try households.items(store, of: request)
            let id = try request.itemID()
            try items.unlink(try request.evidenceAssetID(of: id, in: items), from: id)
            return back(to: id, "evidence")
        }
    }

    private func back(to id: Item.ID, _ anchor: String) -> Response { .redirect(to: ItemRoutes.item(id) + "#" + anchor) }

    private func multipart(_ request: Request) throws -> MultipartForm {
        guard request.contentType == "multipart/form-data",
              let form = MultipartForm(body: request.body, contentType: request.headers["Content-Type"] ?? "") else {
            throw AppError(.invalidMultipart, Message("error.form.upload-damaged-files", "The upload form is damaged or not a file upload. Choose the files again and send the form."))
        }
        return form
    }

    /// Every file of the form becomes a photo, in the order chosen; each is checked before it is kept.
    private func addPhotos(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let files = try multipart(request).parts.filter { $0.name == "photos" && $0.filename != nil && !$0.body.isEmpty }
        guard !files.isEmpty else { throw AppError(.emptyBody, Message("error.photo.none-chosen", "No photos were chosen. Choose one or more, then add them.")) }
        for file in files { _ = try items.addPhoto(to: id) { file.body } }
        return back(to: id, "photo-panel")
    }

    private func changePhoto(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID(), photoID = try request.photoID(of: id)
        let fields = try request.formFields()
        // The pressed button's action comes last (after the form's own "kind" default).
        let action = fields.all("action").last
        let kind = fields["kind"].flatMap(ItemPhoto.Kind.init(rawValue:))
        switch action {
        case "primary", "kind":
            guard let kind else { throw AppError(.invalidForm, Message("error.photo.kind-choice", "Choose what the photo shows: \(ItemPhoto.Kind.choices).", ["choices": .text(ItemPhoto.Kind.choices)])) }
            // The kind chosen beside Make Main is kept too: one press, what the row shows.
            if try items.item(id: id).photos.first(where: { $0.id == photoID })?.kind != kind {
                _ = try items.setKind(kind, ofPhoto: photoID, of: id)
            }
            if action == "primary" {
                let ids = try items.item(id: id).photos.map(\.id)
                _ = try items.orderPhotos(of: id, [photoID] + ids.filter { $0 != photoID })
            }
        case "delete":
            try items.removePhoto(photoID, of: id)
        default:
            throw AppError(.invalidForm, Message("error.photo.action-missing", "Say what to do with the photo: make it the main one, say what it shows, or delete it."))
        }
        return back(to: id, "photo-panel")
    }

    private func addDocument(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let form = try multipart(request)
        guard let file = form.parts.first(where: { $0.name == "document" && $0.filename != nil && !$0.body.isEmpty }) else {
            throw AppError(.emptyBody, Message("error.document.none-chosen", "No file was chosen. Choose the receipt, manual or other document, then attach it."))
        }
        let text = { (name: String) in form.part(named: name).map { String(decoding: $0.body, as: UTF8.self) } ?? "" }
        let kind = ItemDocument.Kind(rawValue: text("kind")) ?? .other
        let typedName = text("documentName").trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try items.addDocument(to: id, kind: kind, name: typedName.isEmpty ? file.filename : typedName) { file.body }
        return back(to: id, "documents")
    }

    private func deleteDocument(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        try items.removeDocument(try request.documentID(of: id), of: id)
        return back(to: id, "documents")
    }
}
