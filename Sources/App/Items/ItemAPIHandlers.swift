import Database
import HTTPServer
import Inventory
import PhotoLibrary
import Messages

/// The JSON API for items: `/api/v1/items…`.
struct ItemAPIHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    /// Where evidence photos are looked up (whether each is still there).
    let library: PhotoLibrary
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver
    /// The list's JSON for each household and way of seeing the library, remade only after the
    /// inventory or the library changes.
    private let listCache = RevisionKeyedCache<ListKey, [UInt8]>(capacity: 8)

    private struct ListKey: Hashable, Sendable {
        let household: HouseholdID
        let sight: EvidenceSight
    }

    init(items: ItemStore, library: PhotoLibrary, households: HouseholdResolver) {
        store = HouseholdBound(items)
        self.library = library
        self.households = households
    }


    func register(in router: inout AppRouter) {
        router.get(ItemRoutes.apiList) { request in try list(request) }
        router.post(ItemRoutes.apiList) { request in try create(request) }
        router.get(ItemRoutes.apiItem) { request in try show(request) }
        router.patch(ItemRoutes.apiItem) { request in try update(request) }
        router.delete(ItemRoutes.apiItem) { request in try delete(request) }
        router.post(ItemRoutes.apiMove) { request in try move(request) }
    }

    /// The whole list as it always was, or what the query parameters ask for (`ItemListQuery`): a
    /// JSON array either way, with the next window's URL in `Link` when there is one.
    private func list(_ request: Request) throws -> Response {
        if !ItemListQuery.isPlainList(request) { return try search(request) }
        let household = try households.household(of: request)
        let items = store.in(household)
        let revision = ContentRevision.key(items: items.revision, library: library.revision, today: items.clock.today)
        let sight = request.evidenceSight(of: library)
        let body = try listCache.value(for: ListKey(household: household.id, sight: sight), at: revision) {
            try ItemJSON.list(try items.all(), currency: try items.currency(), today: items.clock.today, library: library, sight: sight)
        }
        return Response(headers: ["Content-Type": "application/json"], body: .bytes(body))
    }

    private func search(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let query = try ItemListQuery.query(from: request, today: items.clock.today)
        let window = try items.items(matching: query)
        var response = Response(headers: ["Content-Type": "application/json"],
                                body: .bytes(try ItemJSON.list(window.items, currency: try items.currency(), today: items.clock.today, library: library,
                                                                             sight: request.evidenceSight(of: library))))
        if let next = window.next {
            response.headers["Link"] = "<\(ItemListQuery.nextURL(query, after: next))>; rel=\"next\""
        }
        return response
    }

    private func create(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let input = try ItemInput(json: try Self.jsonObject(of: request), currency: try items.currency(), now: items.clock.now)
        let item = try items.create(input)
        return try ItemJSON.created(item, currency: try items.currency(), today: items.clock.today, library: library, sight: request.evidenceSight(of: library))
    }

    private func show(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        var item = try items.item(id: try request.itemID())
        let files = try library.resolveEvidence(of: &item, describedTo: request.evidenceSight(of: library))
        let etag = ItemJSON.etag(of: item, files: files)
        if EntityTag.noneMatchHits(request.headers["If-None-Match"], current: etag) {
            return Response(status: .notModified, headers: ["ETag": etag])
        }
        return ItemJSON.response(item, currency: try items.currency(), today: items.clock.today, files: files)
    }

    private func update(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let input = try ItemInput(json: try Self.jsonObject(of: request), currency: try items.currency(), now: items.clock.now)
        let item = try items.update(id: id, input, expectedVersion: try request.expectedVersion(of: id))
        return try ItemJSON.response(item, currency: try items.currency(), today: items.clock.today, library: library, sight: request.evidenceSight(of: library))
    }

    private func delete(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        try items.delete(id: id, expectedVersion: try request.expectedVersion(of: id))
        return .noContent
    }

    private func move(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let object = try Self.jsonObject(of: request)
        guard let value = object["position"] else {
            throw AppError(.invalidPosition, Message("error.item.move-send-position", "Say where to move the item: send {\"position\": N}, N counting from 0."))
        }
        guard case .integer(let position) = value, let position = Int(exactly: position) else {
            throw AppError(.invalidPosition, Message("error.item.move-position-kind", "position must be a whole number counting from 0, not \(value.kindDescription).", ["kind": .message(value.kind)]))
        }
        return try ItemJSON.response(try items.move(id: id, to: position), currency: try items.currency(), today: items.clock.today, library: library,
                                     sight: request.evidenceSight(of: library))
    }

    static func jsonObject(of request: Request) throws -> [String: JSONValue] {
        if let type = request.contentType, type != "application/json", !type.hasSuffix("+json") {
            throw AppError(.unsupportedMediaType, Message("error.media.send-json", "The body is \(type); send JSON with Content-Type: application/json.", ["type": .text(type)]))
        }
        return try JSONValue.object(from: request.body)
    }
}

extension Request {
    /// The `{id}` of an item route; an id that cannot exist is simply not found.
    func itemID() throws -> Item.ID {
        try id(of: Item.self) { AppError(.itemNotFound, Message("error.item.not-found", "There is no item “\($0)”. Item ids are whole numbers; go back to the list.", ["id": .text("\($0)")])) }
    }

    /// The version an `If-Match` header insists on: nil without the header (or with `*`); a version
    /// no item has when none of its tags is this item's, so the store refuses the change.
    func expectedVersion(of id: Item.ID) throws -> Int? {
        guard let header = headers["If-Match"] else { return nil }
        let tags = EntityTag.tags(in: header)
        if tags.contains("*") { return nil }
        for tag in tags where tag.hasPrefix("\"\(id)-") && tag.hasSuffix("\"") {
            let versionAndPosition = tag.dropFirst("\"\(id)-".count).dropLast()
            if let version = Int(versionAndPosition.prefix { $0 != "." }) { return version }
        }
        return -1
    }
}
