import Foundation
import HTTPServer
import Inventory

/// The item form's fields exactly as typed, so a rejected form comes back with the person's text.
struct ItemForm: Sendable, Equatable {
    var name = ""
    var serialNumber = ""
    var value = ""
    /// The version the form was loaded at; a save against a newer item is refused.
    var version: Int?
    /// The detail page's claim fields (its value is the exact replacement cost, not `value`).
    var details: ItemDetailsForm?
    /// The language its amounts and quantities are written in.
    var numbers = TypedNumbers.usEnglish

    init(name: String = "", serialNumber: String = "", value: String = "", version: Int? = nil) {
        self.name = name
        self.serialNumber = serialNumber
        self.value = value
        self.version = version
    }

    init(item: Item, currency: Currency, numbers: TypedNumbers) {
        self.init(name: item.name, serialNumber: item.serialNumber, value: String(item.valueInDollars), version: item.version)
        details = ItemDetailsForm(item: item, currency: currency, numbers: numbers)
        self.numbers = numbers
    }

    init(fields: FormFields) {
        self.init(
            name: fields["name"] ?? "", serialNumber: fields["serialNumber"] ?? "",
            value: fields["valueInDollars"] ?? "", version: fields["version"].flatMap { Int($0) }
        )
        details = ItemDetailsForm(fields: fields)
        numbers = TypedNumbers(fields: fields)
    }

    /// The values to store. A value may be typed as `1200`, `$1,200` or `1 200`.
    /// `now`: the day "about 5 years ago" is said on, and what a purchase date may not be after.
    func input(currency: Currency, now: Date) throws(InventoryError) -> ItemInput {
        var errors: [FieldError] = []
        var input = ItemInput()
        var sent = ["name": name, "serialNumber": serialNumber]
        if let details { sent.merge(details.schemaTexts(), uniquingKeysWith: { first, _ in first }) } else { sent["valueInDollars"] = value }
        ItemInput.schema.read(form: sent, into: &input, context: InputContext(currency: currency, now: now, numbers: numbers), problems: &errors)
        details?.apply(to: &input, currency: currency, numbers: numbers, errors: &errors)
        do {
            input = try input.validated(creating: true)
        } catch {
            errors.append(contentsOf: error.errors.filter { new in !errors.contains { $0.field == new.field } })
        }
        guard errors.isEmpty else { throw .invalid(ValidationError(errors: errors)) }
        return input
    }
}
