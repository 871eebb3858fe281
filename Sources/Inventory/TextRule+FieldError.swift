import TextRules

extension TextRule {
    /// Adds what `text` breaks, if anything, to `errors` under `field`; true when it keeps the rule.
    @discardableResult
    public func check(_ text: String, field: String, into errors: inout [FieldError]) -> Bool {
        guard let message = message(checking: text) else { return true }
        errors.append(FieldError(field: field, message: message))
        return false
    }

    /// `message(checking:summary:)` as a value: `summary` for text too long or on several lines,
    /// the rule's own words (not in the catalogues yet) for what a person cannot see.
    public func wording(checking text: String, summary: @autoclosure () -> Message) -> Message? {
        guard let problem = problem(in: text) else { return nil }
        return problem.isBeyondCharacters ? Message(english: message(for: problem)) : summary()
    }

    /// "Name is 1,201 characters; the limit is 1,000 characters. Shorten it.": names' and serial numbers' words.
    public static let charactersShortenIt: Wording = { label, count, limit in
        "\(label) is \(count.grouped) characters; the limit is \(limit.grouped) characters. Shorten it."
    }

    /// "The label is 201 characters; use at most 200.": claims' words.
    public static let useAtMost: Wording = { label, count, limit in "\(label) is \(count) characters; use at most \(limit)." }
}
