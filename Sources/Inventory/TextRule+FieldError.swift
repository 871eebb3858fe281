import TextRules

extension TextRule {
    /// Adds what `text` breaks, if anything, to `errors` under `field`; true when it keeps the rule.
    @discardableResult
    public func check(_ text: String, field: String, into errors: inout [FieldError]) -> Bool {
        guard let wording = wording(checking: text) else { return true }
        errors.append(FieldError(field: field, wording))
        return false
    }

    /// "Name is 1,201 characters; the limit is 1,000 characters. Shorten it.": names' and serial numbers' words.
    public static let charactersShortenIt: Wording = { label, count, limit in
        Message("error.text.too-long-shorten-it", "\(label.english) is \(count.grouped) characters; the limit is \(limit.grouped) characters. Shorten it.",
                ["label": .message(label), "count": .count(count), "limit": .count(limit)])
    }

    /// "The label is 201 characters; use at most 200.": claims' words.
    public static let useAtMost: Wording = { label, count, limit in
        Message("error.text.use-at-most", "\(label.english) is \(count) characters; use at most \(limit).",
                ["label": .message(label), "count": .count(count), "limit": .count(limit)])
    }
}
