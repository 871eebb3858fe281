/// What one photo may cost to read.
public struct CodeReadingLimits: Sendable {
    /// Pixels a photo may have, refused from its header before anything is decoded.
    public var maxPixels: Int
    /// The photo is read fitted within this longest side: a camera-size photo at full size costs
    /// memory and time without finding more (the sizes were measured with `bench/barcodes.py`).
    public var longestSide: Int
    /// Codes returned at most; a photo showing more is read as "cut short".
    public var maxCodes: Int

    public init(maxPixels: Int = 100_000_000, longestSide: Int = 4096, maxCodes: Int = 32) {
        self.maxPixels = maxPixels
        self.longestSide = longestSide
        self.maxCodes = max(1, min(maxCodes, 254))
    }
}
