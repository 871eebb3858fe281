import HTTPServer
import Inventory

/// `/api/v1/settings`: `{"currency": "USD", "offlineCopy": true}`, read by anyone signed in, changed by owners.
/// The currency is the request's household's; the offline copy is the server's (`OfflineCopySwitch`).
struct SettingsAPIHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver
    let offlineCopy: OfflineCopySwitch


    func register(in router: inout AppRouter) {
        router.get(SettingsRoutes.api) { request in try response(try households.items(store, of: request)) }
        router.patch(SettingsRoutes.api, access: .manage) { request in
            let items = try households.items(store, of: request)
            let object = try ItemAPIHandlers.jsonObject(of: request)
            var settings = SettingsInput(), problems: [FieldError] = []
            SettingsInput.schema.read(json: object, into: &settings, context: InputContext(), problems: &problems)
            guard problems.isEmpty else {
                var error = AppError(.invalidSettings, .sentences(problems.map(\.wording)))
                error.fieldWordings = problems.map { (field: $0.field, message: $0.wording) }
                throw error
            }
            do {
                if let currency = settings.currency { try items.setCurrency(currency) }
                // The server's switch, stored where it is read at start (the first household's settings).
                if let keeps = settings.offlineCopy { try offlineCopy.set(keeps) }
            } catch InventoryError.invalid(let invalid) {
                var error = AppError(.invalidSettings, invalid.summaryWording)
                error.fieldWordings = invalid.errors.map { (field: $0.field, message: $0.wording) }
                throw error
            }
            return try response(items)
        }
    }

    private func response(_ items: ItemStore) throws -> Response {
        var writer = JSONWriter(capacity: 48)
        let currency = try items.currency()
        writer.object { json in
            json.key("currency"); json.value(currency.code)
            json.key("offlineCopy"); json.value(offlineCopy.isOn)
        }
        return .json(writer)
    }
}

/// What `PATCH /api/v1/settings` changes.
struct SettingsInput {
    var currency: Currency?
    var offlineCopy: Bool?

    /// The settings' fields (see `InputSchema`).
    static var schema: InputSchema<SettingsInput> {
        InputSchema(api: "SettingsInput", fields: [
            InputField(name: "currency", api: "CurrencyCode", expected: Message("error.json.expected.currency", "a three-letter ISO 4217 code as text"), json: { value, settings, reading in
                guard case .string(let code) = value else { return reading.wrongKind(value) }
                settings.currency = Currency(code: code)
                if settings.currency == nil {
                    reading.refuse(Message("error.json.currency-code", "“\(code.prefix(20))” is not a currency code. Use a three-letter ISO 4217 code such as USD, EUR, GBP or JPY.",
                                           ["code": .text(String(code.prefix(20)))]))
                }
            }),
            .flag("offlineCopy", \.offlineCopy),
        ], unknown: { Message("error.json.unknown.setting", "Unknown setting “\($0)”. The settings are: \(schema.listedNames).",
                           ["field": .text($0), "fields": .text(schema.listedNames)]) })
    }
}
