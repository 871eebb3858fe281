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
        var best: (category: String, length: Int)?
        for text in texts {
            let words = " " + Self.words(text) + " "
            guard words.count > 2 else { continue }
            for entry in entries {
                let phrases = withLabels ? entry.keywords + [Self.words(entry.category), Self.words(entry.label)] : entry.keywords
                for phrase in phrases where phrase.count > (best?.length ?? 0) && Self.contains(words, phrase) {
                    best = (entry.category, phrase.count)
                }
            }
        }
        return best?.category
    }

    /// Whether the padded word list holds the phrase, or its plural in -s or -es.
    private static func contains(_ paddedWords: String, _ phrase: String) -> Bool {
        ["", "s", "es"].contains { paddedWords.contains(" " + phrase + $0 + " ") }
    }

    /// Lowercase letters and digits, every other run of characters made one space: "T-Shirt (XL)" →
    /// "t shirt xl".
    static func words(_ text: String) -> String {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: " ")
    }
}
