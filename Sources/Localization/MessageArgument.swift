/// A value a message names: text, or a number (a plural chooses its form by it, and ICU writes it
/// as the language does).
public enum MessageArgument: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case text(String)
    case integer(Int64)
    case decimal(Double)

    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public static func count(_ value: Int) -> MessageArgument { .integer(Int64(value)) }
}
