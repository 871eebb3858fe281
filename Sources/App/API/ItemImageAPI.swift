import HTTPServer
import Imaging
import Inventory

/// `PUT` and `DELETE /api/v1/items/{id}/image`: a photo for an item, sent as the raw bytes (any or no
/// Content-Type: the format is sniffed) or as a multipart form with a file.
struct ItemImageAPI: Sendable {
    let items: ItemStore
    let maxUploadBytes: Int

    func register(in router: inout Router) {
        router.put("/api/v1/items/{id}/image", maxBodySize: maxUploadBytes, isSlow: true) { request in
            let id = try request.itemID()
            let prepared = try items.images.prepare(try Self.imageBytes(of: request))
            return ItemJSON.response(try items.setImage(id: id, prepared, expectedVersion: try request.expectedVersion(of: id)))
        }
        router.delete("/api/v1/items/{id}/image") { request in
            let id = try request.itemID()
            return ItemJSON.response(try items.removeImage(id: id, expectedVersion: try request.expectedVersion(of: id)))
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
        // The picker has two file inputs (camera and files); take the one that holds a file.
        guard let file = form.parts.first(where: { $0.filename != nil && !$0.body.isEmpty }) ?? form.parts.first(where: { !$0.body.isEmpty }) else {
            throw AppError(.badRequest, code: "empty-body", message: "The form holds no photo. Choose a file, then upload.")
        }
        return file.body
    }
}
