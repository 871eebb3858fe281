/// What zxing-cpp 1.4 gives in another form than the code holds, put as the code holds it (as
/// zxing-cpp 2 and zbar give it), so that a barcode field holds the same text whoever read it.
enum CodeText {
    static func normalised(format: String, text: String) -> (format: String, text: String) {
        switch format {
        case "DataBarExpanded": (format, gs1ElementString(fromHumanReadable: text))
        case "Code39": code32(text).map { ("Code39", $0) } ?? (format, text)
        default: (format, text)
        }
    }

    /// GS1 application identifiers whose data has a fixed length: no separator follows them.
    private static let fixedLengthIdentifiers: Set<String> = ["00", "01", "02", "03", "04", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20", "31", "32", "33", "34", "35", "36", "41"]

    /// "(01)98765432109879(10)ABC" → "0198765432109879" + "10ABC": zxing-cpp 1.4 gives a DataBar
    /// Expanded code's human-readable form; the code holds the element string, with U+001D after
    /// each variable-length field that is not the last.
    static func gs1ElementString(fromHumanReadable text: String) -> String {
        guard text.hasPrefix("(") else { return text }
        var result = ""
        var previousIsVariable = false
        var rest = Substring(text)
        while rest.hasPrefix("("), let close = rest.firstIndex(of: ")") {
            let identifier = rest[rest.index(after: rest.startIndex)..<close]
            guard !identifier.isEmpty, identifier.allSatisfy(\.isASCII), identifier.allSatisfy(\.isNumber) else { return text }
            rest = rest[rest.index(after: close)...]
            let value = rest.prefix { $0 != "(" }
            rest = rest.dropFirst(value.count)
            if previousIsVariable { result += "\u{1D}" }
            result += identifier + value
            previousIsVariable = !fixedLengthIdentifiers.contains(String(identifier.prefix(2)))
        }
        return rest.isEmpty ? result : text
    }

    private static let code32Alphabet = Array("0123456789BCDFGHJKLMNPQRSTUVWXYZ")

    /// An Italian pharmacy code (Code 32) printed as Code 39: six base-32 characters holding nine
    /// digits whose last is their check digit, read as "A" and the digits (as zxing-cpp 2 does).
    /// Anything else (a check digit that fails) stays the Code 39 text.
    static func code32(_ text: String) -> String? {
        let characters = Array(text)
        guard characters.count == 6 else { return nil }
        var value = 0
        for character in characters {
            guard let digit = code32Alphabet.firstIndex(of: character) else { return nil }
            value = value * 32 + digit
        }
        guard value < 1_000_000_000 else { return nil }
        let digits = Array(String(value)).map { Int(String($0))! }
        let padded = Array(repeating: 0, count: 9 - digits.count) + digits
        var sum = 0
        for (index, digit) in padded.prefix(8).enumerated() {
            if index % 2 == 0 { sum += digit } else { let doubled = digit * 2; sum += doubled / 10 + doubled % 10 }
        }
        guard sum % 10 == padded[8] else { return nil }
        return "A" + padded.map(String.init).joined()
    }
}
