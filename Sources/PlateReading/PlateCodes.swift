import CodeReading
import Foundation
import TextReading

/// Serial number and model from the codes on a rating plate, checked against what tesseract read
/// from its print. A plate's Code 128 carries its serial; its QR code the serial, `S/N:<serial>`,
/// `M:<model>;S:<serial>` or a support URL naming it in its query (`?sn=<serial>`). A code's text
/// becomes a suggestion only when it looks like what it would be (a URL without a named serial, a
/// product's EAN or free text gives nothing): a wrong suggestion is worse than none.
public enum PlateCodes {
    /// Bumped whenever the rules change, so what was read before is read again.
    public static let version = 2

    /// The symbologies a serial is printed in on plates. EAN/UPC are products' trade numbers (the
    /// barcode field's), never a serial.
    static let serialFormats: Set<String> = ["Code128", "Code39", "Code93", "QRCode", "MicroQRCode", "DataMatrix", "Aztec", "PDF417"]

    /// What one code says: its serial and model, each nil when it does not hold one that looks right.
    public static func values(in code: ReadCode) -> (serial: String?, model: String?) {
        guard serialFormats.contains(code.format) else { return (nil, nil) }
        let text = code.text.trimmingCharacters(in: .whitespaces)
        // "https://support.example.com/p?sn=WM6P-9946-8B10": makers' support links name the unit's
        // serial (and model) as query parameters; a link naming neither gives nothing.
        if let link = URLComponents(string: text), ["http", "https"].contains(link.scheme?.lowercased() ?? ""), link.host != nil {
            let items = link.queryItems ?? []
            func named(_ names: Set<String>) -> String? { items.first { names.contains($0.name.lowercased()) }?.value }
            return (named(["sn", "serial", "serialno", "serial_no", "serialnumber", "serial_number"]).flatMap(plausibleSerial),
                    named(["model", "mn", "model_no", "modelno"]).flatMap(plausibleModel))
        }
        // "M:VH73Y-A;S:NUAH-KNE3-1S26", "S/N:24JSS6769666Y": labelled parts.
        if text.contains(":") {
            var serial: String?, model: String?
            for part in text.split(separator: ";") {
                let pair = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { return (nil, nil) }
                switch pair[0].uppercased() {
                case "S", "SN", "S/N", "SER", "SERIAL", "SERIAL NO", "SERIAL NO.": serial = plausibleSerial(pair[1])
                case "M", "MOD", "MODEL", "M/N": model = plausibleModel(pair[1])
                default: continue
                }
            }
            return (serial, model)
        }
        // Only the serial, as the plate's Code 128 always holds it.
        return (plausibleSerial(text), nil)
    }

    /// A serial as plates print it: 5 to 30 capitals, digits and dashes, with a digit, not starting or ending with a dash.
    static func plausibleSerial(_ text: String) -> String? {
        guard text.count >= 5, text.count <= 30, text.contains(where: \.isNumber), !text.hasPrefix("-"), !text.hasSuffix("-"),
              text.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "-") }) else { return nil }
        return text
    }

    /// A model: 2 to 40 capitals, digits, spaces and `-/.+`, with a digit.
    static func plausibleModel(_ text: String) -> String? {
        guard text.count >= 2, text.count <= 40, text.contains(where: \.isNumber),
              text.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || " -/.+".contains($0)) }) else { return nil }
        return text
    }

    /// How sure a code's value is when the print was not read to agree (a code checks its own
    /// bytes, a checksum or error correction; what it holds is still only a guess at the field).
    static let codeConfidence = 0.9
    /// How sure a value is when a code and the print agree.
    static let agreedConfidence = 0.99

    /// The plate's suggestions: tesseract's (`printed`) with each serial and model from the codes
    /// put in. Codes that disagree with each other on a field give nothing for it; a code's value
    /// that tesseract read as the plate's other field (its model as a serial) is left out; a code
    /// that agrees with the print (up to the look-alikes tesseract confuses, `S`/`5`, `B`/`8`, `O`/`0`,
    /// `I`/`1`, `Z`/`2`) is suggested as the code holds it, surer; one that disagrees replaces the
    /// print's reading, which is the likelier to be wrong.
    public static func combined(codes: [ReadCode], printed: [TextSuggestion]) -> [TextSuggestion] {
        let reader = "\(CodeReader.name) \(CodeReader.version)/plates \(version)"
        var result = printed
        for field in [TextSuggestion.Field.serialNumber, .model] {
            let found = codes.compactMap { code -> (value: String, code: ReadCode)? in
                let values = values(in: code)
                guard let value = field == .serialNumber ? values.serial : values.model else { return nil }
                return (value, code)
            }
            guard let first = found.first, found.allSatisfy({ $0.value == first.value }) else { continue }
            let other: TextSuggestion.Field = field == .serialNumber ? .model : .serialNumber
            if printed.contains(where: { $0.field == other && sameCharacters($0.value, first.value) }) { continue }
            let box = first.code.bounds
            var suggestion = TextSuggestion(field: field, value: first.value, region: PixelRegion(x: box.x, y: box.y, width: box.width, height: box.height),
                                            confidence: codeConfidence, reader: reader)
            if let print = printed.first(where: { $0.field == field }), sameCharacters(print.value, first.value) {
                // The printed value's place is shown: it is what a person compares with.
                suggestion.region = print.region
                suggestion.confidence = agreedConfidence
                suggestion.reader = "\(reader) + \(print.reader)"
            }
            result.removeAll { $0.field == field }
            result.append(suggestion)
        }
        return result
    }

    /// Equal once the look-alikes tesseract confuses on plates are taken as one, and spaces ignored.
    static func sameCharacters(_ a: String, _ b: String) -> Bool {
        func folded(_ text: String) -> String {
            String(text.uppercased().compactMap { character -> Character? in
                switch character {
                case " ": nil
                case "S": "5"
                case "B": "8"
                case "O", "D": "0"
                case "I", "L": "1"
                case "Z": "2"
                case "G": "6"
                default: character
                }
            })
        }
        return folded(a) == folded(b)
    }
}
