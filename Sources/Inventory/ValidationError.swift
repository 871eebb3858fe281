/// One broken rule about one field, in words a person can act on.
public struct FieldError: Sendable, Equatable {
    /// The field's API name (`name`, `serialNumber`, `valueInDollars`).
    public let field: String
    public let message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}

/// Input that breaks the inventory's rules; nothing was stored.
public struct ValidationError: Error, Sendable, Equatable {
    public let errors: [FieldError]

    public init(errors: [FieldError]) { self.errors = errors }

    /// The message for `field`, if it has one.
    public func message(for field: String) -> String? { errors.first { $0.field == field }?.message }

    /// All messages, joined into one sentence list.
    public var summary: String { errors.map(\.message).joined(separator: " ") }
}
