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

    func overlaps(_ other: ReadCode) -> Bool {
        let (a, b) = (bounds, other.bounds)
        return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height
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
