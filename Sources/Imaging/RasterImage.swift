import CVips
import Foundation

/// Plain 8-bit pixels, for building sample photos (tests, demo content, benchmarks) and for
/// checking what a rendition looks like.
public struct RasterImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Samples per pixel: 1 (grey), 3 (RGB) or 4 (RGBA).
    public let bands: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, bands: Int = 3, pixels: [UInt8]) {
        precondition(pixels.count == width * height * bands, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.bands = bands
        self.pixels = pixels
    }

    /// An image whose every pixel is `color(x, y)`.
    public init(width: Int, height: Int, bands: Int = 3, color: (Int, Int) -> [UInt8]) {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * bands)
        for y in 0..<height {
            for x in 0..<width { pixels.append(contentsOf: color(x, y).prefix(bands)) }
        }
        self.init(width: width, height: height, bands: bands, pixels: pixels)
    }

    public func pixel(x: Int, y: Int) -> [UInt8] {
        let start = (y * width + x) * bands
        return Array(pixels[start..<(start + bands)])
    }

    /// Decodes an encoded image as stored (the EXIF orientation is not applied).
    public static func decode(_ bytes: [UInt8]) throws(ImagingError) -> RasterImage {
        _ = Imaging.start
        guard let opened = bytes.withUnsafeBytes({ hp_vips_open_header($0.baseAddress, $0.count) }) else {
            throw .damaged(detail: VipsFailure.current().message)
        }
        let image = VipsImageHandle(opened)
        var length = 0
        guard vips_image_get_format(image.pointer) == VIPS_FORMAT_UCHAR,
              let memory = hp_vips_pixels(image.pointer, &length) else {
            throw .damaged(detail: VipsFailure.current().message)
        }
        defer { g_free(memory) }
        let bands = Int(vips_image_get_bands(image.pointer))
        return RasterImage(width: image.width, height: image.height, bands: bands,
                           pixels: Array(UnsafeRawBufferPointer(start: memory, count: length)))
    }

    /// Encodes the pixels; `suffix` picks the format as libvips names it (".jpg[Q=90]", ".png",
    /// ".webp", ".tif", ".gif", ".heic"). With `metadata`, a JPEG carries it in EXIF and XMP.
    public func encoded(as suffix: String = ".jpg[Q=90]", metadata: SampleMetadata? = nil) throws(ImagingError) -> [UInt8] {
        _ = Imaging.start
        guard let made = pixels.withUnsafeBytes({
            hp_vips_image_from_pixels($0.baseAddress, $0.count, Int32(width), Int32(height), Int32(bands))
        }) else { throw .processingFailed(detail: VipsFailure.current().message) }
        let image = VipsImageHandle(made)
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status: Int32
        if let metadata {
            metadata.apply(to: image)
            status = hp_vips_jpegsave_keeping_metadata(image.pointer, &buffer, &length, 90)
        } else {
            status = hp_vips_save_buffer(image.pointer, suffix, &buffer, &length)
        }
        guard status == 0, let buffer else { throw .processingFailed(detail: VipsFailure.current().message) }
        defer { g_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}

extension RasterImage {
    /// A JPEG of the pixels turned clockwise by `degrees` (0, 90, 180 or 270), without metadata:
    /// a video's frame shown upright.
    public func jpeg(quality: Int32 = 85, rotatedClockwise degrees: Int = 0) throws(ImagingError) -> [UInt8] {
        _ = Imaging.start
        guard let made = pixels.withUnsafeBytes({
            hp_vips_image_from_pixels($0.baseAddress, $0.count, Int32(width), Int32(height), Int32(bands))
        }) else { throw .processingFailed(detail: VipsFailure.current().message) }
        var image = VipsImageHandle(made)
        let angle: VipsAngle? = switch (degrees % 360 + 360) % 360 {
        case 90: VIPS_ANGLE_D90
        case 180: VIPS_ANGLE_D180
        case 270: VIPS_ANGLE_D270
        default: nil
        }
        if let angle {
            switch VipsImageHandle.make({ hp_vips_rotate(image.pointer, $0, angle) }) {
            case .success(let turned): image = turned
            case .failure(let failure): throw .processingFailed(detail: failure.message)
            }
        }
        switch image.jpeg(quality: quality) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw .processingFailed(detail: failure.message)
        }
    }
}

/// Metadata to write into a sample JPEG, as a camera would.
public struct SampleMetadata: Sendable {
    /// EXIF orientation, 1–8.
    public var orientation: Int?
    /// EXIF fields by libvips name, e.g. `exif-ifd2-DateTimeOriginal` → `2021:07:04 18:30:00`.
    public var exif: [String: String] = [:]
    /// An XMP packet.
    public var xmp: String?

    public init(orientation: Int? = nil, exif: [String: String] = [:], xmp: String? = nil) {
        self.orientation = orientation
        self.exif = exif
        self.xmp = xmp
    }

    /// An XMP packet naming `people` in Metadata Working Group face regions, as Lightroom and
    /// digiKam write them.
    public static func faceRegionsXMP(_ people: [String]) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: "\"", with: "&quot;")
        }
        let regions = people.enumerated().map { index, name in
            "<rdf:li rdf:parseType=\"Resource\"><mwg-rs:Name>\(escaped(name))</mwg-rs:Name><mwg-rs:Type>Face</mwg-rs:Type>"
                + "<mwg-rs:Area stArea:x=\"\(0.25 + 0.2 * Double(index % 3))\" stArea:y=\"0.4\" stArea:w=\"0.15\" stArea:h=\"0.2\" stArea:unit=\"normalized\"/></rdf:li>"
        }.joined()
        return "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + "<rdf:Description rdf:about=\"\" xmlns:mwg-rs=\"http://www.metadataworkinggroup.com/schemas/regions/\" "
            + "xmlns:stArea=\"http://ns.adobe.com/xmp/sType/Area#\"><mwg-rs:Regions rdf:parseType=\"Resource\">"
            + "<mwg-rs:RegionList><rdf:Bag>\(regions)</rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions></rdf:Description></rdf:RDF></x:xmpmeta>"
    }

    func apply(to image: VipsImageHandle) {
        if let orientation { hp_vips_set_int(image.pointer, "orientation", Int32(orientation)) }
        for (name, value) in exif { hp_vips_set_string(image.pointer, name, value) }
        if let xmp {
            let bytes = Array(xmp.utf8)
            bytes.withUnsafeBytes { hp_vips_set_blob_copy(image.pointer, "xmp-data", $0.baseAddress, $0.count) }
        }
    }
}
