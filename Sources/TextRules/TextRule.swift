import Messages

/// What a piece of text a person, a client or an imported file gives may be: within a number of
/// characters (what a person sees and counts), and within limits a person never meets but a client
/// can break while keeping to the characters — code points, bytes, and marks on one character.
///
/// Characters are grapheme clusters (Swift's `Character`): "a" followed by 100,000 combining acute
/// accents is one character of 200 KB, and pango's shaping of one cluster is quadratic in its length
/// (the claim report of one such item took 270 s). So every text is also held to:
///
/// - **30 marks on one character** (`maxMarksPerCharacter`, counted as the code points after a
///   character's first): the longest clusters of real text are far shorter — an emoji sequence with
///   skin tones and joiners is at most 10 code points (👩🏽‍❤️‍💋‍👨🏿), a Devanagari or Tibetan
///   stack under 10, Vietnamese or Hangul in jamo 3 — while "Zalgo" text piles up hundreds. 30 is the
///   cap Unicode's Stream-Safe Text Format (UAX #15) puts on consecutive non-starters.
/// - **4 code points a character** on average (`maxCodePoints`): text of any script filling its field
///   stays under it (Hindi, Thai, Korean in jamo, decomposed Vietnamese average 1–3), emoji sequences
///   of up to 10 here and there too; it bounds the work of shaping and indexing a field.
/// - **12 bytes a character** in UTF-8 (`maxBytes`): 4 code points of the Basic Multilingual Plane
///   (3 bytes each, every living script's letters); it bounds what is stored, sent and kept in memory.
///
/// One rule a field, used by every door the field has (API, forms, imports): `problem(in:)` says
/// what is wrong, `wording(for:)` says it in words naming the field, as a catalogue message the app
/// writes in the reader's language.
public struct TextRule: Sendable {
    /// How messages name the field: "Name", "Serial number", "The claim's name", "Notes" (an API
    /// name such as `q` as it is).
    public let label: Message
    public let maxCharacters: Int
    /// Control characters (tabs, line breaks, NUL) and Unicode's line and paragraph separators refused.
    public let isOneLine: Bool
    /// "Notes are…", "Notes have…".
    let isPlural: Bool
    /// The field's own words for text over `maxCharacters`; nil: "Name is 1,201 characters; the limit is 1,000. Shorten it."
    let tooLongWording: Wording?

    /// A message from the field's label, the characters the text has and the limit.
    public typealias Wording = @Sendable (_ label: Message, _ characters: Int, _ limit: Int) -> Message

    public static let maxMarksPerCharacter = 30
    static let codePointsPerCharacter = 4
    static let bytesPerCharacter = 12

    public var maxCodePoints: Int { maxCharacters * Self.codePointsPerCharacter }
    public var maxBytes: Int { maxCharacters * Self.bytesPerCharacter }

    public init(_ label: Message, maxCharacters: Int, oneLine: Bool, plural: Bool = false, tooLong: Wording? = nil) {
        self.label = label
        self.maxCharacters = maxCharacters
        self.isOneLine = oneLine
        self.isPlural = plural
        self.tooLongWording = tooLong
    }

