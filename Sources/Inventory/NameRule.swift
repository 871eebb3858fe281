import TextRules

/// What every name (an item's, a location's, a document's) must be: trimmed, not empty, within its
/// `TextRule` (a length, on one line).
struct NameRule {
    /// `item`, `location`, `document`: the thing named, in messages and their keys (`error.item.name-required`).
    let noun: String
    /// A name to suggest (“Camera”).
    let example: String
    let text: TextRule

    init(noun: String, example: String, maxLength: Int) {
        self.noun = noun
        self.example = example
        text = TextRule(Message("error.field.label.name", "Name"), maxCharacters: maxLength, oneLine: true, tooLong: TextRule.charactersShortenIt)
    }

    /// The trimmed name, with any broken rule added to `errors` under `name`; nil when none was given.
    func check(_ name: String?, creating: Bool, into errors: inout [FieldError]) -> String? {
        guard let name else {
            if creating {
                errors.append(FieldError(field: "name", Message("error.\(noun).name-required", "Name is required. Give the \(noun) a name, such as “\(example)”.")))
            }
            return nil
        }
        let trimmed = name.trimmingWhitespace()
        if trimmed.isInvisible {
            errors.append(FieldError(field: "name", Message("error.\(noun).name-empty", "Name can’t be empty. Give the \(noun) a name, such as “\(example)”.")))
        } else {
            text.check(trimmed, field: "name", into: &errors)
        }
        return trimmed
    }
}
