import HTTPServer
import Inventory
import Messages
import PhotoLibrary

/// `/api/v1/items/{id}/photos…`: an item's photos, added (the photo's bytes, a multipart form, or
/// `{"assetId": "…"}` for a copy of a library photo, `{"uploadId": "…"}` for a finished resumable upload), described, deleted and put in order.
struct ItemPhotosAPIHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver
    let library: PhotoLibrary
    let maxUploadBytes: Int
    let handOff: UploadHandOff


    func register(in router: inout AppRouter) {
        router.post(ItemRoutes.apiPhotos, maxBodySize: maxUploadBytes, isSlow: true) { request in try add(request) }
        router.put(ItemRoutes.apiPhotoOrder) { request in try order(request) }
        router.patch(ItemRoutes.apiItemPhoto) { request in try describe(request) }
        router.delete(ItemRoutes.apiItemPhoto) { request in try delete(request) }
    }

    private func add(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let kind = try request.query["kind"].map(Self.kind) ?? .general
        return try CaptureOnce.respond(to: request, items: items) { capture in
            if let uploadID = try UploadHandOff.uploadID(in: request) {
                return try handOff.answer(request, uploadID: uploadID, maxBytes: maxUploadBytes) { path, _ in
                    ItemJSON.response(try items.addPhoto(to: id, kind: kind, capture: capture) { try UploadHandOff.bytes(at: path) }, status: .created)
                }
            }
            let photo = try items.addPhoto(to: id, kind: kind, capture: capture) { try ItemPhotoAPIHandlers.sentPhoto(request, library: library) }
            return ItemJSON.response(photo, status: .created)
        } again: { earlier in
            guard case .photo(let photoID, id) = earlier, let photo = try? items.item(id: id).photos.first(where: { $0.id == photoID }) else { return nil }
            return ItemJSON.response(photo, status: .created)
        }
    }

    private func describe(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID(), photoID = try request.photoID(of: id)
        guard case .string(let kind)? = try ItemAPIHandlers.jsonObject(of: request)["kind"] else {
            throw Self.invalidKind(Message("error.inventory.photo-kind-missing", "Say what the photo shows: send {\"kind\": \"…\"}, one of general, serial or closeup."))
        }
        return ItemJSON.response(try items.setKind(try Self.kind(kind), ofPhoto: photoID, of: id))
    }

    private func delete(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        try items.removePhoto(try request.photoID(of: id), of: id)
        return .noContent
    }

    private func order(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        guard case .array(let values)? = try ItemAPIHandlers.jsonObject(of: request)["ids"] else {
            throw AppError(.invalidPhotoOrder, Message("error.photo.order-send-ids", "Send the photos' ids in their new order: {\"ids\": [3, 1, 2]}, the first being the primary."))
        }
        let ids = try values.map { value in
            guard case .integer(let photoID) = value else {
                throw AppError(.invalidPhotoOrder, Message("error.photo.order-ids-kind", "ids must be photo ids (whole numbers), not \(value.kindDescription).", ["kind": .message(value.kind)]))
            }
            return ItemPhoto.ID(photoID)
        }
        return try ItemJSON.response(try items.orderPhotos(of: id, ids), currency: try items.currency(), today: items.clock.today, library: library,
                                     sight: request.evidenceSight(of: library))
    }

    private static func kind(_ text: String) throws -> ItemPhoto.Kind {
        guard let kind = ItemPhoto.Kind(rawValue: text) else {
            let sent = String(text.prefix(40))
            throw invalidKind(Message("error.inventory.photo-kind", "A photo's kind is general, serial or closeup, not “\(sent)”.", ["value": .text(sent)]))
        }
        return kind
    }

    /// The kinds are written out (`ItemPhoto.Kind.choices`, a test checks) so that each language says its "or".
    private static func invalidKind(_ message: Message) -> AppError {
        var error = AppError(.invalidPhoto, message)
        error.fieldWordings = [(field: "kind", message: message)]
        return error
    }
}

extension Request {
    /// The `{photoId}` of a photo route; an id that cannot exist is simply not found.
    func photoID(of itemID: Item.ID) throws -> ItemPhoto.ID {
        try id("photoId", of: ItemPhoto.self) {
            AppError(.photoNotFound, Message("error.photo.not-found", "Item \(itemID) has no photo “\($0.prefix(40))”. Photo ids are whole numbers; load the item again.", ["item": .text(String(itemID)), "id": .text(String($0.prefix(40)))]))
        }
    }

    /// The `{docId}` of a document route; an id that cannot exist is simply not found.
    func documentID(of itemID: Item.ID) throws -> ItemDocument.ID {
        try id("docId", of: ItemDocument.self) {
            AppError(.documentNotFound, Message("error.document.not-found", "Item \(itemID) has no document “\($0.prefix(40))”. Document ids are whole numbers; load the item again.", ["item": .text(String(itemID)), "id": .text(String($0.prefix(40)))]))
        }
    }
}
