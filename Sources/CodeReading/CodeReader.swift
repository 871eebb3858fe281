import CZXing
import Imaging

/// Reads the barcodes and 2-D codes on a photo (EAN/UPC, Code 128/39/93, ITF, Codabar, DataBar,
/// QR, Micro QR, DataMatrix, PDF417, Aztec) with zxing-cpp, within `CodeReadingLimits`.
public struct CodeReader: Sendable {
    /// Who read, kept with every reading, so that photos read by an older reader are read again.
    public static let name = "zxing-cpp"
    /// zxing-cpp's version and ours: raise the last part whenever what this reader finds changes
    /// (options, passes, sizes).
    public static let version = "\(String(cString: hp_zxing_version()))/2"

    public let limits: CodeReadingLimits

    public init(limits: CodeReadingLimits = CodeReadingLimits()) {
        self.limits = limits
    }

    /// The codes in the image file at `path`, upright as its EXIF orientation says.
    public func read(fileAtPath path: String) throws(CodeReadingError) -> CodeReadResult {
        let image: GreyImage
        do {
            image = try Imaging.grey(ofFileAtPath: path, maxPixels: limits.maxPixels, longestSide: limits.longestSide)
        } catch {
            throw CodeReadingError(error)
        }
        return try read(image)
    }

    /// The codes in an encoded image (JPEG, PNG, WebP, GIF, TIFF, HEIF, AVIF).
    public func read(bytes: [UInt8]) throws(CodeReadingError) -> CodeReadResult {
        let image: GreyImage
        do {
            image = try Imaging.grey(of: bytes, maxPixels: limits.maxPixels, longestSide: limits.longestSide)
        } catch {
            throw CodeReadingError(error)
        }
        return try read(image)
    }

    /// The codes in grey pixels already upright; positions are given in the photo's upright size
    /// (`image.info`), whatever size it was read at.
    public func read(_ image: GreyImage) throws(CodeReadingError) -> CodeReadResult {
        var found = hp_codes()
        // One more than returned: finding it says the result was cut short.
        let asked = min(limits.maxCodes + 1, 255)
        image.pixels.withUnsafeBufferPointer { pixels in
            hp_read_codes(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(asked), 1, 1, 1, &found)
        }
        defer { hp_codes_free(&found) }
        let error = withUnsafeBytes(of: found.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard error.isEmpty else { throw .readerFailed(detail: error) }
        let scaleX = Double(image.info.width) / Double(max(1, image.width))
        let scaleY = Double(image.info.height) / Double(max(1, image.height))
        var codes: [ReadCode] = []
        for index in 0..<Int(found.count) {
            let symbol = found.codes[index]
            let format = withUnsafeBytes(of: symbol.format) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let text = String(decoding: UnsafeRawBufferPointer(start: symbol.text, count: symbol.text_length), as: UTF8.self)
            let xs = withUnsafeBytes(of: symbol.x) { Array($0.bindMemory(to: Int32.self)) }
            let ys = withUnsafeBytes(of: symbol.y) { Array($0.bindMemory(to: Int32.self)) }
            let corners = zip(xs, ys).map { CodePoint(x: Int((Double($0) * scaleX).rounded()), y: Int((Double($1) * scaleY).rounded())) }
            let (readFormat, readText) = CodeText.normalised(format: format, text: text)
            let code = ReadCode(format: readFormat, text: readText, corners: corners)
            // zxing-cpp 1.4 can report one symbol twice (found in two passes): once is enough.
            if !codes.contains(where: { $0.format == code.format && $0.text == code.text && $0.sharesACentre(with: code) }) {
                codes.append(code)
            }
        }
        let cutShort = codes.count > limits.maxCodes
        return CodeReadResult(
            codes: Array(codes.prefix(limits.maxCodes)), cutShort: cutShort,
            imageWidth: image.info.width, imageHeight: image.info.height
        )
    }
}
