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

    init(name: String = "", serialNumber: String = "", value: String = "", version: Int? = nil) {
        self.name = name
        self.serialNumber = serialNumber
        self.value = value
        self.version = version
    }

    init(item: Item, currency: Currency) {
        self.init(name: item.name, serialNumber: item.serialNumber, value: String(item.valueInDollars), version: item.version)
        details = ItemDetailsForm(item: item, currency: currency)
    }

    init(fields: FormFields) {
        self.init(
            name: fields["name"] ?? "", serialNumber: fields["serialNumber"] ?? "",
            value: fields["valueInDollars"] ?? "", version: fields["version"].flatMap { Int($0) }
        )
        details = ItemDetailsForm(fields: fields)
    }

    /// The values to store. A value may be typed as `1200`, `$1,200` or `1 200`.
    func input(currency: Currency) throws(InventoryError) -> ItemInput {
        var errors: [FieldError] = []
        var input = ItemInput(name: name, serialNumber: serialNumber)
        if let details {
            details.apply(to: &input, currency: currency, errors: &errors)
        } else {
            readWholeDollars(into: &input, errors: &errors)
        }
        do {
            input = try input.validated(creating: true)
        } catch {
            errors.append(contentsOf: error.errors.filter { new in !errors.contains { $0.field == new.field } })
        }
        guard errors.isEmpty else { throw .invalid(ValidationError(errors: errors)) }
        return input
    }

    private func readWholeDollars(into input: inout ItemInput, errors: inout [FieldError]) {
        let digits = value.filter { !($0 == "$" || $0 == "," || $0.isWhitespace) }
        if digits.isEmpty {
            input.valueInDollars = 0
        } else if let number = Int(digits) {
            input.valueInDollars = number
        } else if digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            input.valueInDollars = Int.max
        } else if digits.contains("."), Double(digits) != nil {
            errors.append(FieldError(field: "valueInDollars", message: "Value must be a whole number of dollars, without cents (like 250)."))
        } else {
            errors.append(FieldError(field: "valueInDollars", message: "Value must be a whole number of dollars, like 250. “\(value)” is not a number."))
        }
    }
}
