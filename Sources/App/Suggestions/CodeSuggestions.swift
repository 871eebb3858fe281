import CodeReading
import Inventory

/// Which codes read on a photo are offered for the item's barcode field: what a person would type
/// there, a product or item code.
///
/// The rule: a 1-D symbol (EAN/UPC, Code 128/39/93, ITF, Codabar, GS1 DataBar) holds nothing but
/// such a code, and is offered as read. A 2-D symbol (QR, Micro QR, DataMatrix, PDF417, Aztec,
/// MaxiCode) mostly holds something else: a maker's web address, a plate's fields for its app
/// ("SN:…;MODEL:…", which the plate reader reads into serial and model), a sentence. It is
/// offered only when its text is one token that looks like an identifier: letters and digits (at
/// least one digit) with `-` `.` `/` `_` `+` `#` between them, no whitespace, no `:`, `;`, `=`,
/// `?`, `&` or `@` (a URL, a `scheme:` text, labelled or multi-field text), not a web address
/// without its scheme, one line, at most the field's length. Everything else is not a barcode.
enum CodeSuggestions {
    /// Kept in `PhotoCodeReading`'s stamp: raise it whenever the rule changes, so that photos
    /// already read are read again under the new one.
    static let ruleVersion = "barcode-2"

    /// Each code that can be the item's barcode, with where it is on the photo.
    static func readings(_ result: CodeReadResult) -> [Reading] {
        result.codes.filter(isABarcode).map { code in
            let bounds = code.bounds
            let (width, height) = (Double(max(1, result.imageWidth)), Double(max(1, result.imageHeight)))
            return Reading(field: .barcode, value: code.text, region: ReadingRegion(
                x: Double(bounds.x) / width, y: Double(bounds.y) / height,
                width: Double(max(1, bounds.width)) / width, height: Double(max(1, bounds.height)) / height))
        }
    }

    static func isABarcode(_ code: ReadCode) -> Bool {
        guard fitsTheBarcodeField(code.text) else { return false }
        return isLinear(code.format) || looksLikeAnIdentifier(code.text)
    }

    /// zxing-cpp's names of the 1-D symbologies (`ReadCode.format`).
    static let linearFormats: Set<String> = [
        "EAN-13", "EAN-8", "UPC-A", "UPC-E", "Code128", "Code39", "Code93", "ITF", "Codabar", "DataBar", "DataBarExpanded",
    ]

    static func isLinear(_ format: String) -> Bool { linearFormats.contains(format) }

    /// One line of at most the field's length.
    static func fitsTheBarcodeField(_ text: String) -> Bool {
        !text.isEmpty && text.count <= ItemDetails.maxShortTextLength
            && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    private static let joiners: Set<Character> = ["-", ".", "/", "_", "+", "#"]

    /// `4006381333931`, `WM6P-9946-8B10`, `SKU.12/B`: yes. `https://…`, `SN:123;MODEL:X`, `A larger
    /// PDF417 barcode…`, `example.com/p/12`, `c++`: no.
    static func looksLikeAnIdentifier(_ text: String) -> Bool {
        guard text.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || joiners.contains($0) }),
              text.contains(where: { $0.isASCII && $0.isNumber }),
              let first = text.first, let last = text.last, first.isLetter || first.isNumber, last.isLetter || last.isNumber
        else { return false }
        return !looksLikeAWebAddress(text)
    }

    /// `www.…`, or a host name ending in a top-level domain of letters, alone or before a path.
    private static func looksLikeAWebAddress(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if lowered.hasPrefix("www.") || lowered.contains("//") { return true }
        let host = lowered.prefix { $0 != "/" }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let topLevel = labels.last else { return false }
        return topLevel.count >= 2 && topLevel.allSatisfy(\.isLetter) && labels.dropLast().allSatisfy { !$0.isEmpty }
    }
}

extension PhotoCodeReading {
    /// What the library's reader records of a photo's codes: the same rule as for an item's photos.
    static func readings(_ result: CodeReadResult) -> [Reading] { CodeSuggestions.readings(result) }
}
