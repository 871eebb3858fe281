/// A full-text query built from what a person typed, safe to hand to FTS5's `MATCH`.
///
/// User text never reaches FTS5's query syntax: each word becomes a quoted string (its quotes
/// doubled), so `AND`, `NEAR`, `(`, `*`, `:` and `"` are just characters. The words are ANDed, and
/// the last one is a prefix, so results narrow as you type (`so` finds "Sony").
public struct FullTextQuery: Sendable, Equatable {
    /// The words, in order, each with at least one letter or digit.
    public let words: [String]

    public init(_ text: String) {
        words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init).filter(Self.hasTokenCharacters)
    }

    /// True when the text held nothing to search for (blank, or only punctuation and symbols).
    public var isEmpty: Bool { words.isEmpty }

    /// Every word, in any column: `"sony" "cam"*`.
    var expression: String {
        words.enumerated().map { index, word in
            let quoted = "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return index == words.count - 1 ? quoted + "*" : quoted
        }.joined(separator: " ")
    }

    /// Every word, all in `column` (a name from `ItemSearchText.columns`, never user text).
    func expression(inColumn column: String) -> String { "{\(column)} : (\(expression))" }

    /// Every word, but not all of them in `column`.
    func expression(notAllInColumn column: String) -> String { "(\(expression)) NOT (\(expression(inColumn: column)))" }

    /// Whether the FTS5 tokenizer (unicode61) would find a token in `word`; a word without one would
    /// become an empty phrase, which matches nothing, so it is left out instead.
    private static func hasTokenCharacters(_ word: String) -> Bool {
        word.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
}
