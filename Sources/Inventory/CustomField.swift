import TextRules

/// A field the household adds to an item ("Colour" → "Walnut"): one per name whatever its case.
public struct CustomField: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    public static let maxCount = 50
    public static let maxNameLength = 50
    public static let maxValueLength = 1_000
    static let nameRule = TextRule(Message("error.field.label.custom-field-name", "A custom field’s name"), maxCharacters: maxNameLength, oneLine: true)
    /// Named by the field's name in messages (`named(_:)`).
    static let valueRule = TextRule(Message("error.field.label.custom-field", "A custom field"), maxCharacters: maxValueLength, oneLine: false) { label, count, limit in
        Message("error.text.custom-field-at-most", "\(label.english) is \(count.grouped) characters; a custom field holds at most \(limit.grouped). Shorten it.",
                ["label": .message(label), "count": .count(count), "limit": .count(limit)])
    }

    /// `fields` trimmed and checked, sorted by name; every broken rule goes to `errors`, named `customFields`.
    static func validated(_ fields: [String: String], into errors: inout [FieldError]) -> [CustomField] {
        if fields.count > maxCount {
            errors.append(FieldError(field: "customFields", Message("error.item.too-many-custom-fields",
                                                                      "An item can have at most \(maxCount) custom fields, not \(fields.count.grouped). Remove some.",
                                                                      ["limit": .count(maxCount), "count": .count(fields.count)])))
            return []
        }
        var seen: Set<String> = []
        var result: [CustomField] = []
        for (name, value) in fields {
            let name = name.trimmingWhitespace(), value = value.trimmingWhitespace()
            let excerpt = TextRule.excerpt(name, characters: 60)
            let summary = Message("error.item.custom-field-name-rule", "Each custom field’s name is 1 to \(maxNameLength) characters on one line; “\(excerpt)” is not.",
                                  ["limit": .count(maxNameLength), "name": .text(excerpt)])
            if let message = name.isInvisible ? summary : nameRule.wording(checking: name, summary: summary) {
                errors.append(FieldError(field: "customFields", message))
                return []
            }
            if !valueRule.named(Message("error.field.label.custom-field-named", "“\(name)”", ["name": .text(name)])).check(value, field: "customFields", into: &errors) { return [] }
            guard seen.insert(name.lowercased()).inserted else {
                errors.append(FieldError(field: "customFields", Message("error.item.custom-field-twice", "Two custom fields are named “\(name)” (names ignore case). Keep one.",
                                                                          ["name": .text(name)])))
                return []
            }
            // An empty value removes the field, so clearing it in a form forgets it.
            if !value.isEmpty { result.append(CustomField(name: name, value: value)) }
        }
        return result.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    }
}
