import CVips
import Foundation

/// Images through libvips: what a file is (from its header alone) and its renditions (decoded once).
public enum Imaging {
    /// Starts libvips; call once before anything else (later calls do nothing).
    public static let start: Void = {
        _ = XMLEventReader.libraryReady
        guard hp_vips_start("homepwner") == 0 else {
            fatalError("libvips failed to start: \(VipsFailure.current().message)")
        }
    }()

    /// How many threads libvips may use for one image (by default, one per core).
    public static var threadsPerImage: Int {
        _ = start
        return Int(vips_concurrency_get())
    }

    public static func setThreadsPerImage(_ count: Int) {
        _ = start
        vips_concurrency_set(Int32(count))
    }

    /// Hands memory freed by finished images back to the system, so a long batch stays small.
    public static func releaseFreeMemory() {
        malloc_trim(0)
    }

    /// Reads the format and size from the header, without decoding pixels, and refuses anything
    /// that is not an accepted format or has more than `maxPixels` pixels.
    public static func inspect(_ bytes: [UInt8], maxPixels: Int) throws(ImagingError) -> ImageInfo {
        _ = start
        let header = bytes.prefix(16)
        guard let format = ImageFormat(signature: header) else { throw .unrecognised(header: header) }
        if format == .png, let overrun = PNGChunkLengths.overrun(fileSize: bytes.count, read: { offset, count in
            Array(bytes[offset..<min(offset + count, bytes.count)])
        }) {
            throw .damaged(detail: overrun)
        }
        return try bytes.withUnsafeBytes { buffer in
            Result { () throws(ImagingError) in try info(of: opened(.memory(buffer), as: format), format: format, maxPixels: maxPixels) }
        }.get()
    }

    static func info(of image: VipsImageHandle, format: ImageFormat, maxPixels: Int) throws(ImagingError) -> ImageInfo {
        guard image.width > 0, image.height > 0 else { throw .damaged(detail: "the header gives no size") }
        let (pixels, overflow) = image.width.multipliedReportingOverflow(by: image.height)
        guard !overflow, pixels <= maxPixels else {
            throw .tooManyPixels(width: image.width, height: image.height, limit: maxPixels)
        }
        let orientation = image.orientation
        let sideways = orientation >= 5
        return ImageInfo(
            format: format, width: sideways ? image.height : image.width, height: sideways ? image.width : image.height,
            orientation: orientation
        )
    }

    /// Reads a file's header only — format, upright size, orientation and camera metadata — and
    /// refuses what is not an accepted format or has more than `maxPixels` pixels.
    public static func inspectFile(atPath path: String, maxPixels: Int) throws(ImagingError) -> (ImageInfo, PhotoMetadata) {
        _ = start
        let source = EncodedImage.file(path)
        let header = source.header
        guard let format = ImageFormat(signature: header) else { throw .unrecognised(header: header) }
        if format == .png, let overrun = pngChunkOverrun(ofFileAtPath: path) { throw .damaged(detail: overrun) }
        let image = try opened(source, as: format)
        let info = try info(of: image, format: format, maxPixels: maxPixels)
        return (info, PhotoMetadata(header: image))
    }

    /// Makes every rendition in `specs` of a file, from one decode (see `renditions(of:info:specs:)`).
    public static func renditions(ofFileAtPath path: String, info: ImageInfo, specs: [RenditionSpec], quality: Int32 = 82) throws(ImagingError) -> [Rendition] {
        _ = start
        return try renditions(of: .file(path), info: info, specs: specs, quality: quality)
    }

    /// Makes every rendition in `specs` from one decode: the largest is cut from the file with
    /// shrink-on-load, kept in memory, and the smaller ones are derived from it.
    /// Call `inspect` first: this decodes the pixels.
    public static func renditions(of bytes: [UInt8], info: ImageInfo, specs: [RenditionSpec], quality: Int32 = 82) throws(ImagingError) -> [Rendition] {
        _ = start
        return try bytes.withUnsafeBytes { buffer in
            Result { () throws(ImagingError) in try renditions(of: .memory(buffer), info: info, specs: specs, quality: quality) }
        }.get()
    }

    /// Opens `source` with `format`'s loader (its header only, until pixels are asked for).
    static func opened(_ source: EncodedImage, as format: ImageFormat) throws(ImagingError) -> VipsImageHandle {
        guard let image = hp_vips_open_with_loader(source.path, source.start, source.count, format.loaderCode) else {
            throw source.unreadable(as: format, VipsFailure.current())
        }
        return VipsImageHandle(image)
    }

