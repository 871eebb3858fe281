import Glibc

extension UsefulLifeTable {
    /// The category an item most likely belongs to, from its name first and then its tags; "other" when
    /// nothing matches.
    ///
    /// A keyword matches whole words without regard to case or punctuation, singular or plural ("Dining
    /// chairs" → furniture, "T-shirt" → clothing). The longest matching keyword wins, so "TV stand" is
    /// furniture and "Apple Watch" a smartwatch, not jewellery; a tie goes to the category listed first.
    /// The name is read before the tags because tags are often rooms or broad ("Electronics") while the
    /// name says what the thing is; a tag is read with the category's id and label as keywords too, so
    /// tagging an item "Jewellery & watches" puts it there. Keywords are English: other names fall to
    /// "other" and the line's category can be set by hand.
    public func guessCategory(tags: [String], name: String) -> String {
        if let category = bestMatch(in: [name], withLabels: false) { return category }
        return bestMatch(in: tags, withLabels: true) ?? Self.otherCategory
    }

    private func bestMatch(in texts: [String], withLabels: Bool) -> String? {
        // Keywords, ids and labels are the defaults' whatever the years: their phrases are made once.
        let phrases = withLabels ? Self.tagPhrases : Self.namePhrases
        var best: (category: String, length: Int)?
        for text in texts {
            let words = " " + Self.words(text) + " "
            guard words.utf8.count > 2 else { continue }
            for (entry, entryPhrases) in zip(entries, phrases) {
                for (phrase, length) in entryPhrases where length > (best?.length ?? 0) && Self.contains(words, phrase) {
                    best = (entry.category, length)
                }
            }
        }
        return best?.category
    }

    /// Each category's keywords, with their lengths, in the table's order.
    private static let namePhrases = defaultEntries.map { entry in entry.keywords.map { ($0, $0.count) } }
    /// The same with each category's id and label as words: what a tag is matched against.
    private static let tagPhrases = defaultEntries.map { entry in
        (entry.keywords + [words(entry.category), words(entry.label)]).map { ($0, $0.count) }
    }

    /// Whether the padded word list holds the phrase, or its plural in -s or -es: " phrase ",
    /// " phrases " or " phrasees ", compared byte by byte. (Foundation's `String.contains`, which
    /// compares as a locale would, was 87 % of a 2,000-line claim's schedule: 10 s in a release build.)
    private static func contains(_ paddedWords: String, _ phrase: String) -> Bool {
        var paddedWords = paddedWords, phrase = phrase
        return paddedWords.withUTF8 { text in phrase.withUTF8 { holds(text, phrase: $0) } }
    }

    private static func holds(_ text: UnsafeBufferPointer<UInt8>, phrase: UnsafeBufferPointer<UInt8>) -> Bool {
        let space = UInt8(ascii: " "), s = UInt8(ascii: "s"), e = UInt8(ascii: "e")
        guard !phrase.isEmpty, text.count >= phrase.count + 2 else { return false }
        for start in 1...(text.count - phrase.count - 1) where text[start - 1] == space && text[start] == phrase[0] {
            guard memcmp(text.baseAddress! + start, phrase.baseAddress!, phrase.count) == 0 else { continue }
            let end = start + phrase.count
            func follows(_ suffix: [UInt8]) -> Bool {
                end + suffix.count < text.count && suffix.indices.allSatisfy { text[end + $0] == suffix[$0] } && text[end + suffix.count] == space
            }
            if follows([]) || follows([s]) || follows([e, s]) { return true }
        }
        return false
    }

    /// Lowercase letters and digits, every other run of characters made one space: "T-Shirt (XL)" →
    /// "t shirt xl".
    static func words(_ text: String) -> String {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: " ")
    }
}
