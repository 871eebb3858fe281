import HTTPServer
import Inventory

/// `/api/v1/settings`: `{"currency": "USD"}`, read by anyone signed in, changed by owners.
struct SettingsAPIHandlers: Sendable {
    let items: ItemStore

    func register(in router: inout AppRouter) {
        router.get(SettingsRoutes.api) { _ in try response() }
        router.patch(SettingsRoutes.api, access: .manage) { request in
            let object = try ItemAPIHandlers.jsonObject(of: request)
            var problems: [(field: String, message: String)] = []
            var currency: Currency?
            for (key, value) in object.sorted(by: { $0.key < $1.key }) {
                switch (key, value) {
                case ("currency", .string(let code)):
                    currency = Currency(code: code)
                    if currency == nil {
                        problems.append((key, "“\(code.prefix(20))” is not a currency code. Use a three-letter ISO 4217 code such as USD, EUR, GBP or JPY."))
                    }
                case ("currency", _):
                    problems.append((key, "currency must be a three-letter ISO 4217 code as text, not \(value.kindDescription)."))
                default:
                    problems.append((key, "Unknown setting “\(key)”. The settings are: currency."))
                }
            }
            guard problems.isEmpty else {
                var error = AppError(.invalidSettings, message: problems.map(\.message).joined(separator: " "))
                error.fieldMessages = problems
                throw error
            }
            do {
                if let currency { try items.setCurrency(currency) }
            } catch InventoryError.invalid(let invalid) {
                var error = AppError(.invalidSettings, message: invalid.summary)
                error.fieldMessages = invalid.errors.map { (field: $0.field, message: $0.message) }
                throw error
            }
            return try response()
        }
    }

    private func response() throws -> Response {
        var writer = JSONWriter(capacity: 32)
        let currency = try items.currency()
        writer.object { json in
            json.key("currency"); json.value(currency.code)
        }
        return .json(writer)
    }
}
