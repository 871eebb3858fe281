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
    /// The language its amounts and quantity are written in.
    var numbers = TypedNumbers.usEnglish

    init(line: ClaimLine, currency: Currency, numbers: TypedNumbers) {
        func money(_ amount: Int64?) -> String { numbers.amount(amount, in: currency) }
        self.numbers = numbers
        quantityLost = numbers.decimal(line.quantityLost.text)
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
        numbers = TypedNumbers(fields: fields)
    }

    func input(itemID: Item.ID, currency: Currency) throws(ClaimError) -> ClaimLineInput {
        var input = ClaimLineInput(itemID: itemID), errors: [FieldError] = []
        let sent = ["quantityLost": quantityLost, "category": category, "actualCashValueOverride": actualCashValue, "overrideReason": overrideReason,
                    "paid": paid, "replacedCost": replacedCost, "replacedDate": replacedDate]
        ClaimLineInput.schema.read(form: sent, into: &input, context: InputContext(currency: currency, numbers: numbers), problems: &errors)
        guard errors.isEmpty else { throw .invalid(ValidationError(errors: errors)) }
        return input
    }
}
