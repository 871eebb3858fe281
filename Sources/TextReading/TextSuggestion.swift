/// A value read from a picture or a document for one of an item's fields: offered, never saved by itself.
public struct TextSuggestion: Sendable, Equatable, Codable {
    /// The item field it is for, named as the JSON API names it.
    public enum Field: String, Sendable, Codable, CaseIterable {
        case serialNumber, model, brand, purchaseDate, purchasePrice, purchasedFrom
    }

    public var field: Field
    /// `purchaseDate` as YYYY-MM-DD, `purchasePrice` as a plain decimal ("1234.50").
    public var value: String
    /// Where on the picture it was read (nil for a PDF's text layer).
    public var region: PixelRegion?
    /// tesseract's confidence in the words it came from, 0–1 (1 for a PDF's text layer).
    public var confidence: Double
    /// The reader that made it and its version ("tesseract 5.3.0/plates 1"): a better reader reads again.
    public var reader: String

    public init(field: Field, value: String, region: PixelRegion?, confidence: Double, reader: String) {
        self.field = field
        self.value = value
        self.region = region
        self.confidence = confidence
        self.reader = reader
    }
}
