import HTTPServer
import Inventory
import Messages
import PhotoLibrary

/// `POST /api/v1/locations/{id}/drafts` (a photo becomes a draft in that place) and
/// `POST /api/v1/items/{id}/merge` (a draft joins another item). Drafts are listed with
/// `GET /api/v1/items?draft=1`, named with `PATCH /api/v1/items/{id}` and discarded with `DELETE`.
struct DraftAPIHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver
    let library: PhotoLibrary
    let maxUploadBytes: Int
    let handOff: UploadHandOff


    func register(in router: inout AppRouter) {
        router.post(DraftRoutes.apiDrafts, maxBodySize: maxUploadBytes, isSlow: true) { request in
            let items = try households.items(store, of: request)
            let locationID = try request.locationID()
            return try CaptureOnce.respond(to: request, items: items) { capture in
                if let uploadID = try UploadHandOff.uploadID(in: request) {
                    return try handOff.answer(request, uploadID: uploadID, maxBytes: maxUploadBytes) { path, _ in
                        try created(try items.makeDraft(in: locationID, capture: capture) { try UploadHandOff.bytes(at: path) }, in: items, request)
                    }
                }
                return try created(try items.makeDraft(in: locationID, capture: capture) { try ItemPhotoAPIHandlers.imageBytes(of: request) }, in: items, request)
            } again: { earlier in
                guard case .draft(let draftID, locationID) = earlier, let draft = try? items.item(id: draftID) else { return nil }
                return try created(draft, in: items, request)
            }
        }
        router.post(DraftRoutes.apiMerge) { request in
            let items = try households.items(store, of: request)
            let id = try request.itemID()
            let target = try Self.mergeTarget(in: try ItemAPIHandlers.jsonObject(of: request))
            return try ItemJSON.response(try items.mergeDraft(id, into: target), currency: try items.currency(), today: items.clock.today,
                                         library: library, sight: request.evidenceSight(of: library))
        }
    }

    private func created(_ draft: Item, in items: ItemStore, _ request: Request) throws -> Response {
        try ItemJSON.created(draft, currency: try items.currency(), today: items.clock.today, library: library, sight: request.evidenceSight(of: library))
    }

    /// The item named by `{"into": id}`.
    static func mergeTarget(in object: [String: JSONValue]) throws -> Item.ID {
        guard let value = object["into"] else {
            throw AppError(.invalidMerge, Message("drafts.error.into-missing", "Say which item the draft joins: send {\"into\": id}, the id of the item its photo shows."))
        }
        guard case .integer(let number) = value, number > 0 else {
            throw AppError(.invalidMerge, Message("drafts.error.into-not-id", "into must be an item’s id (a whole number, as in GET /api/v1/items), not \(value.kindDescription).",
                                                 ["kind": .message(value.kind)]))
        }
        return Item.ID(number)
    }
}
