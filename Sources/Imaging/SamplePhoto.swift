import CVips

/// Paints simple, recognisable photos for demo content and benchmarks: a soft two-colour gradient
/// with a large emoji in the middle (Noto Color Emoji), as a JPEG that can carry camera metadata.
public enum SamplePhoto {
    /// - Parameters:
    ///   - emoji: what the photo shows, e.g. "📷".
    ///   - colors: the gradient's top-left and bottom-right colours, RGB.
    ///   - metadata: camera fields to write; with an orientation of 3, 6 or 8 the pixels are stored
    ///     turned the way a camera held that way stores them, so the photo shows upright.
    public static func jpeg(
        emoji: String, width: Int = 1600, height: Int = 1200, colors: ([UInt8], [UInt8]),
        metadata: SampleMetadata? = nil
    ) throws(ImagingError) -> [UInt8] {
        _ = Imaging.start
        // A small gradient scaled up is as smooth as a full-size one, and far cheaper to compute.
        let small = RasterImage(width: 64, height: 48) { x, y in
            let t = (Double(x) / 63 + Double(y) / 47) / 2
            return (0..<3).map { UInt8(Double(colors.0[$0]) * (1 - t) + Double(colors.1[$0]) * t) }
        }
        guard let smallPointer = small.pixels.withUnsafeBytes({
            hp_vips_image_from_pixels($0.baseAddress, $0.count, 64, 48, 3)
        }) else { throw .processingFailed(detail: VipsFailure.current().message) }
        let seed = VipsImageHandle(smallPointer)
        let base = try check(VipsImageHandle.make { hp_vips_resize_to(seed.pointer, $0, Double(width) / 64, Double(height) / 48) })
        // The colour font has bitmaps of about 136 px; render at that size and scale up smoothly.
        let glyph = try check(VipsImageHandle.make { out in emoji.withCString { text in hp_vips_emoji(text, 600, out) } })
        let scale = Double(min(width, height)) * 0.55 / Double(max(glyph.width, glyph.height, 1))
        let large = try check(VipsImageHandle.make { hp_vips_resize(glyph.pointer, $0, scale) })
        let x = Int32((width - large.width) / 2), y = Int32((height - large.height) / 2)
        let composed = try check(VipsImageHandle.make { hp_vips_composite_over(base.pointer, large.pointer, $0, x, y) })
        // Composition adds alpha; a photo has none.
        var flat = try check(VipsImageHandle.make { hp_vips_flatten_on_white(composed.pointer, $0) })
        // Stored turned the opposite way to the orientation tag, so that applying the tag makes it upright.
        let storage: VipsAngle? = switch metadata?.orientation {
        case 3: VIPS_ANGLE_D180
        case 6: VIPS_ANGLE_D270
        case 8: VIPS_ANGLE_D90
        default: nil
        }
        if let storage {
            let upright = flat
            flat = try check(VipsImageHandle.make { hp_vips_rotate(upright.pointer, $0, storage) })
        }
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