    /// The same rule, its messages naming the field otherwise (a tag by its text, a custom field by its name).
    public func named(_ label: Message, plural: Bool = false) -> TextRule {
        TextRule(label, maxCharacters: maxCharacters, oneLine: isOneLine, plural: plural, tooLong: tooLongWording)
    }
    /// What `text` breaks, the first in this order: characters, marks on one character, code points,
    /// bytes, lines; nil when it keeps the rule. Linear in the text however it is made: its code points
    /// are read once, and only text beyond ASCII is split into characters, where each ends (not made
    /// into `Character`s, which copies them: for "a" and 300,000 marks 190 ms against 100 ms, loaded).
    public func problem(in text: String) -> TextProblem? {
        var codePoints = 0, crlfs = 0, isASCII = true, breaksLine = false
        var previous: Unicode.Scalar = "\0"
        for scalar in text.unicodeScalars {
            codePoints += 1
            if !scalar.isASCII { isASCII = false }
            if isOneLine, !breaksLine, Self.breaksLine(scalar) { breaksLine = true }
            if scalar == "\n", previous == "\r" { crlfs += 1 }
            previous = scalar
        }
        // An ASCII character is one code point, but for "\r\n": one character of two.
        let (characters, mostMarks) = isASCII ? (codePoints - crlfs, crlfs > 0 ? 1 : 0) : Self.characters(in: text)
        if characters > maxCharacters { return .tooManyCharacters(characters) }
        if mostMarks > Self.maxMarksPerCharacter { return .tooManyMarks(mostMarks) }
        if codePoints > maxCodePoints { return .tooManyCodePoints(codePoints) }
        let bytes = text.utf8.count
        if bytes > maxBytes { return .tooManyBytes(bytes) }
        if breaksLine { return .controlCharacter }
        return nil
    }

    /// How many characters `text` has, and the most marks (code points after its first) on one.
    private static func characters(in text: String) -> (count: Int, mostMarks: Int) {
        var count = 0, mostMarks = 0, start = text.startIndex
        while start < text.endIndex {
            let end = text.index(after: start)
            count += 1
            mostMarks = max(mostMarks, text.unicodeScalars.distance(from: start, to: end) - 1)
            start = end
        }
        return (count, mostMarks)
    }

    /// The words for `text`'s problem; nil when it keeps the rule.
    public func wording(checking text: String) -> Message? {
        problem(in: text).map(wording(for:))
    }

    /// For a field whose message sums up its whole rule ("Each tag is 1 to 50 characters on one line;
    /// “…” is not."): `summary` for text too long or on several lines, the rule's own words for what
    /// a person cannot see (marks, code points, bytes); nil when the text keeps the rule.
    public func wording(checking text: String, summary: @autoclosure () -> Message) -> Message? {
        guard let problem = problem(in: text) else { return nil }
        return problem.isBeyondCharacters ? wording(for: problem) : summary()
    }

    /// `wording(checking:)` in US English, for words that are not values yet (an account's refusal).
    public func message(checking text: String) -> String? {
        wording(checking: text)?.english
    }

    /// `wording(checking:summary:)` in US English, for words that are not values yet (an import's problems).
    public func message(checking text: String, summary: @autoclosure () -> String) -> String? {
        guard let problem = problem(in: text) else { return nil }
        return problem.isBeyondCharacters ? wording(for: problem).english : summary()
    }

