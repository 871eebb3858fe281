import Foundation
import PDFPreview

extension TextReader {
    /// Serial number, model and brand read from a photo of a rating plate.
    /// Each labelled value is read a second time on its own (one line, capitals, digits and `-/.`
    /// only), which reads codes better than the whole plate's reading; it is suggested when both
    /// readings agree, or when the second is sure of every word.
    public func plateSuggestions(_ bytes: [UInt8]) throws(TextReadingError) -> [TextSuggestion] {
        let reading = try reading(bytes, layout: .sparse)
        let name = "\(Self.name)/plates \(PlateFields.version)"
        var found: [TextSuggestion] = []
        for candidate in PlateFields.candidates(in: reading.lines) {
            let region = candidate.region
            let pad = region.height / 3
            let around = PixelRegion(x: region.x - pad, y: region.y - pad, width: region.width + 2 * pad, height: region.height + 2 * pad)
            let first = PlateFields.validated(candidate.words.map(\.text), field: candidate.field)
            let againDebug = try reread(around, of: reading.image, characters: PlateFields.codeCharacters, deadline: reading.deadline)
            if ProcessInfo.processInfo.environment["HP_OCR_DEBUG"] != nil { print("DEBUG", candidate.field, candidate.words.map { "\($0.text)@\(Int($0.confidence * 100))" }, againDebug?.words.map { "\($0.text)@\(Int($0.confidence * 100))" } ?? []) }
            guard let again = try reread(around, of: reading.image, characters: PlateFields.codeCharacters, deadline: reading.deadline),
                  let second = PlateFields.validated(again.words.map(\.text), field: candidate.field) else { continue }
            let sure = again.words.map(\.confidence).min() ?? 0
            guard second == first || sure >= PlateFields.sureConfidence else { continue }
            found.append(TextSuggestion(field: candidate.field, value: second, region: Self.scaled(region, by: 1 / reading.scale),
                                        confidence: sure, reader: name))
        }
        if let brand = PlateFields.brand(in: reading.lines, reader: name) {
            found.append(TextSuggestion(field: .brand, value: brand.value, region: brand.region.map { Self.scaled($0, by: 1 / reading.scale) },
                                        confidence: brand.confidence, reader: name))
        }
        return found
    }

    /// Shop, date and total read from a photo or scan of a receipt.
    public func receiptSuggestions(_ bytes: [UInt8]) throws(TextReadingError) -> [TextSuggestion] {
        ReceiptFields.suggestions(from: try read(bytes, layout: .document).lines, reader: Self.name)
    }

    /// Shop, date and total of a PDF receipt: from its text layer, or, for a scan without one,
    /// from its first page drawn at 300 dpi (an A4 page's long side) and read.
    public func receiptSuggestions(pdf bytes: [UInt8], preview: PDFPreview) throws(TextReadingError) -> [TextSuggestion] {
        guard let text = preview.text(of: bytes) else { throw .documentUnreadable }
        let lines = ReceiptFields.lines(ofText: text)
        if lines.contains(where: { $0.text.contains(where: \.isLetter) }) {
            return ReceiptFields.suggestions(from: lines, reader: "poppler")
        }
        guard let page = preview.firstPagePNG(of: bytes, fitting: 3_508) else { throw .documentUnreadable }
        return try receiptSuggestions(page)
    }
}
