@_exported import Messages

/// One broken rule about one field, in words a person can act on.
public struct FieldError: Sendable, Equatable {
    /// The field's API name (`name`, `serialNumber`, `valueInDollars`).
    public let field: String
    /// The words, written in the reader's language when the app answers.
    public let wording: Message

    public init(field: String, _ wording: Message) {
        self.field = field
        self.wording = wording
    }

    /// The words in US English.
    public var message: String { wording.english }
}

/// Input that breaks the inventory's rules; nothing was stored.
public struct ValidationError: Error, Sendable, Equatable {
    public let errors: [FieldError]

    public init(errors: [FieldError]) { self.errors = errors }

    /// The message for `field`, if it has one.
    public func message(for field: String) -> String? { errors.first { $0.field == field }?.message }

    /// The same as a value, for the reader's language.
    public func wording(for field: String) -> Message? { errors.first { $0.field == field }?.wording }

    /// All messages, joined into one sentence list.
    public var summary: String { errors.map(\.message).joined(separator: " ") }

    /// The same as a value.
    public var summaryWording: Message { .sentences(errors.map(\.wording)) }
}
