import Foundation

/// Serial number, model and brand from the lines of a rating plate, by their printed labels
/// (`S/N`, `SER`, `Serial No.`, `MODEL`, `MOD`, `M/N`, `Type`/`Typ`, and their French and German
/// forms). A value tesseract was unsure of is left out: a wrong suggestion is worse than none.
public enum PlateFields {
    /// Bumped whenever the rules change, so what was read before is read again.
    public static let version = 2
    /// Words below this confidence are not suggested.
    static let minimumConfidence = 0.70

    enum Label {
        case serial, model, other
    }

    /// Labels, longest first, as lower-case text with the punctuation tesseract reads in them
    /// removed (a label's value is whatever follows it on its line, or the next line when it ends there).
    private static let labels: [(words: [String], label: Label)] = [
        (["serial", "number"], .serial), (["serial", "no"], .serial), (["serial", "nr"], .serial),
        (["n°", "de", "série"], .serial), (["no", "de", "série"], .serial), (["n", "de", "série"], .serial),
        (["de", "série"], .serial), (["seriennummer"], .serial), (["ser", "nr"], .serial), (["ser", "no"], .serial),
        (["serial"], .serial), (["s/n"], .serial), (["sn"], .serial), (["ser"], .serial),
        (["model", "number"], .model), (["model", "no"], .model), (["mod/model"], .model), (["typ/type"], .model),
        (["modèle"], .model), (["modell"], .model), (["model"], .model), (["mod"], .model), (["m/n"], .model),
        (["type"], .model), (["typ"], .model),
        (["part", "no"], .other), (["part", "number"], .other), (["p/n"], .other), (["pnc"], .other),
        (["e-nr"], .other), (["art-nr"], .other), (["art", "nr"], .other), (["date"], .other), (["mfg", "date"], .other),
        (["mfd"], .other), (["prod"], .other), (["made", "in"], .other),
    ]

    private static let labelWords: Set<String> = Set(labels.flatMap { $0.words.flatMap { $0.split(separator: "/").map(String.init) } } + ["n°", "no", "nr"])

    /// A labelled value on the plate: the field and the words after its label.
    struct Candidate {
        var field: TextSuggestion.Field
        var words: [TextWord]
        var region: PixelRegion { words.dropFirst().reduce(words[0].region) { $0.union($1.region) } }
    }

    /// What the plate's lines suggest as they were read (no second reading), each with the region of the value's words.
    public static func suggestions(from page: TextPage, reader: String) -> [TextSuggestion] {
        let name = "\(reader)/plates \(version)"
        var found = candidates(in: page.lines).compactMap { candidate -> TextSuggestion? in
            guard candidate.words.allSatisfy({ $0.confidence >= minimumConfidence }),
                  let value = validated(candidate.words.map(\.text), field: candidate.field) else { return nil }
            return TextSuggestion(field: candidate.field, value: value, region: candidate.region,
                                  confidence: candidate.words.map(\.confidence).min() ?? 0, reader: name)
        }
        if let brand = brand(in: page.lines, reader: name) { found.append(brand) }
        return found
    }

    /// The first labelled serial and model on the plate, top to bottom.
    static func candidates(in read: [TextLine]) -> [Candidate] {
        let lines = merged(read).sorted { $0.region.y < $1.region.y }
        var found: [TextSuggestion.Field: Candidate] = [:]
        for (index, line) in lines.enumerated() {
            guard let (label, rest) = labelled(line) else { continue }
            let field: TextSuggestion.Field
            switch label {
            case .serial: field = .serialNumber
            case .model: field = .model
            case .other: continue
            }
            guard found[field] == nil else { continue }
            var words = leadingRun(of: rest)
            // "Serial No.:" alone on its line (or with a scrap of the label): the value is the line below, starting near it.
            if words.map(\.text).joined().count < 3, index + 1 < lines.count, labelled(lines[index + 1]) == nil {
                let below = lines[index + 1]
                if abs(below.region.x - line.region.x) <= line.region.height * 4, below.region.y - (line.region.y + line.region.height) < line.region.height * 2 {
                    words = leadingRun(of: below.words)
                }
            }
            guard !words.isEmpty else { continue }
            found[field] = Candidate(field: field, words: words)
        }
        return [.serialNumber, .model].compactMap { found[$0] }
    }

    /// Lines tesseract split at a gap put back together: a line beside another (their heights
    /// overlapping by more than half) and close to it joins it ("M" + "od./Model: …").
    static func merged(_ lines: [TextLine]) -> [TextLine] {
        var result = lines.sorted { $0.region.x < $1.region.x }
        var index = 0
        while index < result.count {
            let line = result[index]
            if let next = result.indices.first(where: { other in
                guard other != index else { return false }
                let a = line.region, b = result[other].region
                let overlap = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
                let gap = b.x - (a.x + a.width)
                return overlap * 2 > min(a.height, b.height) && gap >= -a.height / 2 && gap < 2 * max(a.height, b.height)
            }) {
                result[index] = TextLine(words: line.words + result[next].words)
                result.remove(at: next)
                if next < index { index -= 1 }
                continue
            }
            index += 1
        }
        return result
    }

