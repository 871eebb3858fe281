import Claims
import HTTPServer
import Inventory

/// A claim line's fields exactly as typed.
struct ClaimLineForm: Sendable, Equatable {
    var quantityLost = ""
    /// A category id, or "" for the guess.
    var category = ""
    var actualCashValue = ""
    var overrideReason = ""
    var paid = ""
    var replacedCost = ""
    var replacedDate = ""

    init(line: ClaimLine, currency: Currency) {
        func money(_ amount: Int64?) -> String { amount.map { Money(minorUnits: $0, currency: currency).decimalString } ?? "" }
        quantityLost = String(line.quantityLost)
        category = line.category ?? ""
        actualCashValue = money(line.unitACVOverride)
        overrideReason = line.overrideReason
        paid = money(line.paid)
        replacedCost = money(line.replacedCost)
        replacedDate = line.replacedDate?.iso ?? ""
    }

    init(fields: FormFields) {
        quantityLost = fields["quantityLost"] ?? ""
        category = fields["category"] ?? ""
        actualCashValue = fields["actualCashValueOverride"] ?? ""
        overrideReason = fields["overrideReason"] ?? ""
        paid = fields["paid"] ?? ""
        replacedCost = fields["replacedCost"] ?? ""
        replacedDate = fields["replacedDate"] ?? ""
    }

    func input(itemID: Item.ID, currency: Currency) throws(ClaimError) -> ClaimLineInput {
        var input = ClaimLineInput(itemID: itemID)
        var errors: [FieldError] = []
        func amount(_ text: String, _ field: String, _ label: String) -> Int64?? {
            let text = text.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { return .some(nil) }
            do { return try Money.parseTyped(text, currency: currency).minorUnits } catch {
                errors.append(FieldError(field: field, message: error.message(naming: label)))
                return nil
            }
        }
        if let quantity = Int(quantityLost.trimmingCharacters(in: .whitespaces)) {
            input.quantityLost = quantity
        } else {
            errors.append(FieldError(field: "quantityLost", message: "The quantity lost is a whole number, like 1; “\(quantityLost.prefix(20))” is not."))
        }
        input.category = .some(category.isEmpty ? nil : category)
        if let value = amount(actualCashValue, "actualCashValueOverride", "The actual cash value") { input.unitACVOverride = value }
        input.overrideReason = overrideReason
        if let value = amount(paid, "paid", "The amount paid") { input.paid = value }
        if let value = amount(replacedCost, "replacedCost", "What replacing it cost") { input.replacedCost = value }
        if let date = ClaimForm.date(replacedDate, "replacedDate", "The day it was replaced", into: &errors) { input.replacedDate = date }
        guard errors.isEmpty else { throw .invalid(ValidationError(errors: errors)) }
        return input
    }
}
