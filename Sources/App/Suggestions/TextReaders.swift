import Inventory
import TextReading

/// How a serial plate is read: the one place that says which reader reads plates and its version
/// (a better one — codes and text together — is swapped in here, and every plate is read again).
enum PlateReading {
    static let stamp = ReaderStamp(name: "plate text", version: "\(TextReader.name)/plates \(PlateFields.version)", scope: .photos(.serial))

    static func suggestions(_ bytes: [UInt8], with reader: TextReader) throws -> [TextSuggestion] {
        try reader.plateSuggestions(bytes)
    }
}

/// How a receipt attached to an item is read (an image by tesseract, a PDF from its text layer first).
enum ReceiptReading {
    static let stamp = ReaderStamp(name: "receipt text", version: "\(TextReader.name)/receipts \(ReceiptFields.version)", scope: .documents(.receipt))
}
