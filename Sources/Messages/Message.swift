/// Words a person reads, as a value: the catalogue key of the message, its named arguments, and the
/// US-English text the code writes now. A store module (Inventory, Claims) or the server builds one
/// where it refuses something, without knowing any language but US English; the app writes it in the
/// reader's language when it answers (`DisplayFormat.text(_:)`), each argument in that language's
/// forms. The template's message for `key`, given `arguments`, is `english` to the byte (a test
/// checks), so US English reads as it always has.
public struct Message: Sendable, Equatable, CustomStringConvertible {
    /// The message's key in the catalogues (`error.item.name-required`); nil for words not in them yet,
    /// which read in US English in every language.
    public let key: String?
    public let arguments: [String: Argument]
    /// The message in US English, as the code has always written it.
    public let english: String
    /// For a message made of several (every broken rule of a form, `sentences(_:)`): each, in order.
    public let sentences: [Message]

    /// A value a message names; the app writes numbers, amounts and days in the reader's language.
    public enum Argument: Sendable, Equatable {
        /// Text as given (a name a person typed, a file's type): never translated.
        case text(String)
        /// A whole number: grouped as the language groups it; a plural chooses its form by it.
        case integer(Int64)
        /// An exact amount in minor units of a currency (ISO 4217 code).
        case amount(minorUnits: Int64, currency: String)
        /// A calendar day.
        case day(year: Int, month: Int, day: Int)
        /// Another message (a field's name), written in the same language.
        indirect case message(Message)
        /// Values one of which is wanted (API names, kept as they are), listed as the language lists
        /// alternatives: `“a”, “b” or “c”`, `„a“, „b“ oder „c“`… each quoted as given.
        case alternatives([String])

        public static func count(_ value: Int) -> Argument { .integer(Int64(value)) }
    }

    public init(_ key: String, _ english: String, _ arguments: [String: Argument] = [:]) {
        self.key = key
        self.english = english
        self.arguments = arguments
        sentences = []
    }

    /// Words not in the catalogues yet: US English in every language.
    public init(english: String) {
        key = nil
        self.english = english
        arguments = [:]
        sentences = []
    }

    private init(sentences: [Message]) {
        key = nil
        english = sentences.map(\.english).joined(separator: " ")
        arguments = [:]
        self.sentences = sentences
    }

    /// Messages one after the other, a space between them (each a sentence or more).
    public static func sentences(_ messages: [Message]) -> Message {
        messages.count == 1 ? messages[0] : Message(sentences: messages)
    }

    public var description: String { english }
}
