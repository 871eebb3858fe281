import PDFPreview

extension TextReader {
    /// Serial number, model and brand read from a photo of a rating plate.
    /// A value tesseract is sure of (every word at `PlateFields.minimumConfidence`) is suggested;
    /// one it is less sure of only when reading its line again on its own, limited to the characters
    /// plates print values in (`PlateFields.characters`), gives the same value.
    public func plateSuggestions(_ bytes: [UInt8]) throws(TextReadingError) -> [TextSuggestion] {
        let reading = try reading(bytes, layout: .sparse)
        let name = "\(Self.name)/plates \(PlateFields.version)"
        var found: [TextSuggestion] = []
        for candidate in PlateFields.candidates(in: reading.lines) {
            let words = candidate.words.map(\.text)
            // "FZ99B1J/Eu": a capital read as its lower-case twin is taken as the capital, but only
            // when reading the line again, limited to a plate's characters, gives the same value.
            let direct = PlateFields.validated(words, field: candidate.field)
            guard let first = direct ?? PlateFields.validated(words.map(PlateFields.capitalised), field: candidate.field) else { continue }
            let region = candidate.region
            var confidence = candidate.words.map(\.confidence).min() ?? 0
            if confidence < PlateFields.minimumConfidence || direct == nil {
                let pad = region.height / 3
                let around = PixelRegion(x: region.x - pad, y: region.y - pad, width: region.width + 2 * pad, height: region.height + 2 * pad)
                // As it was read, then limited to a plate's characters (each found values the other missed).
                var agreed: TextLine?
                for characters in direct == nil ? [PlateFields.characters] : [nil, PlateFields.characters] where agreed == nil {
                    if let again = try reread(around, of: reading.image, characters: characters, deadline: reading.deadline),
                       PlateFields.validated(again.words.map(\.text), field: candidate.field) == first { agreed = again }
                }
                guard let agreed else { continue }
                confidence = max(confidence, agreed.words.map(\.confidence).min() ?? 0)
            }
            found.append(TextSuggestion(field: candidate.field, value: first, region: reading.inPicture(region), confidence: confidence, reader: name))
        }
        if let brand = PlateFields.brand(in: reading.lines, reader: name) {
            found.append(TextSuggestion(field: .brand, value: brand.value, region: brand.region.map(reading.inPicture),
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
