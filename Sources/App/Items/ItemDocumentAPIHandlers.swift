import HTTPServer
import Inventory
import Messages

/// `/api/v1/items/{id}/documents…`: receipts, manuals, warranties and appraisals, sent as the file's
/// bytes (`?kind=…&name=…`) or named as a finished resumable upload (`{"uploadId": "…"}`, its
/// `filename` the name unless `name` says); what they are is sniffed from the bytes, never taken from the client.
struct ItemDocumentAPIHandlers: Sendable {
    /// The largest document: a scanned receipt or a long manual fits well within it.
    static let maxDocumentBytes = 25_000_000

    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver
    let handOff: UploadHandOff


    func register(in router: inout AppRouter) {
        // Slow: a PDF's first page is drawn for its thumbnail.
        router.post(ItemRoutes.apiDocuments, maxBodySize: Self.maxDocumentBytes, isSlow: true) { request in try add(request) }
        router.delete(ItemRoutes.apiDocument) { request in try delete(request) }
    }

    private func add(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let kind = try Self.kind(request.query["kind"])
        return try CaptureOnce.respond(to: request, items: items) { capture in
            if let uploadID = try UploadHandOff.uploadID(in: request) {
                return try handOff.answer(request, uploadID: uploadID, maxBytes: Self.maxDocumentBytes) { path, upload in
                    let name = request.query["name"] ?? (upload.filename.isEmpty ? nil : upload.filename)
                    let document = try items.addDocument(to: id, kind: kind, name: name, capture: capture) { try UploadHandOff.bytes(at: path) }
                    return ItemJSON.response(document, of: id, status: .created)
                }
            }
            let document = try items.addDocument(to: id, kind: kind, name: request.query["name"], capture: capture) {
                guard !request.body.isEmpty else {
                    throw AppError(.emptyBody, Message("error.document.no-bytes", "No file was sent. Send the document's bytes as the request body."))
                }
                return request.body
            }
            return ItemJSON.response(document, of: id, status: .created)
        } again: { earlier in
            guard case .document(let documentID, id) = earlier, let document = try? items.document(documentID, of: id) else { return nil }
            return ItemJSON.response(document, of: id, status: .created)
        }
    }

    private func delete(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        try items.removeDocument(try request.documentID(of: id), of: id)
        return .noContent
    }

    /// `?kind=`: one of the kinds, `other` when not said.
    private static func kind(_ text: String?) throws -> ItemDocument.Kind {
        guard let text else { return .other }
        guard let kind = ItemDocument.Kind(rawValue: text) else {
            let (choices, sent) = (ItemDocument.Kind.choices, String(text.prefix(40)))
            let wording = Message("error.text.document-kind", "A document's kind is \(choices), not “\(sent)”.",
                                  ["choices": .alternatives(ItemDocument.Kind.allCases.map(\.rawValue)), "text": .text(sent)])
            throw InventoryError.invalidDocument(ValidationError(errors: [FieldError(field: "kind", wording)]))
        }
        return kind
    }
}
