import CVips

extension Imaging {
    /// A TIFF's first page at full resolution, with the levels and colours libtiff itself gives
    /// where libvips 8.14 reads the samples differently.
    static func tiffPage(_ source: EncodedImage) throws(ImagingError) -> VipsImageHandle {
        var page = try opened(source, as: .tiff)
        if vips_image_get_format(page.pointer) == VIPS_FORMAT_CHAR {
            page = try check(VipsImageHandle.make { [page] in hp_vips_bytes_as_unsigned(page.pointer, $0) })
        }
        var layout = HpTiffLayout()
        // JPEG-compressed YCbCr is turned into RGB by libjpeg; any other is read as if it were RGB.
        guard hp_tiff_layout(source.path, source.start, source.count, &layout) != 0,
              layout.photometric == UInt16(PHOTOMETRIC_YCBCR), layout.compression != UInt16(COMPRESSION_JPEG) else { return page }
        guard vips_image_get_format(page.pointer) == VIPS_FORMAT_UCHAR, vips_image_get_bands(page.pointer) == 3 else {
            throw .unsupportedVariant(.wideYCbCrTIFF)
        }
        let luma = [layout.luma.0, layout.luma.1, layout.luma.2]
        let reference = [layout.reference.0, layout.reference.1, layout.reference.2, layout.reference.3, layout.reference.4, layout.reference.5]
        // libtiff refuses the same: Kg divides.
        guard luma.allSatisfy(\.isFinite), luma[1] != 0, reference.allSatisfy(\.isFinite) else {
            throw .damaged(detail: "its YCbCrCoefficients or ReferenceBlackWhite tag is invalid")
        }
        return try check(VipsImageHandle.make { [page] in hp_vips_ycbcr_to_srgb(page.pointer, $0, &layout) })
    }
}
