/// What every name (an item's, a location's) must be: trimmed, not empty, within a length, on one line.
struct NameRule {
    /// `item`, `location`: the thing named, in messages.
    let noun: String
    /// A name to suggest (“Camera”).
    let example: String
    let maxLength: Int

    /// The trimmed name, with any broken rule added to `errors` under `name`; nil when none was given.
    func check(_ name: String?, creating: Bool, into errors: inout [FieldError]) -> String? {
        guard let name else {
            if creating { errors.append(FieldError(field: "name", message: "Name is required. Give the \(noun) a name, such as “\(example)”.")) }
            return nil
        }
        let trimmed = name.trimmingWhitespace()
        if trimmed.isInvisible {
            errors.append(FieldError(field: "name", message: "Name can’t be empty. Give the \(noun) a name, such as “\(example)”."))
        } else if trimmed.count > maxLength {
            errors.append(FieldError(field: "name", message: "Name is \(trimmed.count.grouped) characters; the limit is \(maxLength.grouped) characters. Shorten it."))
        } else if trimmed.containsControlCharacters {
            errors.append(FieldError(field: "name", message: "Name can’t contain control characters such as tabs or line breaks."))
        }
        return trimmed
    }
}
