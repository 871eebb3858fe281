import HTTPServer
import Inventory
import PhotoLibrary

/// A tap on a walk-through's frame makes a draft whose photo is that frame, remembering the video and
/// the second: `POST /api/v1/walkthroughs/{id}/drafts` `{"second": 12.4}` and the place page's form.
struct WalkthroughDraftHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    let library: PhotoLibrary

    func register(in router: inout AppRouter) {
        router.post(WalkthroughRoutes.apiDrafts) { request in
            let items = try households.items(store, of: request)
            let id = try request.walkthroughID()
            let second = try Self.second(in: try ItemAPIHandlers.jsonObject(of: request))
            let draft = try makeDraft(fromFrameAt: second, of: id, in: items)
            return try ItemJSON.created(draft, currency: try items.currency(), today: items.clock.today, library: library,
                                       sight: request.evidenceSight(of: library))
        }
        router.post(WalkthroughRoutes.drafts) { request in
            let items = try households.items(store, of: request)
            let id = try request.walkthroughID()
            guard let second = try request.formFields()["second"].flatMap(Double.init), second.isFinite else {
                throw AppError(.walkthroughNotFound, Message("walkthrough.error.choose-frame", "Choose one of the walk-through’s frames to make a draft from."))
            }
            let draft = try makeDraft(fromFrameAt: second, of: id, in: items)
            return .redirect(to: DraftRoutes.list(in: draft.locationID, focus: draft.id))
        }
    }

    private func makeDraft(fromFrameAt second: Double, of id: Walkthrough.ID, in items: ItemStore) throws -> Item {
        guard let draft = try items.makeDraft(fromFrameAt: second, of: id) else {
            let seconds = try items.walkthrough(id: id).frames.map { WalkthroughModel.clock($0.second) }
            let list = seconds.joined(separator: ", "), path = WalkthroughRoutes.apiWalkthrough(id)
            throw AppError(.walkthroughNotFound, seconds.isEmpty
                ? Message("walkthrough.error.no-frames-yet", "Walk-through \(id) has no frames yet; wait until they are made (its status is ready), then choose one.",
                          ["id": .text("\(id)")])
                : Message("walkthrough.error.no-frame-at",
                          "Walk-through \(id) has no frame at \(second) s. Its frames are at \(list); send one of their seconds as GET \(path) lists them.",
                          ["id": .text("\(id)"), "second": .text("\(second)"), "seconds": .text(list), "path": .text(path)]))
        }
        return draft
    }

    /// The frame's second from `{"second": 12.4}`.
    static func second(in object: [String: JSONValue]) throws -> Double {
        switch object["second"] {
        case .integer(let whole)?: return Double(whole)
        case .number(let number)? where number.isFinite: return number
        case nil:
            let example = #"{"second": s}"#, path = "/api/v1/walkthroughs/{id}"
            throw AppError(.invalidItem, Message("walkthrough.error.say-which-frame", "Say which frame: send \(example), a frame’s second as GET \(path) lists them.",
                                                 ["example": .text(example), "path": .text(path)]))
        case let other?:
            throw AppError(.invalidItem, Message("walkthrough.error.second-not-number",
                                                 "second must be a number of seconds (a frame’s second), not \(other.kindDescription).",
                                                 ["kind": .message(other.kind)]))
        }
    }
}
