import Claims
import HTTPServer
import Inventory

extension ClaimExpenseInput {
    /// An additional living expense's fields, as the API and the claim page's form send them.
    static var schema: InputSchema<ClaimExpenseInput> {
        InputSchema(api: "ClaimExpenseInput", fields: [
            .choice("category", api: "ExpenseCategory", nullable: false, choose: "what the expense was for") { (expense, value: ExpenseCategory?) in
                expense.category = value
            },
            .day("date", \.date, example: "2026-03-20").labelled("The date"),
            .text("description", \.description),
            .amount("amount", \.amount).labelled("The amount"),
        ], readOnly: ["id", "categoryLabel", "receipt"], unknown: { "Unknown field “\($0)”. An expense's fields are category, date, description and amount." })
    }

    /// Reads an expense from a JSON object, reporting every wrong type and unknown field at once.
    init(json object: [String: JSONValue], currency: Currency) throws(ClaimError) {
        self.init()
        var problems: [FieldError] = []
        Self.schema.read(json: object, into: &self, context: InputContext(currency: currency), problems: &problems)
        guard problems.isEmpty else { throw .invalid(ValidationError(errors: problems)) }
    }

    /// Reads an expense from a form's texts (every field the form shows).
    init(form texts: [String: String], currency: Currency) throws(ClaimError) {
        self.init()
        var problems: [FieldError] = []
        Self.schema.read(form: texts, into: &self, context: InputContext(currency: currency), problems: &problems)
        guard problems.isEmpty else { throw .invalid(ValidationError(errors: problems)) }
    }
}
