import HTML
import HTTPServer
import Inventory
import Messages

/// The Drafts pages and Walk This Room. Every change is a form post answered with a redirect, so
/// naming, merging, discarding and uploading work without scripts; `drafts.js` and `walk.js` do the
/// same through the JSON API without leaving the page.
struct DraftPageHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    let site: PageContext
    let maxUploadBytes: Int

    func register(in router: inout AppRouter) {
        router.get(DraftRoutes.list) { request in
            let location = try request.query["location"].flatMap { $0.isEmpty ? nil : $0 }.map { text in
                guard let id = Location.ID(text) else {
                    throw AppError(.locationNotFound, Message("drafts.error.no-location", "There is no location “\(text.prefix(40))”. Location ids are whole numbers; choose a place from Places.",
                                                              ["text": .text(String(text.prefix(40)))]))
                }
                return id
            }
            return try list(request, location: location, focus: request.query["focus"].flatMap { Item.ID($0) })
        }
        router.post(DraftRoutes.name) { request in try name(request) }
        router.post(DraftRoutes.merge) { request in try merge(request) }
        router.post(DraftRoutes.discard) { request in try discard(request) }
        router.get(DraftRoutes.walkChoice) { request in
            let items = try households.items(store, of: request)
            let places = try items.locations().map { (id: $0.id, path: $0.path) }
            return .html(WalkChoicePage(places: places, context: request.pageContext(site)).document().renderedBytes())
        }
        router.get(DraftRoutes.walk) { request in
            let items = try households.items(store, of: request)
            let location = try items.location(id: try request.locationID())
            let page = WalkRoomPage(place: (id: location.id, name: location.name), draftCount: try items.draftCount(in: location.id),
                                    context: request.pageContext(site))
            return .html(page.document().renderedBytes())
        }
        router.post(DraftRoutes.walk, maxBodySize: maxUploadBytes, isSlow: true) { request in try upload(request) }
    }

    private func list(_ request: Request, location: Location.ID?, focus: Item.ID?,
                      refused: (id: Item.ID, typed: String, message: String)? = nil) throws -> Response {
        let items = try households.items(store, of: request)
        let place = try location.map { try items.location(id: $0) }
        let drafts = try items.drafts(in: place?.id)
        let paths = place == nil ? Dictionary(try items.locations().map { ($0.id, $0.path) }, uniquingKeysWith: { a, _ in a }) : [:]
        let context = request.pageContext(site)
        let cards = drafts.enumerated().map { index, draft in
            DraftCardModel(id: draft.id, label: context.text("drafts.label", ["number": .count(index + 1)]), photoURL: draft.image.map { ItemPhotoURLs($0).rendition(.report) },
                           placePath: draft.locationID.flatMap { paths[$0] },
                           typedName: refused?.id == draft.id ? refused!.typed : "", error: refused?.id == draft.id ? refused!.message : nil)
        }
        let page = DraftsPage(drafts: cards, place: place.map { (id: $0.id, name: $0.name) }, focus: refused?.id ?? focus ?? drafts.first?.id, context: context)
        return .html(page.document().renderedBytes(), status: refused == nil ? .ok : .unprocessableContent)
    }

    /// Names the draft (it becomes an item like any other), then back to the drafts with the next one's field focused.
    private func name(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let fields = try request.formFields()
        let location = Self.returnLocation(fields)
        let next = try Self.draft(after: id, in: try items.drafts(in: location))
        do {
            _ = try items.update(id: id, ItemInput(name: fields["name"] ?? ""))
        } catch InventoryError.invalid(let errors) {
            return try list(request, location: location, focus: id, refused: (id: id, typed: fields["name"] ?? "", message: request.pageContext(site).text(errors.errors.first?.wording ?? errors.summaryWording)))
        }
        return .redirect(to: DraftRoutes.list(in: location, focus: next))
    }

    private func merge(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let fields = try request.formFields()
        guard let into = fields["into"].flatMap({ Item.ID($0) }) else {
            throw AppError(.invalidMerge, Message("drafts.error.merge-choose", "Choose the draft this one shows the same thing as, then Merge."))
        }
        _ = try items.mergeDraft(id, into: into)
        return .redirect(to: DraftRoutes.list(in: Self.returnLocation(fields), focus: into))
    }

    private func discard(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let fields = try request.formFields()
        let location = Self.returnLocation(fields)
        let next = try Self.draft(after: id, in: try items.drafts(in: location))
        guard try items.item(id: id).isDraft else {
            throw AppError(.invalidMerge, Message("drafts.error.not-a-draft", "Item \(id) is not a draft any more; delete it from its own page.", ["id": .text(String(id))]))
        }
        try items.delete(id: id)
        return .redirect(to: DraftRoutes.list(in: location, focus: next))
    }

    /// The walk's file picker without scripts: each photo of the form becomes a draft, then on to naming them.
    private func upload(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.locationID()
        guard let form = MultipartForm(body: request.body, contentType: request.headers["Content-Type"] ?? "") else {
            throw AppError(.invalidMultipart, Message("walk.error.damaged-form", "The upload form is damaged (its multipart boundary does not match). Try the upload again."))
        }
        let photos = form.parts.filter { $0.filename != nil && !$0.body.isEmpty }
        guard !photos.isEmpty else { throw AppError(.emptyBody, Message("walk.error.no-photo", "The form holds no photo. Take or choose photos, then upload.")) }
        for photo in photos { _ = try items.makeDraft(in: id) { photo.body } }
        return .redirect(to: DraftRoutes.list(in: id))
    }

    /// The draft after `id` in `drafts` (or the one before, for the last); nil when it was the only one.
    private static func draft(after id: Item.ID, in drafts: [Item]) throws -> Item.ID? {
        guard let index = drafts.firstIndex(where: { $0.id == id }) else { return drafts.first?.id }
        if index + 1 < drafts.count { return drafts[index + 1].id }
        return index > 0 ? drafts[0].id : nil
    }

    /// The place whose drafts the form came from, to return to.
    private static func returnLocation(_ fields: FormFields) -> Location.ID? {
        fields["location"].flatMap { Location.ID($0) }
    }
}
