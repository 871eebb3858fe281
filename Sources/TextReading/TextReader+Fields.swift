import PDFPreview

extension TextReader {
    /// Serial number, model and brand read from a photo of a rating plate.
    public func plateSuggestions(_ bytes: [UInt8]) throws(TextReadingError) -> [TextSuggestion] {
        PlateFields.suggestions(from: try read(bytes, layout: .sparse), reader: Self.name)
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
