/// A point in a photo's upright pixels.
public struct CodePoint: Sendable, Equatable, Codable {
    public let x: Int
    public let y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// One symbol read on a photo.
public struct ReadCode: Sendable, Equatable {
    /// As zxing-cpp names it: `EAN-13`, `EAN-8`, `UPC-A`, `UPC-E`, `Code128`, `Code39`, `Code93`,
    /// `ITF`, `Codabar`, `DataBar`, `DataBarExpanded`, `QRCode`, `MicroQRCode`, `DataMatrix`,
    /// `PDF417`, `Aztec`, `MaxiCode`.
    public let format: String
    /// What it encodes (control characters such as GS1's U+001D kept).
    public let text: String
    /// Its four corners in the photo's upright pixels, clockwise from the symbol's top left.
    public let corners: [CodePoint]

    public init(format: String, text: String, corners: [CodePoint]) {
        self.format = format
        self.text = text
        self.corners = corners
    }

    /// The smallest upright rectangle holding the corners: x, y, width, height.
    public var bounds: (x: Int, y: Int, width: Int, height: Int) {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let (left, top) = (xs.min() ?? 0, ys.min() ?? 0)
        return (left, top, (xs.max() ?? 0) - left, (ys.max() ?? 0) - top)
    }

    /// Whether the two are one symbol seen twice: the centre of either lies within the other's bounds.
    /// Two codes side by side, or one turned beside the other, share at most an edge of their bounds.
    func sharesACentre(with other: ReadCode) -> Bool {
        func holds(_ bounds: (x: Int, y: Int, width: Int, height: Int), centreOf code: ReadCode) -> Bool {
            let centre = code.bounds
            let (x, y) = (centre.x + centre.width / 2, centre.y + centre.height / 2)
            return x >= bounds.x && x <= bounds.x + bounds.width && y >= bounds.y && y <= bounds.y + bounds.height
        }
        return holds(bounds, centreOf: other) || holds(other.bounds, centreOf: self)
    }
}

/// What reading one photo found.
public struct CodeReadResult: Sendable, Equatable {
    /// At most `CodeReadingLimits.maxCodes`, in the order zxing-cpp found them.
    public let codes: [ReadCode]
    /// The photo held more codes than are returned.
    public let cutShort: Bool
    /// The photo's upright size, which `ReadCode.corners` are in.
    public let imageWidth: Int
    public let imageHeight: Int
}
