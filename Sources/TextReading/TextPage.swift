/// A rectangle of the picture as seen upright (its EXIF orientation applied), in its own pixels.
public struct PixelRegion: Sendable, Equatable, Hashable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest region holding both.
    public func union(_ other: PixelRegion) -> PixelRegion {
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return PixelRegion(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// One word tesseract read, with how sure it is (0–1).
public struct TextWord: Sendable, Equatable {
    public var text: String
    public var region: PixelRegion
    public var confidence: Double

    public init(text: String, region: PixelRegion, confidence: Double) {
        self.text = text
        self.region = region
        self.confidence = confidence
    }
}

/// One line of text: its words left to right, the region around them and their mean confidence.
public struct TextLine: Sendable, Equatable {
    public var words: [TextWord]

    public init(words: [TextWord]) { self.words = words }

    public var text: String { words.map(\.text).joined(separator: " ") }
    public var region: PixelRegion { words.dropFirst().reduce(words.first?.region ?? PixelRegion(x: 0, y: 0, width: 0, height: 0)) { $0.union($1.region) } }
    public var confidence: Double { words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count) }
}

/// What was read from a picture: its lines top to bottom, in the upright picture's pixels.
public struct TextPage: Sendable, Equatable {
    public var lines: [TextLine]
    /// The upright picture's size.
    public var width: Int
    public var height: Int

    public init(lines: [TextLine], width: Int, height: Int) {
        self.lines = lines
        self.width = width
        self.height = height
    }

    public var text: String { lines.map(\.text).joined(separator: "\n") }
}
