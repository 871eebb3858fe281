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

    /// A one-page receipt with these lines of text (cairo's own simple text: enough for a demo).
    public static func receipt(lines: [String], width: Double = 420, height: Double = 595) -> [UInt8] {
        let sink = ByteSink()
        withExtendedLifetime(sink) {
            let surface = cairo_pdf_surface_create_for_stream(ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(), width, height)
            let context = cairo_create(surface)
            cairo_set_source_rgb(context, 0, 0, 0)
            cairo_select_font_face(context, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            for (index, line) in lines.enumerated() {
                cairo_set_font_size(context, index == 0 ? 22 : 13)
                cairo_move_to(context, 36, 60 + Double(index) * 26)
                cairo_show_text(context, line)
            }
            cairo_show_page(context)
            cairo_destroy(context)
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
        }
        return sink.bytes
    }
}
