import CVips

/// An upright picture in 8-bit grey, for readers that look at light and dark only (barcodes),
/// fitted within a longest side so that a camera-size photo costs a bounded amount of memory.
public struct GreyImage: Sendable {
    /// The photo as stored: its format and upright size before fitting.
    public let info: ImageInfo
    public let width: Int
    public let height: Int
    /// `width × height` samples, row after row.
    public let pixels: [UInt8]
}

extension Imaging {
    /// The file upright (its EXIF orientation applied) in grey, fitting `longestSide` (never
    /// enlarged); refuses what is not an accepted image or has more than `maxPixels` pixels, from
    /// its header, before anything is decoded.
    public static func grey(ofFileAtPath path: String, maxPixels: Int, longestSide: Int) throws(ImagingError) -> GreyImage {
        let (info, _) = try inspectFile(atPath: path, maxPixels: maxPixels)
        return try grey(of: .file(path), info: info, longestSide: longestSide)
    }

    /// The bytes upright in grey (see `grey(ofFileAtPath:maxPixels:longestSide:)`).
    public static func grey(of bytes: [UInt8], maxPixels: Int, longestSide: Int) throws(ImagingError) -> GreyImage {
        let info = try inspect(bytes, maxPixels: maxPixels)
        return try bytes.withUnsafeBytes { buffer in
            Result { () throws(ImagingError) in try grey(of: .memory(buffer), info: info, longestSide: longestSide) }
        }.get()
    }

    private static func grey(of source: EncodedImage, info: ImageInfo, longestSide: Int) throws(ImagingError) -> GreyImage {
        let box = Int32(clamping: min(max(1, longestSide), max(info.width, info.height)))
        let fitted = try fitted(source, info: info, box: box)
        let grey = try check(VipsImageHandle.make { hp_vips_grey8(fitted.pointer, $0) })
        var length = 0
        guard let memory = hp_vips_pixels(grey.pointer, &length) else {
            throw source.unreadable(as: info.format, VipsFailure.current())
        }
        defer { g_free(memory) }
        guard length == grey.width * grey.height else {
            throw .processingFailed(detail: "grey pixels of \(length) bytes for \(grey.width) × \(grey.height)")
        }
        return GreyImage(info: info, width: grey.width, height: grey.height,
                         pixels: Array(UnsafeRawBufferPointer(start: memory, count: length)))
    }
}
