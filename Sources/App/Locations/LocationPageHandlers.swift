import HTML
import HTTPServer
import Messages
import Inventory

/// The places pages: the tree with a form to add a place, and each place's editor. Plain form
/// posts answered with redirects, so they work without scripts.
struct LocationPageHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    let site: PageContext

    func register(in router: inout AppRouter) {
        router.get(LocationRoutes.list) { request in try list(request, form: LocationForm(), errors: nil) }
        router.post(LocationRoutes.list) { request in try create(request) }
        router.get(LocationRoutes.location) { request in try edit(request) }
        router.post(LocationRoutes.location) { request in try save(request) }
        router.post(LocationRoutes.delete) { request in try delete(request) }
        router.post(LocationRoutes.move) { request in try move(request) }
    }

    private func rows(_ items: ItemStore) throws -> [LocationRowModel] {
        let counts = try items.itemCountsByLocation()
        return try items.locations().map { location in
            LocationRowModel(id: location.id, name: location.name, path: location.path, depth: location.pathNames.count - 1,
                             itemCount: counts[location.id] ?? 0, url: LocationRoutes.location(location.id), isBox: location.isBox)
        }
    }

    private func list(_ request: Request, form: LocationForm, errors: ValidationError?) throws -> Response {
        let items = try households.items(store, of: request)
        let page = LocationListPage(locations: try rows(items), form: form, errors: errors, context: request.pageContext(site))
        return .html(page.document().renderedBytes(), status: errors == nil ? .ok : .unprocessableContent)
    }

    private func create(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let form = LocationForm(fields: try request.formFields())
        do {
            let location = try items.createLocation(try form.input())
            return .redirect(to: LocationRoutes.list.url() + "#location-\(location.id)")
        } catch InventoryError.invalid(let errors) {
            return try list(request, form: form, errors: errors)
        }
    }

    private func edit(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let location = try items.location(id: try request.locationID())
        return try editPage(request, location, form: LocationForm(location: location), errors: nil, refusal: nil)
    }

    private func save(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.locationID()
        let form = LocationForm(fields: try request.formFields())
        do {
            _ = try items.updateLocation(id: id, try form.input())
            return .redirect(to: LocationRoutes.list.url())
        } catch InventoryError.invalid(let errors) {
            return try editPage(request, try items.location(id: id), form: form, errors: errors, refusal: nil)
        }
    }

    /// "Move this box": only its place changes; everything inside goes with it.
    private func move(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.locationID()
        let typed = try request.formFields()["parentId"] ?? ""
        do {
            var input = LocationInput(), problems: [FieldError] = []
            LocationInput.schema.read(form: ["parentId": typed], into: &input, context: InputContext(), problems: &problems)
            guard problems.isEmpty else { throw InventoryError.invalid(ValidationError(errors: problems)) }
            guard input.parentID != nil else { throw InventoryError.invalid(ValidationError(errors: [BoxWording.chooseDestination])) }
            _ = try items.updateLocation(id: id, input)
            return .redirect(to: LocationRoutes.location(id) + "?moved=1#move")
        } catch InventoryError.invalid(let errors) {
            let location = try items.location(id: id)
            return try editPage(request, location, form: LocationForm(location: location), errors: nil, refusal: nil, moveErrors: errors, moveTo: typed)
        }
    }

    private func delete(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.locationID()
        do {
            try items.deleteLocation(id: id)
            return .redirect(to: LocationRoutes.list.url())
        } catch let error as InventoryError {
            guard case .locationNotEmpty = error else { throw error }
            let location = try items.location(id: id)
            return try editPage(request, location, form: LocationForm(location: location), errors: nil, refusal: error.wording, status: .conflict)
        }
    }

    private func editPage(_ request: Request, _ location: Location, form: LocationForm, errors: ValidationError?, refusal: Message?,
                          status: HTTPStatus? = nil, moveErrors: ValidationError? = nil, moveTo: String? = nil) throws -> Response {
        let items = try households.items(store, of: request)
        let all = try rows(items)
        guard let index = all.firstIndex(where: { $0.id == location.id }) else { throw InventoryError.locationNotFound(id: location.id) }
        let row = all[index]
        // Not itself, nor anything inside it (the places after it in the tree's order, deeper than it):
        // a place cannot be put inside itself.
        let inside = all[(index + 1)...].prefix { $0.depth > row.depth }.count
        let destinations = Array(all[..<index] + all[(index + 1 + inside)...])
        let context = request.pageContext(site)
        let walkthroughs = WalkthroughSection(walkthroughs: try items.walkthroughs(of: location.id).map { WalkthroughModel($0, format: context.format) },
                                              placeName: row.name, uploadURL: WalkthroughRoutes.upload(location.id),
                                              apiUploadURL: WalkthroughRoutes.apiUpload(location.id), canEdit: context.canEdit, csrfToken: context.csrfToken,
                                              words: context.localizer)
        var page = LocationEditPage(location: row, destinations: destinations, form: form, errors: errors, refusal: refusal,
                                    walkthroughs: walkthroughs, context: context, draftCount: try items.draftCount(in: location.id))
        if location.isBox {
            page.boxMove = BoxMoveForm(box: row, code: LabelCode(place: location.id).description, destinations: destinations,
                                       selected: moveTo ?? location.parentID.map(String.init) ?? "", errors: moveErrors,
                                       movedTo: request.query["moved"] == "1" ? location.pathNames.dropLast().joined(separator: " / ") : nil,
                                       csrfToken: context.csrfToken, format: context.format)
        }
        return .html(page.document().renderedBytes(), status: status ?? (errors == nil && moveErrors == nil ? .ok : .unprocessableContent))
    }
}
