import CVips

extension Imaging {
    /// The photo in the file at `path` without what can say where it was taken; nil when its file
    /// says nothing of the kind, and may go as it is. The copy is a full-size JPEG of its pixels as
    /// stored (transparency on white), keeping its EXIF — date, camera, orientation — but no GPS
    /// field and no XMP, IPTC or Photoshop packet, any of which can name a place.
    public static func withoutLocation(fileAtPath path: String, maxPixels: Int) throws(ImagingError) -> [UInt8]? {
        _ = start
        let source = EncodedImage.file(path)
        let header = source.header
        guard let format = ImageFormat(signature: header) else { throw .unrecognised(header: header) }
        let image = format == .tiff ? try tiffPage(source) : try opened(source, as: format)
        _ = try info(of: image, format: format, maxPixels: maxPixels)
        guard hp_vips_has_location(image.pointer) != 0 else { return nil }
        let stripped = try check(VipsImageHandle.make { hp_vips_copy_without_location(image.pointer, $0) })
        let flat = stripped.hasAlpha ? try check(VipsImageHandle.make { hp_vips_flatten_on_white(stripped.pointer, $0) }) : stripped
        switch flat.jpeg(quality: 92, keepingMetadata: true) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw source.unreadable(as: format, failure)
        }
    }
}
