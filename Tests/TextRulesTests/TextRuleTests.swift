import Testing
import Messages
import TextRules

/// `TextRule`: a text is held to its characters, and to code points, bytes and marks on one character,
/// so one "character" cannot be 200 KB; real text of every script still fills its field.
@Suite struct TextRuleTests {
    static let name = TextRule(Message("error.field.label.name", "Name"), maxCharacters: 200, oneLine: true)
    static let notes = TextRule(Message("error.field.label.notes", "Notes"), maxCharacters: 10_000, oneLine: false, plural: true)

    /// "a" and 100,000 combining acute accents: one character of 200 KB.
    static let bomb = "a" + String(repeating: "\u{301}", count: 100_000)

    @Test func aCharacterWithACombiningMarkBombIsRefusedSayingWhatToFix() {
        #expect(Self.bomb.count == 1)
        #expect(Self.name.problem(in: Self.bomb) == .tooManyMarks(100_000))
        #expect(Self.name.message(checking: Self.bomb) == "Name has a character with 100,000 combining marks; at most 30 per character. Remove the extra marks.")
        #expect(Self.notes.message(checking: "Fine, then " + Self.bomb)?.hasPrefix("Notes have a character with 100,000 combining marks") == true)
    }

    /// Thirty marks on a character is Unicode's Stream-Safe cap on non-starters; the thirty-first is refused.
    @Test func thirtyMarksOnACharacterAreTakenAndThirtyOneAreNot() {
        let thirty = "e" + String(repeating: "\u{301}", count: 30)
        #expect(Self.name.problem(in: "Caf" + thirty) == nil)
        #expect(Self.name.problem(in: "Caf" + thirty + "\u{301}") == .tooManyMarks(31))
    }

    /// Other ways to make one long cluster: joiners, variation selectors, Thai vowels (combining class 0),
    /// Hangul leading jamo, marks after a line break (which start a cluster of their own).
    @Test(arguments: [("a" + String(repeating: "\u{200D}", count: 40), 40), ("a" + String(repeating: "\u{FE0F}", count: 40), 40),
                      ("ก" + String(repeating: "\u{E34}", count: 40), 40), (String(repeating: "\u{1100}", count: 40), 39),
                      ("\n" + String(repeating: "\u{301}", count: 40), 39)])
    func everyKindOfLongClusterIsCounted(_ text: String, marks: Int) {
        #expect(Self.notes.problem(in: text) == .tooManyMarks(marks))
    }

    /// Text just within the limits, in scripts whose characters are several code points each, with
    /// emoji sequences of up to 10 among words: filling the field, it is taken.
    @Test(arguments: [
        "Family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} photo",          // a family: 7 code points, 25 bytes
        "Anniversary \u{1F469}\u{1F3FD}\u{200D}\u{2764}\u{FE0F}\u{200D}\u{1F48B}\u{200D}\u{1F468}\u{1F3FF} card", // a kiss with skin tones: 10
        "Scarf \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",              // Scotland's flag: a tag sequence of 7
        "नमस्ते दुनिया, क्षत्रिय",                                                                   // Hindi: conjuncts and vowel signs
        "สวัสดีชาวโลก ที่นี่",                                                                       // Thai: vowels and tone marks above and below
        "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}\u{110B}\u{1165}",                       // Korean in jamo (한국어 decomposed)
        "Tie\u{302}\u{301}ng Vie\u{323}\u{302}t",                                                   // decomposed Vietnamese: two marks on a letter
    ])
    func realTextOfEveryScriptFillsItsField(_ sample: String) {
        var text = ""
        while text.count < Self.name.maxCharacters { text += sample + " " }
        text = String(text.prefix(Self.name.maxCharacters))
        #expect(text.count == 200)
        #expect(Self.name.problem(in: text) == nil, "\(text.unicodeScalars.count) code points, \(text.utf8.count) bytes")
    }

    @Test func tooManyCharactersKeepsTheFieldsOwnWords() {
        #expect(Self.name.message(checking: String(repeating: "x", count: 201)) == "Name is 201 characters; the limit is 200. Shorten it.")
        #expect(Self.notes.message(checking: String(repeating: "x", count: 10_001)) == "Notes are 10,001 characters; the limit is 10,000. Shorten them.")
        let claim = TextRule(Message(english: "The claim's name"), maxCharacters: 200, oneLine: false) { Message(english: "\($0.english) is \($1) characters; use at most \($2).") }
        #expect(claim.message(checking: String(repeating: "x", count: 201)) == "The claim's name is 201 characters; use at most 200.")
        // Characters are counted first: the field's own limit is the one a person meets.
        #expect(Self.name.problem(in: String(repeating: "a" + String(repeating: "\u{301}", count: 40), count: 201)) == .tooManyCharacters(201))
    }

    /// Within the characters and with few marks each, but more code points than four a character.
    @Test func codePointsAreLimitedToFourACharacter() {
        let five = String(repeating: "e\u{301}\u{302}\u{303}\u{304}", count: 200)
        #expect(Self.name.problem(in: five) == .tooManyCodePoints(1_000))
        #expect(Self.name.message(checking: five) == "Name is 1,000 Unicode code points (letters, marks and joiners); the limit is 800. Shorten it.")
        #expect(Self.name.problem(in: String(repeating: "e\u{301}\u{302}\u{303}", count: 200)) == nil)
    }

    /// Four code points of four bytes each on every character: within the code points, over 12 bytes a character.
    @Test func bytesAreLimitedToTwelveACharacter() {
        let flags = String(repeating: "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}", count: 200)
        #expect(flags.count == 200)
        #expect(Self.name.problem(in: flags) == .tooManyBytes(3_200))
        #expect(Self.name.message(checking: flags) == "Name is 3,200 bytes in UTF-8; the limit is 2,400. Shorten it.")
    }

    @Test(arguments: ["a\tb", "a\nb", "a\u{0}b", "a\u{2028}b", "a\u{85}b"])
    func aOneLineFieldRefusesControlCharacters(_ text: String) {
        #expect(Self.name.problem(in: text) == .controlCharacter)
        #expect(Self.name.message(checking: text) == "Name can’t contain control characters such as tabs or line breaks.")
        #expect(Self.notes.problem(in: text) == nil)
    }

    @Test func anExcerptQuotesAFewCharactersAndNoBomb() {
        #expect(TextRule.excerpt("Kitchen", characters: 40) == "Kitchen")
        #expect(TextRule.excerpt("abcdef", characters: 3) == "ab…")
        let quoted = TextRule.excerpt(Self.bomb + "bc", characters: 2)
        #expect(quoted == "a" + String(repeating: "\u{301}", count: 30) + "…")
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        #expect(TextRule.excerpt(family + family, characters: 2) == family + family)
    }
}
