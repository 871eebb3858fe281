import CPangoCairo
import CSodium
import Glibc

/// A picture ready to paint on the report: the one owner of its cairo surface.
final class Picture {
    private let surface: OpaquePointer
    /// The surface's own size: 1 × 1 for a JPEG carried as it is, the pixels for a decoded image.
    private let surfaceSide: (width: Double, height: Double)
    /// EXIF orientation, 1–8: how the stored picture is turned to be seen upright.
    private let orientation: Int
    /// Width over height, seen upright.
    let aspect: Double

    /// A JPEG embedded byte for byte (cairo writes the bytes as the PDF's image; nothing is decoded
    /// or re-encoded). It rides on a 1 × 1 surface scaled to size when drawn: cairo copies the pixels
    /// of any surface it is given, even one whose JPEG it embeds, and for a 2048-px photo that copy
    /// of 11 MB of blank pixels made a page 30× slower (300 photos: 5.5 s against 0.18 s).
    init?(jpeg: JPEGStream, orientation: Int) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let copy = malloc(jpeg.bytes.count) else { return nil }
        jpeg.bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        guard cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self), UInt(jpeg.bytes.count), free, copy) == CAIRO_STATUS_SUCCESS else {
            free(copy)
            cairo_surface_destroy(surface)
            return nil
        }
        // The same photo twice (a rendition two items share) goes into the PDF once: cairo writes one
        // image for every surface with the same unique id, here a digest of the bytes.
        var digest = [UInt8](repeating: 0, count: 32)
        _ = jpeg.bytes.withUnsafeBytes { crypto_generichash(&digest, 32, $0.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64($0.count), nil, 0) }
        let id = Array(("jpeg-" + digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()).utf8)
        if let idCopy = malloc(id.count) {
            id.withUnsafeBytes { idCopy.copyMemory(from: $0.baseAddress!, byteCount: id.count) }
            if cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_UNIQUE_ID, idCopy.assumingMemoryBound(to: UInt8.self), UInt(id.count), free, idCopy) != CAIRO_STATUS_SUCCESS {
                free(idCopy)
            }
        }
        self.surface = surface
        surfaceSide = (1, 1)
        self.orientation = (1...8).contains(orientation) ? orientation : 1
        let sideways = self.orientation >= 5
        aspect = sideways ? Double(jpeg.height) / Double(jpeg.width) : Double(jpeg.width) / Double(jpeg.height)
    }

    /// A PNG decoded by cairo (only ever our own: the first pages of receipts, drawn by poppler).
    init?(png: [UInt8]) {
        let reader = ByteReader(png)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(ByteReader.read, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let surface else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        surfaceSide = (Double(cairo_image_surface_get_width(surface)), Double(cairo_image_surface_get_height(surface)))
        orientation = 1
        aspect = surfaceSide.width / max(1, surfaceSide.height)
    }

    deinit { cairo_surface_destroy(surface) }

    /// Paints the picture upright, as large as fits `box`, centred; returns where it went.
    @discardableResult
    func draw(on cairo: OpaquePointer, fitting box: Box) -> Box {
        let placed = box.fitting(aspect: aspect)
        cairo_save(cairo)
        cairo_translate(cairo, placed.x, placed.y)
        var turn = Self.uprightMatrix(orientation: orientation, width: placed.width, height: placed.height)
        cairo_transform(cairo, &turn)
        cairo_scale(cairo, 1 / surfaceSide.width, 1 / surfaceSide.height)
        cairo_set_source_surface(cairo, surface, 0, 0)
        cairo_paint(cairo)
        cairo_restore(cairo)
        return placed
    }

    /// Maps the stored picture's unit square onto the upright `width` × `height` box (EXIF
    /// orientations: 2 mirrored, 3 turned half round, 4 flipped, 5 transposed, 6 turned a quarter
    /// clockwise, 7 transversed, 8 turned a quarter anticlockwise).
    static func uprightMatrix(orientation: Int, width w: Double, height h: Double) -> cairo_matrix_t {
        // (xx, yx, xy, yy, x0, y0): x' = xx·u + xy·v + x0, y' = yx·u + yy·v + y0.
        let entries: (Double, Double, Double, Double, Double, Double) = switch orientation {
        case 2: (-w, 0, 0, h, w, 0)
        case 3: (-w, 0, 0, -h, w, h)
        case 4: (w, 0, 0, -h, 0, h)
        case 5: (0, h, w, 0, 0, 0)
        case 6: (0, h, -w, 0, w, 0)
        case 7: (0, -h, -w, 0, w, h)
        case 8: (0, -h, w, 0, 0, h)
        default: (w, 0, 0, h, 0, 0)
        }
        return cairo_matrix_t(xx: entries.0, yx: entries.1, xy: entries.2, yy: entries.3, x0: entries.4, y0: entries.5)
    }
}

/// Bytes handed to cairo's PNG reader in the pieces it asks for.
private final class ByteReader {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// cairo's `cairo_read_func_t`; the closure is an unretained `ByteReader` the caller keeps alive.
    static let read: cairo_read_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
        let reader = Unmanaged<ByteReader>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard reader.offset + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
        reader.bytes.withUnsafeBufferPointer { buffer in
            data.update(from: buffer.baseAddress! + reader.offset, count: count)
        }
        reader.offset += count
        return CAIRO_STATUS_SUCCESS
    }
}
