import Foundation
import Imaging

/// Reads the text printed on pictures: one per worker thread, reused (not thread-safe: it owns a
/// tesseract engine). Every picture is made upright and grey by Imaging, scaled so its text is
/// about 30 px high, and read within `Limits`.
public final class TextReader {
    public struct Limits: Sendable {
        /// Pictures with more pixels are refused from their header, before any pixel is decoded.
        public var maxPixels: Int
        /// The longest side tesseract is given: larger pictures are reduced (shrink-on-load for a
        /// JPEG), so memory stays bounded (~1 byte a pixel for the grey copy, tesseract ~6× that).
        public var maxSide: Int
        /// How long one picture may be read for, in all.
        public var timeLimit: Duration

        public init(maxPixels: Int = 120_000_000, maxSide: Int = 4_000, timeLimit: Duration = .seconds(30)) {
            self.maxPixels = maxPixels
            self.maxSide = maxSide
            self.timeLimit = timeLimit
        }
    }

    /// The text height tesseract's LSTM models read best (their lines are normalised to 36 px).
    static let textHeight = 30.0
    /// The longest side a picture is first read at when it is larger: enough for a phone photo's
    /// text, and the size at which the text's own height is measured.
    static let firstSide = 2_000

    public let limits: Limits
    private let engine: TesseractEngine
    /// The reader's name and version, stamped on every suggestion it makes.
    public static var name: String { "tesseract \(TesseractEngine.version)" }

    /// Starts tesseract with English (from `dataFolder`, else found by `TessData`).
    public init(dataFolder: String? = nil, limits: Limits = Limits()) throws(TextReadingError) {
        let folder: String
        if let dataFolder { folder = dataFolder } else { folder = try TessData.folder(holding: "eng") }
        engine = try TesseractEngine(dataFolder: folder, language: "eng")
        self.limits = limits
    }

    /// The text of an encoded picture (JPEG, PNG, WebP, GIF, TIFF, HEIF, AVIF).
    public func read(_ bytes: [UInt8], layout: PageLayout) throws(TextReadingError) -> TextPage {
        try reading(bytes, layout: layout).page
    }

    /// The longest side the picture is finally read at (for comparisons: see `prepared`).
    public func chosenSide(_ bytes: [UInt8], layout: PageLayout) throws(TextReadingError) -> Int {
        try reading(bytes, layout: layout).side
    }

    private func reading(_ bytes: [UInt8], layout: PageLayout) throws(TextReadingError) -> (page: TextPage, side: Int) {
        let info: ImageInfo
        do { info = try Imaging.inspect(bytes, maxPixels: limits.maxPixels) } catch { throw .image(error) }
        let longest = max(info.width, info.height)
        let deadline = ContinuousClock.now + limits.timeLimit
        // First read: at most `firstSide` (never enlarged); its lines say how high the text is.
        var side = min(longest, Self.firstSide, limits.maxSide)
        var (lines, scale) = try pass(bytes, side: side, longest: longest, layout: layout, deadline: deadline)
        if let height = Self.typicalHeight(of: lines) {
            let wanted = min(limits.maxSide, Int((Double(side) * Self.textHeight / height).rounded()))
            // Read again only when the text is far from its best height (more than 1.5× off).
            if Double(wanted) > Double(side) * 1.5 || Double(wanted) < Double(side) / 1.5 {
                side = wanted
                (lines, scale) = try pass(bytes, side: side, longest: longest, layout: layout, deadline: deadline)
            }
        }
        let upright = lines.map { line in
            TextLine(words: line.words.map { word in
                var word = word
                word.region = Self.scaled(word.region, by: 1 / scale)
                return word
            })
        }
        return (TextPage(lines: upright, width: info.width, height: info.height), side)
    }

    /// The grey picture tesseract is given for `bytes` read at `side` pixels (for comparisons:
    /// the `tesseract` command is given the same pixels).
    public func prepared(_ bytes: [UInt8], side: Int) throws(TextReadingError) -> RasterImage {
        do { return try Imaging.greyForReading(bytes, maxPixels: limits.maxPixels, longestSide: min(side, limits.maxSide)) } catch { throw .image(error) }
    }

    /// One recognition of pixels already prepared, in their own coordinates.
    public func recognise(_ image: RasterImage, layout: PageLayout) throws(TextReadingError) -> [TextLine] {
        try engine.recognise(image, layout: layout, limit: limits.timeLimit)
    }

    private func pass(_ bytes: [UInt8], side: Int, longest: Int, layout: PageLayout, deadline: ContinuousClock.Instant) throws(TextReadingError) -> ([TextLine], Double) {
        let left = deadline - ContinuousClock.now
        guard left > .zero else { throw .timedOut(limit: limits.timeLimit) }
        let image = try prepared(bytes, side: side)
        let lines: [TextLine]
        do { lines = try engine.recognise(image, layout: layout, limit: left) } catch .timedOut { throw .timedOut(limit: limits.timeLimit) }
        return (lines, Double(max(image.width, image.height)) / Double(longest))
    }

    /// The median height of the words tesseract was fairly sure of, or nil when there are too few.
    static func typicalHeight(of lines: [TextLine]) -> Double? {
        let heights = lines.flatMap(\.words).filter { $0.confidence >= 0.6 && $0.text.count >= 2 }.map(\.region.height).sorted()
        guard heights.count >= 3 else { return nil }
        return Double(heights[heights.count / 2])
    }

    static func scaled(_ region: PixelRegion, by factor: Double) -> PixelRegion {
        func at(_ value: Int) -> Int { Int((Double(value) * factor).rounded()) }
        return PixelRegion(x: at(region.x), y: at(region.y), width: at(region.width), height: at(region.height))
    }
}
