import HTTPServer
import Inventory
import PhotoLibrary

/// What was read on an item's photos and documents, offered for its fields: the JSON API, and the
/// item page's Use (the field filled through the item's normal update) and Dismiss (never offered
/// again for that item, whoever reads it again).
struct SuggestionHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver
    let library: PhotoLibrary
    /// The readers whose reading of the item's photos is awaited before `pending` turns false.
    let readers: [ReaderStamp]


    func register(in router: inout AppRouter) {
        router.get(SuggestionRoutes.api) { request in try list(request) }
        router.post(SuggestionRoutes.apiDismissals) { request in try dismissFromAPI(request) }
        router.post(SuggestionRoutes.use) { request in try useFromForm(request) }
        router.post(SuggestionRoutes.dismiss) { request in try dismissFromForm(request) }
    }

    private func list(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let sightings = try LibrarySighting.of(id, items: items, library: library, access: try? request.visibleLibraryRoots(of: library))
        return try .json(SuggestionsJSON(try items.suggestions(for: id, awaiting: readers), sightings: sightings))
    }

    private func dismissFromAPI(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let body = try ItemAPIHandlers.jsonObject(of: request)
        guard case .string(let fieldName)? = body["field"], case .string(let value)? = body["value"] else {
            let example = #"{"field": "barcode", "value": "…"}"#
            throw AppError(.invalidItem, Message("suggest.error.say-which", "Say which suggestion to dismiss: send \(example) as the suggestions list gives them.",
                                                 ["example": .text(example)]))
        }
        try items.dismissSuggestion(for: id, field: try Self.field(fieldName), value: value)
        return .noContent
    }

    private func dismissFromForm(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let fields = try request.formFields()
        try items.dismissSuggestion(for: id, field: try Self.field(fields["field"] ?? ""), value: fields["value"] ?? "")
        return .redirect(to: ItemRoutes.item(id))
    }

    /// Use: the item's field set to the suggested value, through the same update as its form (its
    /// rules, its version check), then back to the item.
    private func useFromForm(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let fields = try request.formFields()
        let field = try Self.field(fields["field"] ?? "")
        let value = fields["value"] ?? ""
        var input = ItemInput()
        switch field {
        case .serialNumber: input.serialNumber = value
        case .purchaseDate:
            guard let date = CalendarDate(iso: value) else {
                throw AppError(.invalidItem, Message("suggest.error.not-a-date", "“\(value)” is not a date as YYYY-MM-DD; type the purchase date in the form instead.",
                                                 ["value": .text(value)]))
            }
            input.details.purchaseDate = .some(.day(date))
        case .purchasePrice:
            do {
                input.details.purchasePrice = .some(try Money.parse(value, currency: try items.currency()).minorUnits)
            } catch {
                throw AppError(.invalidItem, Message("suggest.error.not-an-amount", "“\(value)” is not an amount; type the purchase price in the form instead.",
                                                 ["value": .text(value)]))
            }
        case .barcode, .model, .brand, .purchasedFrom:
            input.details.texts[field.rawValue] = value
        }
        _ = try items.update(id: id, input, expectedVersion: fields["version"].flatMap { Int($0) })
        return .redirect(to: ItemRoutes.item(id, saved: true))
    }

    static func field(_ name: String) throws -> SuggestionField {
        guard let field = SuggestionField(rawValue: name) else {
            let fields = SuggestionField.allCases.map(\.rawValue).joined(separator: ", ")
            throw AppError(.invalidItem, Message("suggest.error.no-such-field", "“\(name)” is no field a suggestion fills; it is one of \(fields).",
                                                 ["name": .text(name), "fields": .text(fields)]))
        }
        return field
    }
}
