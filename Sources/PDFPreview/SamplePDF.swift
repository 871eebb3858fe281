import CPoppler

/// Small real PDFs drawn with cairo, for tests and the demo: each page white with a black bar
/// across its top quarter.
public enum SamplePDF {
    /// A4 portrait by default (595 × 842 points).
    public static func make(pages: Int = 1, width: Double = 595, height: Double = 842) -> [UInt8] {
        let sink = ByteSink()
        withExtendedLifetime(sink) {
            let surface = cairo_pdf_surface_create_for_stream(ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(), width, height)
            let context = cairo_create(surface)
            for _ in 0..<pages {
                cairo_set_source_rgb(context, 0, 0, 0)
                cairo_rectangle(context, 0, 0, width, height / 4)
                cairo_fill(context)
                cairo_show_page(context)
            }
            cairo_destroy(context)
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
        }
        return sink.bytes
    }
}
