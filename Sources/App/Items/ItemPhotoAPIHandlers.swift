import Foundation
import HTTPServer
import Imaging
import Inventory
import PhotoLibrary

/// `PUT` and `DELETE /api/v1/items/{id}/image`: a photo for an item, sent as the raw bytes (any or no
/// Content-Type: the format is sniffed), as a multipart form with a file, or picked from the library
/// as JSON `{"assetId": "…"}` (the library's file is copied into the image store).
struct ItemPhotoAPIHandlers: Sendable {
    let items: ItemStore
    let library: PhotoLibrary
    let maxUploadBytes: Int

    func register(in router: inout Router) {
        router.put("/api/v1/items/{id}/image", maxBodySize: maxUploadBytes, isSlow: true) { request in
            let id = try request.itemID()
            // A missing item is the first thing to say, before any photo is read or decoded for it.
            _ = try items.item(id: id)
            // JSON names a library photo; anything else is the photo itself (its type is sniffed).
            let isPick = request.contentType == "application/json" && request.body.first { $0 > 0x20 } == UInt8(ascii: "{")
            let bytes = isPick ? try libraryPhoto(request) : try Self.imageBytes(of: request)
            let prepared = try items.images.prepare(bytes)
            return ItemJSON.response(try items.setImage(id: id, prepared, expectedVersion: try request.expectedVersion(of: id)))
        }
        router.delete("/api/v1/items/{id}/image") { request in
            let id = try request.itemID()
            return ItemJSON.response(try items.removeImage(id: id, expectedVersion: try request.expectedVersion(of: id)))
        }
    }

    /// The bytes of the library photo named by `{"assetId": "…"}`.
    func libraryPhoto(_ request: Request) throws -> [UInt8] {
        let object = try JSONValue.object(from: request.body)
        guard case .string(let assetID)? = object["assetId"] else {
            throw AppError(.unprocessableContent, code: "invalid-asset-id", message: "Say which library photo to use: send {\"assetId\": \"…\"} with an id from the library API.")
        }
        return try Self.libraryPhoto(assetID, in: library, visibleTo: try request.visibleLibraryRoots(of: library))
    }

    static func libraryPhoto(_ assetID: String, in library: PhotoLibrary, visibleTo roots: LibraryAccess) throws -> [UInt8] {
        guard let original = try library.originalFile(assetID: assetID, visibleTo: roots) else {
            if let damaged = try library.asset(id: assetID, visibleTo: roots), let problem = damaged.problem {
                throw AppError(.unprocessableContent, code: "asset-damaged", message: "That library photo is damaged (\(problem)), so it can't be given to an item. Choose another photo.")
            }
            throw LibraryAPIHandlers.assetNotFound
        }
        do {
            return try [UInt8](Data(contentsOf: URL(fileURLWithPath: original.path)))
        } catch {
            throw AppError(.notFound, code: "asset-unreadable", message: "That library photo can no longer be read (it may have been moved). Rescan the library or choose another photo.")
        }
    }

    /// The uploaded file: the body itself, or the file part of a multipart form.
    static func imageBytes(of request: Request) throws -> [UInt8] {
        guard request.contentType == "multipart/form-data" else {
            guard !request.body.isEmpty else {
                throw AppError(.badRequest, code: "empty-body", message: "No image was sent. Send the photo's bytes as the request body.")
            }
            return request.body
        }
        guard let form = MultipartForm(body: request.body, contentType: request.headers["Content-Type"] ?? "") else {
            throw AppError(.badRequest, code: "invalid-multipart", message: "The upload form is damaged (its multipart boundary does not match). Try the upload again.")
        }
        // The picker has two file inputs (camera and files); take the one that holds a file. A part
        // without a filename counts only with a Content-Type: plain fields (the CSRF token) have none.
        guard let file = form.parts.first(where: { $0.filename != nil && !$0.body.isEmpty })
                ?? form.parts.first(where: { $0.contentType != nil && !$0.body.isEmpty }) else {
            throw AppError(.badRequest, code: "empty-body", message: "The form holds no photo. Choose a file, then upload.")
        }
        return file.body
    }
}
