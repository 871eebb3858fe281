/// Why a catalogue could not be loaded or a message not formatted; the text names the file, the
/// message's key and what to fix.
public struct LocalizationError: Error, CustomStringConvertible, Equatable {
    public enum Code: String, Sendable {
        case unreadableFile = "catalogue_unreadable"
        case badMessage = "message_does_not_parse"
        case unknownPlaceholder = "message_placeholder_unknown"
        case gettextPlural = "message_uses_gettext_plural"
        case duplicateKey = "message_key_repeated"
        case missingKey = "message_key_missing"
        case formatting = "message_formatting_failed"
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
