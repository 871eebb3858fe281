import CPoppler

/// A cairo image surface, white, that pages are drawn on: the one owner of the `cairo_surface_t`.
final class CairoImageSurface {
    let handle: OpaquePointer

    /// nil when cairo cannot make one this size.
    init?(width: Int, height: Int) {
        guard let handle = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else { return nil }
        self.handle = handle
        guard cairo_surface_status(handle) == CAIRO_STATUS_SUCCESS else { return nil }
    }

    deinit { cairo_surface_destroy(handle) }

    /// Draws on the surface with a fresh context, scaled by `scale`, on a white background.
    func draw(scale: Double, _ body: (OpaquePointer) -> Void) -> Bool {
        guard let context = cairo_create(handle) else { return false }
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_scale(context, scale, scale)
        body(context)
        return cairo_status(context) == CAIRO_STATUS_SUCCESS
    }

    /// The surface as a PNG file's bytes.
    func png() -> [UInt8]? {
        cairo_surface_flush(handle)
        let sink = ByteSink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(handle, ByteSink.write, Unmanaged.passUnretained(sink).toOpaque())
        }
        return status == CAIRO_STATUS_SUCCESS ? sink.bytes : nil
    }
}
