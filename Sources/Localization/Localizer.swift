/// The words of one language: its catalogue, and the template's US English for any message it has
/// not translated (or cannot format), so a page is never missing a word.
public struct Localizer: Sendable {
    public let catalogue: Catalogue
    public let template: Catalogue

    public init(catalogue: Catalogue, template: Catalogue) {
        self.catalogue = catalogue
        self.template = template
    }

    public var language: LanguageTag { catalogue.language }

    /// The message `key` in this language with its named arguments; US English when not translated;
    /// the key itself for a key no catalogue has (a slip the catalogue tests find).
    public func text(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String {
        if let text = try? catalogue.text(key, arguments) { return text }
        if let text = try? template.text(key, arguments) { return text }
        return key
    }
}
