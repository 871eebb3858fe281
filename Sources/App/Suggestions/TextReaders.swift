import Inventory
import PlateReading
import TextReading

/// How a serial plate is read: the one place that says which reader reads plates and its version
/// (changing either reads every plate again). Both ways: its codes and its print, checked against
/// each other (`PlateReader`): serials 23 of 28 right and none wrong on the capture corpus, against 7
/// from the print alone.
enum SerialPlates {
    static let stamp = ReaderStamp(name: "plate text", version: "\(TextReader.name)/plates \(PlateFields.version)/codes \(PlateCodes.version)",
                                   scope: .platePhotos)

    static func suggestions(_ bytes: [UInt8], with reader: TextReader) throws -> [TextSuggestion] {
        try PlateReader(text: reader).suggestions(bytes)
    }
}

/// How a receipt attached to an item is read (an image by tesseract, a PDF from its text layer first).
enum ReceiptReading {
    static let stamp = ReaderStamp(name: "receipt text", version: "\(TextReader.name)/receipts \(ReceiptFields.version)", scope: .documents(.receipt))
}
