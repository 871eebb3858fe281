import CodeReading
import TextReading

/// Reads a photo of a rating plate both ways: its codes with zxing-cpp and its print with
/// tesseract, into serial number, model and brand suggestions (`PlateCodes.combined`). One per
/// worker, reused, as its `TextReader` is (not thread-safe).
public final class PlateReader {
    public let text: TextReader
    public let codes: CodeReader

    public init(text: TextReader, codes: CodeReader = CodeReader()) {
        self.text = text
        self.codes = codes
    }

    /// The plate's suggestions. A photo whose codes cannot be read (zxing-cpp out of memory) is
    /// still read for its print; a picture that cannot be read at all throws tesseract's error.
    public func suggestions(_ bytes: [UInt8]) throws(TextReadingError) -> [TextSuggestion] {
        let printed = try text.plateSuggestions(bytes)
        let read = (try? codes.read(bytes: bytes))?.codes ?? []
        return PlateCodes.combined(codes: read, printed: printed)
    }
}
