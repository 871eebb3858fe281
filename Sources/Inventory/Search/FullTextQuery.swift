/// A full-text query built from what a person typed, safe to hand to FTS5's `MATCH`.
///
/// User text never reaches FTS5's query syntax: each word becomes a quoted string (its quotes
/// doubled), so `AND`, `NEAR`, `(`, `*`, `:` and `"` are just characters. The words are ANDed, and
/// the last one is a prefix, so results narrow as you type (`so` finds "Sony").
///
/// Text with a control character other than whitespace is refused: a NUL ends an FTS5 string (SQLite
/// answers "unterminated string", however the text is quoted), and no stored text holds the others
/// (names and serials refuse them; the index splits words at them), so none of them can be a search.
public struct FullTextQuery: Sendable, Equatable {
    /// The words, in order, each with at least one letter or digit.
    public let words: [String]

    /// - Throws: `InventoryError.invalidQuery` (parameter `q`) for a control character.
    public init(_ text: String) throws(InventoryError) {
        if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control && !$0.properties.isWhitespace }) {
            let hex = String(control.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            throw .invalidQuery(parameter: "q", message: Message("error.inventory.search-control",
                "The search holds a control character (\(code)), which no item’s text contains; take it out (retype the words rather than paste them) and search again.",
                ["code": .text(code)]))
        }
        words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init).filter(Self.hasTokenCharacters)
    }

    /// True when the text held nothing to search for (blank, or only punctuation and symbols).
    public var isEmpty: Bool { words.isEmpty }

    /// Every word, in any column: `"sony" "cam"*`.
    package var expression: String {
        words.enumerated().map { index, word in
            let quoted = "\"" + Self.doublingQuotes(word) + "\""
            return index == words.count - 1 ? quoted + "*" : quoted
        }.joined(separator: " ")
    }

    /// `word` with every `"` doubled, scalar by scalar: FTS5 ends a string at any `"` byte, while a
    /// `"` followed by a combining mark is another Swift `Character`, which a Character-wise
    /// replacement leaves single (the search fuzz target found `"` + U+07EC answering "unterminated string").
    private static func doublingQuotes(_ word: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in word.unicodeScalars {
            scalars.append(scalar)
            if scalar == "\"" { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// Every word, all in `column` (a name from `ItemSearchText.columns`, never user text).
    package func expression(inColumn column: String) -> String { "{\(column)} : (\(expression))" }

    /// Every word, but not all of them in `column`.
    package func expression(notAllInColumn column: String) -> String { "(\(expression)) NOT (\(expression(inColumn: column)))" }

    /// Whether the FTS5 tokenizer (unicode61) would find a token in `word`; a word without one would
    /// become an empty phrase, which matches nothing, so it is left out instead.
    private static func hasTokenCharacters(_ word: String) -> Bool {
        word.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
}
