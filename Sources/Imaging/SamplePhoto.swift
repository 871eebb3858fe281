import CVips

/// Paints simple, recognisable photos for demo content and benchmarks: a soft two-colour gradient
/// with a large emoji in the middle (Noto Color Emoji), as a JPEG that can carry camera metadata.
public enum SamplePhoto {
    /// - Parameters:
    ///   - emoji: what the photo shows, e.g. "📷".
    ///   - colors: the gradient's top-left and bottom-right colours, RGB.
    public static func jpeg(
        emoji: String, width: Int = 1600, height: Int = 1200, colors: ([UInt8], [UInt8]),
        metadata: SampleMetadata? = nil
    ) throws(ImagingError) -> [UInt8] {
        _ = Imaging.start
        let background = RasterImage(width: width, height: height) { x, y in
            let t = (Double(x) / Double(width) + Double(y) / Double(height)) / 2
            return (0..<3).map { UInt8(Double(colors.0[$0]) * (1 - t) + Double(colors.1[$0]) * t) }
        }
        guard let basePointer = background.pixels.withUnsafeBytes({
            hp_vips_image_from_pixels($0.baseAddress, $0.count, Int32(width), Int32(height), 3)
        }) else { throw .processingFailed(detail: VipsFailure.current().message) }
        let base = VipsImageHandle(basePointer)
        // The colour font has bitmaps of about 136 px; render at that size and scale up smoothly.
        let glyph = try check(VipsImageHandle.make { out in emoji.withCString { text in hp_vips_emoji(text, 600, out) } })
        let scale = Double(min(width, height)) * 0.55 / Double(max(glyph.width, glyph.height, 1))
        let large = try check(VipsImageHandle.make { hp_vips_resize(glyph.pointer, $0, scale) })
        let x = Int32((width - large.width) / 2), y = Int32((height - large.height) / 2)
        let composed = try check(VipsImageHandle.make { hp_vips_composite_over(base.pointer, large.pointer, $0, x, y) })
        // Composition adds alpha; a photo has none.
        let flat = try check(VipsImageHandle.make { hp_vips_flatten_on_white(composed.pointer, $0) })
        metadata?.apply(to: flat)
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard hp_vips_jpegsave_keeping_metadata(flat.pointer, &buffer, &length, 88) == 0, let buffer else {
            throw .processingFailed(detail: VipsFailure.current().message)
        }
        defer { g_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }

    private static func check<T>(_ result: Result<T, VipsFailure>) throws(ImagingError) -> T {
        switch result {
        case .success(let value): return value
        case .failure(let failure): throw .processingFailed(detail: failure.message)
        }
    }
}
