import Inventory
import TextRules

/// `PATCH /api/v1/useful-lives` and the useful-lives form: a category's years, or none for "not
/// depreciated"; every category takes the same field (the store names one it does not know).
enum UsefulLivesInput {
    static let description = InputDescription(api: "UsefulLivesInput", additional: "integer|null")

    /// Never said: every field sent is read as a category's (the store names one it does not know).
    static func unknown(_ field: String) -> Message { Message("error.json.unknown.field", "Unknown field “\(field)”.", ["field": .text(field)]) }

    /// The field of one category.
    static func field(_ category: String) -> InputField<[String: Int?]> {
        InputField(name: category, api: "integer|null", expected: Message("error.json.expected.years", "whole years (1 to 100), or null for “not depreciated”"), json: { value, years, reading in
            switch value {
            case .null: years[category] = .some(nil)
            case .integer(let number): years[category] = Int(exactly: number) ?? 0
            default: reading.wrongKind(value)
            }
        }, form: { text, years, reading in
            guard let text = text?.trimmingCharacters(in: .whitespaces) else { return }
            if text.isEmpty { years[category] = .some(nil); return }
            guard let number = Int(text) else {
                return reading.problems.append(FieldError(field: reading.path, Message("error.claim.useful-life-years",
                    "The useful life of \(reading.name) must be whole years (1 to 100), not “\(TextRule.excerpt(text, characters: 20))”; nothing was saved.",
                    ["label": .text(reading.name), "sent": .text(TextRule.excerpt(text, characters: 20))])))
            }
            years[category] = number
        })
    }

    /// The years a JSON object gives, by category.
    static func read(json object: [String: JSONValue], problems: inout [FieldError]) -> [String: Int?] {
        var years: [String: Int?] = [:]
        InputSchema(api: description.api, fields: object.keys.map(field), unknown: Self.unknown)
            .read(json: object, into: &years, context: InputContext(), problems: &problems)
        return years
    }

    /// The years the form gives for the table's categories (`labels`: category to label, in order).
    static func read(form texts: [String: String], labels: [(category: String, label: String)], problems: inout [FieldError]) -> [String: Int?] {
        var years: [String: Int?] = [:]
        InputSchema(api: description.api, fields: labels.map { field($0.category).labelled(Message(english: $0.label)) }, unknown: Self.unknown)
            .read(form: texts, into: &years, context: InputContext(), problems: &problems)
        return years
    }
}
