import CVips

extension Imaging {
    /// The photo in the file at `path` without what can say where it was taken; nil when its file
    /// says nothing of the kind, and may go as it is. The copy is a full-size JPEG of its pixels as
    /// stored (transparency on white), keeping its EXIF — date, camera, orientation — but no GPS
    /// field and no XMP, IPTC or Photoshop packet, any of which can name a place.
    public static func withoutLocation(fileAtPath path: String, maxPixels: Int) throws(ImagingError) -> [UInt8]? {
        try jpegCopy(fileAtPath: path, maxPixels: maxPixels, keepingLocation: false, onlyWhenLocated: true)
    }

    /// A full-size JPEG copy of the photo in the file at `path`, for readers that take no HEIC, WebP
    /// or AVIF (insurers' portals take JPG, PNG, TIF, BMP and GIF): its pixels as stored
    /// (transparency on white), its EXIF kept; without `keepingLocation`, as `withoutLocation` makes it.
    public static func jpegCopy(fileAtPath path: String, maxPixels: Int, keepingLocation: Bool) throws(ImagingError) -> [UInt8] {
        // Never nil: a copy is made whether or not the file records a place.
        try jpegCopy(fileAtPath: path, maxPixels: maxPixels, keepingLocation: keepingLocation, onlyWhenLocated: false) ?? []
    }

    private static func jpegCopy(fileAtPath path: String, maxPixels: Int, keepingLocation: Bool,
                                 onlyWhenLocated: Bool) throws(ImagingError) -> [UInt8]? {
        _ = start
        let source = EncodedImage.file(path)
        let header = source.header
        guard let format = ImageFormat(signature: header) else { throw .unrecognised(header: header) }
        let image = format == .tiff ? try tiffPage(source) : try opened(source, as: format)
        _ = try info(of: image, format: format, maxPixels: maxPixels)
        let located = hp_vips_has_location(image.pointer) != 0
        if onlyWhenLocated, !located { return nil }
        let kept = keepingLocation || !located ? image : try check(VipsImageHandle.make { hp_vips_copy_without_location(image.pointer, $0) })
        let flat = kept.hasAlpha ? try check(VipsImageHandle.make { hp_vips_flatten_on_white(kept.pointer, $0) }) : kept
        switch flat.jpeg(quality: 92, keepingMetadata: true) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw source.unreadable(as: format, failure)
        }
    }
}
