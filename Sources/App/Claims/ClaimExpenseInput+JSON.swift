import Claims
import HTTPServer
import Inventory
import Messages

extension ClaimExpenseInput {
    /// An additional living expense's fields, as the API and the claim page's form send them.
    static var schema: InputSchema<ClaimExpenseInput> {
        InputSchema(api: "ClaimExpenseInput", fields: [
            .choice("category", api: "ExpenseCategory", nullable: false, choose: Message("error.field.claim.choose-expense-category", "what the expense was for")) { (expense, value: ExpenseCategory?) in
                expense.category = value
            },
            .day("date", \.date, example: "2026-03-20").labelled(Message("error.field.claim.expense-date", "The date")),
            .text("description", \.description),
            .amount("amount", \.amount, negative: ClaimExpenseInput.amountAboveZero).labelled(Message("error.field.claim.expense-amount", "The amount")),
        ], readOnly: ["id", "categoryLabel", "receipt"], unknown: {
            Message("error.json.unknown.expense", "Unknown field “\($0)”. An expense's fields are category, date, description and amount.", ["field": .text($0)])
        })
    }

    /// Reads an expense from a JSON object; every wrong type and unknown field is kept in
    /// `unreadable`, which the store says with whatever else is wrong.
    init(json object: [String: JSONValue], currency: Currency) {
        self.init()
        var problems: [FieldError] = []
        Self.schema.read(json: object, into: &self, context: InputContext(currency: currency), problems: &problems)
        unreadable = problems
    }

    /// Reads an expense from a form's texts (every field the form shows), as `init(json:)`.
    init(form texts: [String: String], currency: Currency, numbers: TypedNumbers) {
        self.init()
        var problems: [FieldError] = []
        Self.schema.read(form: texts, into: &self, context: InputContext(currency: currency, numbers: numbers), problems: &problems)
        unreadable = problems
    }
}