    /// The picture cut to fit `box`, upright and in sRGB, with shrink-on-load where the format has
    /// it; TIFF, HEIF and AVIF through their own loader: a TIFF's first page at full resolution
    /// (see `hp_vips_thumbnail_image`), a HEIF or AVIF file's primary image, also of a sequence.
    static func fitted(_ source: EncodedImage, info: ImageInfo, box: Int32) throws(ImagingError) -> VipsImageHandle {
        let made: Result<VipsImageHandle, VipsFailure>
        switch info.format {
        case .jpeg:
            made = VipsImageHandle.make {
                hp_vips_thumbnail_jpeg(source.path, source.start, source.count, $0, box, jpegShrink(info: info, box: box), resizeFirst)
            }
        case .tiff:
            let page = try tiffPage(source)
            made = VipsImageHandle.make { hp_vips_thumbnail_image(page.pointer, $0, box) }
        case .heif, .avif:
            let image = try opened(source, as: info.format)
            made = VipsImageHandle.make { hp_vips_thumbnail_image(image.pointer, $0, box) }
        case .png, .webp, .gif:
            made = VipsImageHandle.make { out in
                source.path.map { hp_vips_thumbnail_file($0, out, box, box, 0) }
                    ?? hp_vips_thumbnail_buffer(source.start, source.count, out, box, box, 0)
            }
        }
        switch made {
        case .success(let image): return image
        case .failure(let failure): throw source.unreadable(as: info.format, failure)
        }
    }

    /// Whether a JPEG is resized before `vips_thumbnail_image` (see the shim): when each photo gets
    /// one libvips thread, as in a batch that makes photos side by side.
    private static var resizeFirst: Int32 { threadsPerImage <= 1 ? 1 : 0 }

    /// The largest factor (8, 4, 2 or 1) libjpeg may decode a JPEG at and still fill `box` — libjpeg
    /// rounds the scaled sides up. Never more than the short side: libvips 8.14 divides that side
    /// by the factor, and an image 0 pixels wide aborts the process on an assertion.
    private static func jpegShrink(info: ImageInfo, box: Int32) -> Int32 {
        let (longSide, shortSide) = (max(info.width, info.height), min(info.width, info.height))
        return [8, 4, 2].first { factor in (longSide + factor - 1) / factor >= Int(box) && shortSide >= factor }.map(Int32.init) ?? 1
    }

    /// The shared part: the base image fitting the largest box is cut from the source; the rest is derived.
    private static func renditions(of source: EncodedImage, info: ImageInfo, specs: [RenditionSpec], quality: Int32) throws(ImagingError) -> [Rendition] {
        // The box the base must fill: a square's short side must still be as long as the square.
        let aspect = Double(max(info.width, info.height)) / Double(max(1, min(info.width, info.height)))
        guard let largest = specs.map({ spec in
            switch spec.shape {
            case .fit(let size): size
            case .square(let size): Int((Double(size) * aspect).rounded(.up))
            }
        }).max() else { return [] }
        // The source is decoded once, into the largest size, and encoded straight from the decoder
        // (no whole frame held in memory). The smaller sizes are cut from that JPEG with
        // shrink-on-load, which costs little next to the first decode.
        let fitted = try fitted(source, info: info, box: Int32(largest))
        let base = fitted.hasAlpha ? try check(VipsImageHandle.make { hp_vips_flatten_on_white(fitted.pointer, $0) }) : fitted
        let baseJPEG: [UInt8]
        let baseIsARendition = specs.contains { spec in
            if case .fit(let size) = spec.shape { return size >= max(base.width, base.height) }
            return false
        }
        switch base.jpeg(quality: baseIsARendition ? quality : 92) {
        case .success(let bytes): baseJPEG = bytes
        case .failure(let failure): throw source.unreadable(as: info.format, failure)
        }
        var results: [Rendition] = []
        for spec in specs {
            if case .fit(let size) = spec.shape, size >= max(base.width, base.height) {
                results.append(Rendition(spec: spec, jpeg: baseJPEG, width: base.width, height: base.height))
                continue
            }
            let (box, crop): (Int32, Int32) = switch spec.shape {
            case .fit(let size): (Int32(size), 0)
            // A small photo gives a smaller square, never an enlarged one.
            case .square(let size): (Int32(min(size, base.width, base.height)), 1)
            }
            let image = try check(baseJPEG.withUnsafeBytes { buffer in
                VipsImageHandle.make { hp_vips_thumbnail_buffer(buffer.baseAddress, buffer.count, $0, box, box, crop) }
            })
            let jpeg = try check(image.jpeg(quality: quality))
            results.append(Rendition(spec: spec, jpeg: jpeg, width: image.width, height: image.height))
        }
        return results
    }

    private static func pngChunkOverrun(ofFileAtPath path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd() else { return nil }
        return PNGChunkLengths.overrun(fileSize: Int(size)) { offset, count in
            guard (try? handle.seek(toOffset: UInt64(offset))) != nil else { return [] }
            return [UInt8]((try? handle.read(upToCount: count)) ?? Data())
        }
    }

    static func check<T>(_ result: Result<T, VipsFailure>) throws(ImagingError) -> T {
        switch result {
        case .success(let value): return value
        case .failure(let failure): throw .processingFailed(detail: failure.message)
        }
    }
}
