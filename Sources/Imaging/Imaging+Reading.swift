import CVips

extension Imaging {
    /// The picture in `bytes` made ready for reading its text (OCR): upright, one 8-bit grey band,
    /// its longer side `longestSide` pixels (enlarged or reduced), transparency on white. Refuses
    /// what `inspect` refuses (not an accepted format, more than `maxPixels` pixels) before any pixel
    /// is decoded; a JPEG shrinks on load, so a large photo costs the pixels asked for, not its own.
    public static func greyForReading(_ bytes: [UInt8], maxPixels: Int, longestSide: Int) throws(ImagingError) -> RasterImage {
        let info = try inspect(bytes, maxPixels: maxPixels)
        let side = Int32(clamping: max(1, longestSide))
        return try bytes.withUnsafeBytes { buffer in
            Result { () throws(ImagingError) -> RasterImage in
                let made = VipsImageHandle.make { hp_vips_reading_grey(nil, buffer.baseAddress, buffer.count, $0, side) }
                let image: VipsImageHandle
                switch made {
                case .success(let value): image = value
                case .failure(let failure): throw EncodedImage.memory(buffer).unreadable(as: info.format, failure)
                }
                var length = 0
                guard let memory = hp_vips_pixels(image.pointer, &length) else {
                    throw EncodedImage.memory(buffer).unreadable(as: info.format, VipsFailure.current())
                }
                defer { g_free(memory) }
                return RasterImage(width: image.width, height: image.height, bands: 1,
                                   pixels: Array(UnsafeRawBufferPointer(start: memory, count: length)))
            }
        }.get()
    }
}