    /// What is wrong and what to do, naming the field; the counts as numbers the language writes.
    /// A field named in the plural ("Notes are…") has messages of its own, as English's verbs agree.
    public func wording(for problem: TextProblem) -> Message {
        let name = label.english
        switch problem {
        case .tooManyCharacters(let count):
            if let tooLongWording { return tooLongWording(label, count, maxCharacters) }
            let arguments = counting(count, limit: maxCharacters)
            let (counted, limit) = (Self.grouped(count), Self.grouped(maxCharacters))
            return isPlural
                ? Message("error.text.too-many-characters-plural", "\(name) are \(counted) characters; the limit is \(limit). Shorten them.", arguments)
                : Message("error.text.too-many-characters", "\(name) is \(counted) characters; the limit is \(limit). Shorten it.", arguments)
        case .tooManyMarks(let marks):
            let arguments: [String: Message.Argument] = ["label": .message(label), "marks": .count(marks), "limit": .count(Self.maxMarksPerCharacter)]
            let (counted, limit) = (Self.grouped(marks), Self.maxMarksPerCharacter)
            return isPlural
                ? Message("error.text.too-many-marks-plural",
                          "\(name) have a character with \(counted) combining marks; at most \(limit) per character. Remove the extra marks.", arguments)
                : Message("error.text.too-many-marks",
                          "\(name) has a character with \(counted) combining marks; at most \(limit) per character. Remove the extra marks.", arguments)
        case .tooManyCodePoints(let count):
            let arguments = counting(count, limit: maxCodePoints)
            let (counted, limit) = (Self.grouped(count), Self.grouped(maxCodePoints))
            return isPlural
                ? Message("error.text.too-many-code-points-plural",
                          "\(name) are \(counted) Unicode code points (letters, marks and joiners); the limit is \(limit). Shorten them.", arguments)
                : Message("error.text.too-many-code-points",
                          "\(name) is \(counted) Unicode code points (letters, marks and joiners); the limit is \(limit). Shorten it.", arguments)
        case .tooManyBytes(let count):
            let arguments = counting(count, limit: maxBytes)
            let (counted, limit) = (Self.grouped(count), Self.grouped(maxBytes))
            return isPlural
                ? Message("error.text.too-many-bytes-plural", "\(name) are \(counted) bytes in UTF-8; the limit is \(limit). Shorten them.", arguments)
                : Message("error.text.too-many-bytes", "\(name) is \(counted) bytes in UTF-8; the limit is \(limit). Shorten it.", arguments)
        case .controlCharacter:
            return Message("error.text.control-character", "\(name) can’t contain control characters such as tabs or line breaks.", ["label": .message(label)])
        }
    }

    /// A message's arguments: the field, what its text has and the limit.
    private func counting(_ count: Int, limit: Int) -> [String: Message.Argument] {
        ["label": .message(label), "count": .count(count), "limit": .count(limit)]
    }

    /// Control characters and the Unicode line and paragraph separators: all break a one-line field.
    /// (General categories Cc, Zl and Zp are exactly these code points; compared, not looked up.)
    public static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }

    /// At most `characters` characters of `text` to quote in a message, each with at most
    /// `maxMarksPerCharacter` marks, and "…" when some were left out: a hostile text is not echoed back
    /// whole, nor read past what is quoted.
    public static func excerpt(_ text: String, characters limit: Int) -> String {
        let scalars = text.unicodeScalars.prefix(limit * (maxMarksPerCharacter + 1) + 1)
        let head = String(String.UnicodeScalarView(scalars))
        var result = String.UnicodeScalarView(), taken = 0, lastLength = 0, start = head.startIndex
        while start < head.endIndex {
            if taken == limit {
                result.removeLast(lastLength)
                result.append("…")
                return String(result)
            }
            let end = head.index(after: start)
            let kept = head.unicodeScalars[start..<end].prefix(maxMarksPerCharacter + 1)
            result.append(contentsOf: kept)
            lastLength = kept.count
            taken += 1
            start = end
        }
        if scalars.endIndex < text.unicodeScalars.endIndex || result.count < head.unicodeScalars.count { result.append("…") }
        return String(result)
    }

    /// `1234567` → `1,234,567` (Inventory's `Int.grouped`, which this module cannot see).
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (number < 0 ? "-" : "") + result
    }
}

/// The first rule a text breaks.
public enum TextProblem: Sendable, Equatable {
    /// More characters than the field holds: how many it has.
    case tooManyCharacters(Int)
    /// A character with more than `TextRule.maxMarksPerCharacter` marks: the most on one.
    case tooManyMarks(Int)
    case tooManyCodePoints(Int)
    case tooManyBytes(Int)
    /// A one-line field with a control character or a line break.
    case controlCharacter

    /// Marks, code points or bytes: what a person typing within the characters never meets, so a field
    /// whose message sums up its rule ("1 to 50 characters on one line") says these in their own words.
    public var isBeyondCharacters: Bool {
        switch self {
        case .tooManyMarks, .tooManyCodePoints, .tooManyBytes: true
        case .tooManyCharacters, .controlCharacter: false
        }
    }
}
