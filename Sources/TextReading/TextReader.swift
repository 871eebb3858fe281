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

    /// How sure tesseract's orientation detector must be before a picture is turned (its
    /// confidence on the test page turned each way was 3 to 20; on a page of noise, below 1).
    static let orientationConfidence = 1.5

    public let limits: Limits
    /// Called between the steps of a reading and before each line tesseract recognises: a
    /// background reader waits there while requests are answered. The time spent in it is not
    /// counted against `limits.timeLimit`.
    public var giveWay: (() -> Void)?
    /// Time spent in `giveWay` since the reading in hand began: its deadline moves on by as much.
    private var pausedInReading: Duration = .zero
    private let engine: TesseractEngine
    /// The orientation detector, started the first time it is needed.
    private var detector: TesseractEngine?
    private let dataFolder: String
    /// The reader's name and version, stamped on every suggestion it makes.
    public static var name: String { "tesseract \(TesseractEngine.version)" }

    /// Starts tesseract with English (from `dataFolder`, else found by `TessData`).
    public init(dataFolder: String? = nil, limits: Limits = Limits()) throws(TextReadingError) {
        let folder: String
        if let dataFolder { folder = dataFolder } else { folder = try TessData.folder(holding: "eng") }
        engine = try TesseractEngine(dataFolder: folder, language: "eng")
        self.dataFolder = folder
        self.limits = limits
    }

    /// The text of an encoded picture (JPEG, PNG, WebP, GIF, TIFF, HEIF, AVIF).
    public func read(_ bytes: [UInt8], layout: PageLayout) throws(TextReadingError) -> TextPage {
        let reading = try reading(bytes, layout: layout)
        return reading.page
    }

    /// The longest side the picture is finally read at (for comparisons: see `prepared`).
    public func chosenSide(_ bytes: [UInt8], layout: PageLayout) throws(TextReadingError) -> Int {
        try reading(bytes, layout: layout).side
    }

    /// A picture as read: its lines in the prepared picture's pixels, that picture, and how to map back.
    struct Reading {
        var lines: [TextLine]
        /// The prepared picture, turned upright.
        var image: RasterImage
        /// How far the prepared picture was turned clockwise to be read (regions are turned back).
        var turned: Int
        /// The prepared picture's size over the upright picture's.
        var scale: Double
        var side: Int
        var info: ImageInfo
        var deadline: ContinuousClock.Instant

        var page: TextPage {
            TextPage(lines: lines.map { line in
                TextLine(words: line.words.map { word in
                    var word = word
                    word.region = inPicture(word.region)
                    return word
                })
            }, width: info.width, height: info.height)
        }

        /// A region of the turned prepared picture in the upright picture's pixels.
        func inPicture(_ region: PixelRegion) -> PixelRegion {
            let (width, height) = turned % 180 == 0 ? (image.width, image.height) : (image.height, image.width)
            let r = region
            let unturned = switch turned {
            case 90: PixelRegion(x: r.y, y: height - (r.x + r.width), width: r.height, height: r.width)
            case 180: PixelRegion(x: width - (r.x + r.width), y: height - (r.y + r.height), width: r.width, height: r.height)
            case 270: PixelRegion(x: width - (r.y + r.height), y: r.x, width: r.height, height: r.width)
            default: r
            }
            return TextReader.scaled(unturned, by: 1 / scale)
        }
    }

    func reading(_ bytes: [UInt8], layout: PageLayout) throws(TextReadingError) -> Reading {
        let info: ImageInfo
        do { info = try Imaging.inspect(bytes, maxPixels: limits.maxPixels) } catch { throw .image(error) }
        let longest = max(info.width, info.height)
        pausedInReading = .zero
        let deadline = ContinuousClock.now + limits.timeLimit
        // First read: at most `firstSide` (never enlarged); its lines say how high the text is.
        var side = min(longest, Self.firstSide, limits.maxSide)
        var (lines, image, turned) = try pass(bytes, side: side, layout: layout, deadline: deadline)
        if let height = Self.typicalHeight(of: lines) {
            let wanted = min(limits.maxSide, Int((Double(side) * Self.textHeight / height).rounded()))
            // Read again only when the text is far from its best height (more than 1.5× off).
            if Double(wanted) > Double(side) * 1.5 || Double(wanted) < Double(side) / 1.5 {
                side = wanted
                _ = pause()
                (lines, image, turned) = try pass(bytes, side: side, layout: layout, deadline: deadline)
            }
        }
        let scale = Double(max(image.width, image.height)) / Double(longest)
        return Reading(lines: lines, image: image, turned: turned, scale: scale, side: side, info: info, deadline: deadline)
    }

    /// One line of `image` read again on its own.
    /// With `characters`, only those can be read.
    func reread(_ region: PixelRegion, of image: RasterImage, characters: String? = nil, deadline: ContinuousClock.Instant) throws(TextReadingError) -> TextLine? {
        _ = pause()
        let left = timeLeft(until: deadline)
        guard left > .zero else { throw .timedOut(limit: limits.timeLimit) }
        let lines: [TextLine]
        do {
            lines = try engine.recognise(image, layout: .sparse, limit: left, line: region, characters: characters, pause: pauseHook)
        } catch .timedOut { throw .timedOut(limit: limits.timeLimit) }
        return lines.count == 1 ? lines[0] : nil
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

    private func pass(_ bytes: [UInt8], side: Int, layout: PageLayout, deadline: ContinuousClock.Instant) throws(TextReadingError) -> ([TextLine], RasterImage, Int) {
        guard timeLeft(until: deadline) > .zero else { throw .timedOut(limit: limits.timeLimit) }
        var image = try prepared(bytes, side: side)
        let turned = try turn(&image)
        _ = pause()
        let left = timeLeft(until: deadline)
        guard left > .zero else { throw .timedOut(limit: limits.timeLimit) }
        let lines: [TextLine]
        do { lines = try engine.recognise(image, layout: layout, limit: left, pause: pauseHook) } catch .timedOut { throw .timedOut(limit: limits.timeLimit) }
        return (lines, image, turned)
    }

    /// What is left of a reading's time, the time given way not counted.
    private func timeLeft(until deadline: ContinuousClock.Instant) -> Duration {
        deadline + pausedInReading - ContinuousClock.now
    }

    /// Gives way once (when asked to), and says for how long it did.
    private func pause() -> Duration {
        guard let giveWay else { return .zero }
        let began = ContinuousClock.now
        giveWay()
        let took = ContinuousClock.now - began
        pausedInReading += took
        return took
    }

    /// `pause`, for the engine to call before each line; nil when nobody asked to give way.
    private var pauseHook: (() -> Duration)? { giveWay == nil ? nil : { [unowned self] in pause() } }

    /// Turns `image` upright when tesseract's orientation detector is sure it is not; how far it turned it.
    private func turn(_ image: inout RasterImage) throws(TextReadingError) -> Int {
        if detector == nil { detector = try TesseractEngine(dataFolder: dataFolder, language: "osd") }
        guard let detector, let found = detector.orientation(of: image), found.clockwise != 0,
              found.confidence >= Self.orientationConfidence else { return 0 }
        image = image.turnedClockwise(found.clockwise)
        return found.clockwise
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
