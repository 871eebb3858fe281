import Foundation
import HTTPServer
import Imaging
import Inventory
import PhotoLibrary
import Messages

/// `PUT` and `DELETE /api/v1/items/{id}/image`: a photo for an item, sent as the raw bytes (any or no
/// Content-Type: the format is sniffed), as a multipart form with a file, or picked from the library
/// as JSON `{"assetId": "…"}` (the library's file is copied into the image store).
struct ItemPhotoAPIHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver
    let library: PhotoLibrary
    let maxUploadBytes: Int
    let handOff: UploadHandOff


    func register(in router: inout AppRouter) {
        router.put(ItemRoutes.apiPhoto, maxBodySize: maxUploadBytes, isSlow: true) { request in
            let items = try households.items(store, of: request)
            let id = try request.itemID(), expectedVersion = try request.expectedVersion(of: id)
            return try CaptureOnce.respond(to: request, items: items) { capture in
                if let uploadID = try UploadHandOff.uploadID(in: request) {
                    return try handOff.answer(request, uploadID: uploadID, maxBytes: maxUploadBytes) { path, _ in
                        try answer(try items.givePhoto(to: id, expectedVersion: expectedVersion, capture: capture) { try UploadHandOff.bytes(at: path) }, in: items, request)
                    }
                }
                return try answer(try items.givePhoto(to: id, expectedVersion: expectedVersion, capture: capture) { try Self.sentPhoto(request, library: library) }, in: items, request)
            } again: { earlier in
                guard case .photo(let photoID, id) = earlier, let item = try? items.item(id: id), item.photos.contains(where: { $0.id == photoID }) else { return nil }
                return try answer(item, in: items, request)
            }
        }
        router.delete(ItemRoutes.apiPhoto) { request in
            let items = try households.items(store, of: request)
            let id = try request.itemID()
            return try ItemJSON.response(try items.removeImage(id: id, expectedVersion: try request.expectedVersion(of: id)), currency: try items.currency(), today: items.clock.today,
                                         library: library, sight: request.evidenceSight(of: library))
        }
    }

    private func answer(_ item: Item, in items: ItemStore, _ request: Request) throws -> Response {
        try ItemJSON.response(item, currency: try items.currency(), today: items.clock.today, library: library, sight: request.evidenceSight(of: library))
    }

    /// The photo a request sends: a library photo named in JSON, or the photo itself (its type is sniffed).
    static func sentPhoto(_ request: Request, library: PhotoLibrary) throws -> [UInt8] {
        let isPick = request.contentType == "application/json" && request.body.first { $0 > 0x20 } == UInt8(ascii: "{")
        return isPick ? try library.photoBytes(of: try pickedAssetID(request), visibleTo: try request.visibleLibraryRoots(of: library))
                      : try imageBytes(of: request)
    }

    /// The library photo named by `{"assetId": "…"}`; nil when the string is no library photo's id
    /// (it names no photo: not found, after the caller's access is checked).
    static func pickedAssetID(_ request: Request) throws -> LibraryAsset.ID? {
        let object = try JSONValue.object(from: request.body)
        guard case .string(let assetID)? = object["assetId"] else {
            throw AppError(.invalidAssetID, Message("error.photo.send-asset-id", "Say which library photo to use: send {\"assetId\": \"…\"} with an id from the library API."))
        }
        return LibraryAsset.ID(assetID)
    }

    /// The uploaded file: the body itself, or the file part of a multipart form.
    static func imageBytes(of request: Request) throws -> [UInt8] {
        guard request.contentType == "multipart/form-data" else {
            guard !request.body.isEmpty else {
                throw AppError(.emptyBody, Message("error.photo.no-bytes", "No image was sent. Send the photo's bytes as the request body."))
            }
            return request.body
        }
        guard let form = MultipartForm(body: request.body, contentType: request.headers["Content-Type"] ?? "") else {
            throw AppError(.invalidMultipart, Message("error.form.upload-boundary", "The upload form is damaged (its multipart boundary does not match). Try the upload again."))
        }
        // The picker has two file inputs (camera and files); take the one that holds a file. A part
        // without a filename counts only with a Content-Type: plain fields (the CSRF token) have none.
        guard let file = form.parts.first(where: { $0.filename != nil && !$0.body.isEmpty })
                ?? form.parts.first(where: { $0.contentType != nil && !$0.body.isEmpty }) else {
            throw AppError(.emptyBody, Message("error.photo.form-empty", "The form holds no photo. Choose a file, then upload."))
        }
        return file.body
    }
}
