import CVips
import Foundation

/// Images through libvips: what a file is (from its header alone) and its renditions (decoded once).
public enum Imaging {
    /// Starts libvips; call once before anything else (later calls do nothing).
    public static let start: Void = {
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
        let loader = bytes.withUnsafeBytes { hp_vips_find_loader($0.baseAddress, $0.count) }
        // Clear what a failed sniff leaves behind, so it never leaks into another message.
        vips_error_clear()
        guard let loader, let format = ImageFormat(loader: String(cString: loader))?.refined(by: bytes.prefix(16)) else {
            throw ImageFormat.hasSignature(bytes) ? .damaged(detail: "the file starts like an image but cannot be read") : .unsupportedFormat
        }
        if format == .png, let overrun = PNGChunkLengths.overrun(fileSize: bytes.count, read: { offset, count in
            Array(bytes[offset..<min(offset + count, bytes.count)])
        }) {
            throw .damaged(detail: overrun)
        }
        let header = bytes.withUnsafeBytes { hp_vips_open_header($0.baseAddress, $0.count) }
        guard let header else { throw .damaged(detail: VipsFailure.current().message) }
        return try info(of: VipsImageHandle(header), format: format, maxPixels: maxPixels)
    }

    private static func info(of image: VipsImageHandle, format: ImageFormat, maxPixels: Int) throws(ImagingError) -> ImageInfo {
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
        // The first bytes name the format, so only its loader opens the file (libvips' own sniffing
        // would open it once per loader).
        guard let format = ImageFormat(signature: Self.firstBytes(ofFileAtPath: path)) else { throw .unsupportedFormat }
        if format == .png, let overrun = pngChunkOverrun(ofFileAtPath: path) { throw .damaged(detail: overrun) }
        guard let header = hp_vips_open_file_with_loader(path, format.loaderCode) else {
            throw .damaged(detail: VipsFailure.current().message)
        }
        let image = VipsImageHandle(header)
        let info = try info(of: image, format: format, maxPixels: maxPixels)
        return (info, PhotoMetadata(header: image))
    }

    /// Makes every rendition in `specs` of a file, from one decode (see `renditions(of:info:specs:)`).
    public static func renditions(ofFileAtPath path: String, info: ImageInfo, specs: [RenditionSpec], quality: Int32 = 82) throws(ImagingError) -> [Rendition] {
        _ = start
        return try renditions(info: info, specs: specs, quality: quality) { box in
            switch info.format {
            case .jpeg:
                VipsImageHandle.make { hp_vips_thumbnail_jpeg(path, nil, 0, $0, box, jpegShrink(info: info, box: box), resizeFirst) }
            case .tiff:
                tiffThumbnail(path: path, bytes: nil, box: box)
            default:
                VipsImageHandle.make { hp_vips_thumbnail_file(path, $0, box, box, 0) }
            }
        }
    }

    /// Makes every rendition in `specs` from one decode: the largest is cut from the file with
    /// shrink-on-load, kept in memory, and the smaller ones are derived from it.
    /// Call `inspect` first: this decodes the pixels.
    public static func renditions(of bytes: [UInt8], info: ImageInfo, specs: [RenditionSpec], quality: Int32 = 82) throws(ImagingError) -> [Rendition] {
        _ = start
        return try renditions(info: info, specs: specs, quality: quality) { box in
            bytes.withUnsafeBytes { buffer in
                switch info.format {
                case .jpeg:
                    VipsImageHandle.make {
                        hp_vips_thumbnail_jpeg(nil, buffer.baseAddress, buffer.count, $0, box, jpegShrink(info: info, box: box), resizeFirst)
                    }
                case .tiff:
                    tiffThumbnail(path: nil, bytes: buffer, box: box)
                default:
                    VipsImageHandle.make { hp_vips_thumbnail_buffer(buffer.baseAddress, buffer.count, $0, box, box, 0) }
                }
            }
        }
    }

    /// Whether a JPEG is resized before `vips_thumbnail_image` (see the shim): when each photo gets
    /// one libvips thread, as in a batch that makes photos side by side.
    private static var resizeFirst: Int32 { threadsPerImage <= 1 ? 1 : 0 }

    /// The largest factor (8, 4, 2 or 1) libjpeg may decode a JPEG at and still fill `box` — libjpeg
    /// rounds the scaled sides up.
    private static func jpegShrink(info: ImageInfo, box: Int32) -> Int32 {
        let longSide = max(info.width, info.height)
        return [8, 4, 2].first { factor in (longSide + factor - 1) / factor >= Int(box) }.map(Int32.init) ?? 1
    }

    /// The shared part: `load` cuts the base image fitting a box from the source; the rest is derived.
    private static func renditions(
        info: ImageInfo, specs: [RenditionSpec], quality: Int32,
        load: (Int32) -> Result<VipsImageHandle, VipsFailure>
    ) throws(ImagingError) -> [Rendition] {
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
        let base: VipsImageHandle
        let baseJPEG: [UInt8]
        switch load(Int32(largest))
            .flatMap({ image in image.hasAlpha ? VipsImageHandle.make { hp_vips_flatten_on_white(image.pointer, $0) } : .success(image) }) {
        case .success(let image): base = image
        case .failure(let failure): throw .damaged(detail: failure.message)
        }
        let baseIsARendition = specs.contains { spec in
            if case .fit(let size) = spec.shape { return size >= max(base.width, base.height) }
            return false
        }
        switch base.jpeg(quality: baseIsARendition ? quality : 92) {
        case .success(let bytes): baseJPEG = bytes
        case .failure(let failure): throw .damaged(detail: failure.message)
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

    private static func firstBytes(ofFileAtPath path: String) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: 16)) ?? Data())
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

    private static func check<T>(_ result: Result<T, VipsFailure>) throws(ImagingError) -> T {
        switch result {
        case .success(let value): return value
        case .failure(let failure): throw .processingFailed(detail: failure.message)
        }
    }
}