    /// The value as it will be suggested, or nil when it does not look like one: a serial is one
    /// run of capitals, digits and dashes with a digit in it ("53MP- BT7K- 1499" joined); a model
    /// has a digit too. Lower-case letters in either are misreadings of a plate's capitals.
    static func validated(_ words: [String], field: TextSuggestion.Field) -> String? {
        var parts = words.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ":;,|_'‘’\"—")) }.filter { !$0.isEmpty }
        while let last = parts.last, last.allSatisfy({ !$0.isLetter && !$0.isNumber }) { parts.removeLast() }
        guard !parts.isEmpty else { return nil }
        switch field {
        case .serialNumber:
            var text = parts[0]
            for part in parts.dropFirst() {
                guard text.hasSuffix("-") || part.hasPrefix("-") else { return nil }
                text += part
            }
            text = serial(text.trimmingCharacters(in: CharacterSet(charactersIn: ".-/")))
            guard text.count >= 5, text.count <= 30, text.contains(where: \.isNumber), !text.contains("--"),
                  text.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || "-/.".contains($0)) }) else { return nil }
            return text
        case .model:
            let text = parts.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ".-/ "))
            guard text.count >= 2, text.count <= 40, text.contains(where: \.isNumber),
                  text.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || " -/.+".contains($0)) }) else { return nil }
            return text
        default:
            return nil
        }
    }

    /// The label at the start of a line (after any words before it) and the words after it.
    static func labelled(_ line: TextLine) -> (Label, [TextWord])? {
        let keys = line.words.map { key($0.text) }
        for start in keys.indices.prefix(3) {
            for (words, label) in labels where start + words.count <= keys.count {
                guard Array(keys[start..<(start + words.count)]) == words else { continue }
                var rest = Array(line.words[(start + words.count)...])
                // "Serial No./N° de série:", "Mod./Model:": the rest of a label in two languages.
                while let first = rest.first, key(first.text).split(separator: "/").allSatisfy({ labelWords.contains(String($0)) }) {
                    rest.removeFirst()
                }
                while let first = rest.first, isPunctuation(first.text) { rest.removeFirst() }
                return (label, rest)
            }
        }
        return nil
    }

    /// A word as a label is compared: lower case, without the punctuation around it.
    static func key(_ word: String) -> String {
        var text = word.lowercased()
        text = text.trimmingCharacters(in: CharacterSet(charactersIn: ":.;,|_-'‘’\"")).replacingOccurrences(of: ".", with: "")
        if text.hasSuffix("/") { text.removeLast() }
        return text.replacingOccurrences(of: "./", with: "/")
    }

    static func isPunctuation(_ word: String) -> Bool {
        word.allSatisfy { !$0.isLetter && !$0.isNumber }
    }

    /// The words of the value: up to a gap wider than twice the text's height (the next field on the same line).
    static func leadingRun(of words: [TextWord]) -> [TextWord] {
        var run: [TextWord] = []
        for word in words {
            if let last = run.last, word.region.x - (last.region.x + last.region.width) > 2 * max(last.region.height, word.region.height) { break }
            run.append(word)
        }
        return run
    }

    /// The characters a plate's serial or model is printed in: what a line is read again with.
    static let characters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-/.+"

    /// A lower-case letter whose capital has the same shape ("u" for "U") as that capital.
    static func capitalised(_ word: String) -> String {
        String(word.map { "cosuvwxz".contains($0) ? Character($0.uppercased()) : $0 })
    }

    /// Where tesseract read a letter O or I in a serial that is mostly digits, or beside a digit,
    /// it is the digit: serials mix them with capitals, and most makers leave O and I out.
    static func serial(_ text: String) -> String {
        let characters = Array(text)
        let mostlyDigits = characters.filter(\.isNumber).count * 2 >= characters.count
        return String(characters.indices.map { index in
            let character = characters[index]
            guard character == "O" || character == "I" else { return character }
            let besideDigit = (index > 0 && characters[index - 1].isNumber) || (index + 1 < characters.count && characters[index + 1].isNumber)
            guard mostlyDigits || besideDigit else { return character }
            return character == "O" ? "0" : "1"
        })
    }

    /// The brand: a word in capitals alone at the start of a line above the plate's first label
    /// (the maker's name heads a plate), read with high confidence.
    static func brand(in lines: [TextLine], reader: String) -> TextSuggestion? {
        for line in lines.sorted(by: { $0.region.y < $1.region.y }) {
            if labelled(line) != nil { return nil }
            guard let word = line.words.first, word.confidence >= 0.85 else { continue }
            let text = word.text.trimmingCharacters(in: CharacterSet(charactersIn: ":;,.|_ "))
            guard text.count >= 3, text.count <= 20, text.allSatisfy({ $0.isLetter && $0.isUppercase }),
                  !["MADE", "MODEL", "TYPE", "SERIAL", "WARNING", "CAUTION", "INPUT", "OUTPUT"].contains(text) else { continue }
            return TextSuggestion(field: .brand, value: text, region: word.region, confidence: word.confidence, reader: reader)
        }
        return nil
    }
}
