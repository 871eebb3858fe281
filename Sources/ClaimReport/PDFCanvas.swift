import CPangoCairo

/// The report's PDF as it is written: the one owner of the cairo PDF surface and of its context.
/// cairo writes each page's content to the sink when the page is shown, so memory stays flat
/// however many pages follow.
final class PDFCanvas {
    let surface: OpaquePointer
    let cairo: OpaquePointer
    let geometry: PageGeometry
    private let sink: FileSink
    /// The report's path, for error messages.
    private let path: String

    /// A PDF written to `descriptor` (which the caller closes after `finish`), to become `path`.
    init(descriptor: Int32, path: String, geometry: PageGeometry, title: String) throws(ClaimReportError) {
        sink = FileSink(descriptor: descriptor)
        self.path = path
        self.geometry = geometry
        surface = cairo_pdf_surface_create_for_stream(FileSink.write, Unmanaged.passUnretained(sink).toOpaque(), geometry.width, geometry.height)
        cairo = cairo_create(surface)
        try check()
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, Typesetter.printable(title))
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Homepwner")
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// The size of the page about to be drawn (a landscape page among portrait ones); called before
    /// anything is drawn on it.
    func setPageSize(_ geometry: PageGeometry) {
        cairo_pdf_surface_set_size(surface, geometry.width, geometry.height)
    }

    /// Ends the page: cairo writes it out, and the next drawing starts a new one.
    func showPage() throws(ClaimReportError) {
        cairo_show_page(cairo)
        try check()
    }

    /// An entry in the viewer's outline (bookmarks) that opens page `page` (1-based); its id, for children.
    @discardableResult
    func addOutline(_ title: String, page: Int, parent: Int32 = Int32(CAIRO_PDF_OUTLINE_ROOT)) -> Int32 {
        cairo_pdf_surface_add_outline(surface, parent, Typesetter.printable(title), "page=\(page)", cairo_pdf_outline_flags_t(0))
    }

    /// Writes the fonts, the outline and the cross-reference table, and everything still buffered.
    func finish() throws(ClaimReportError) {
        cairo_surface_finish(surface)
        try check()
        guard sink.flush() else { throw writeFailure() }
    }

    /// Throws what cairo reports, a failed write first (cairo only says "error while writing").
    func check() throws(ClaimReportError) {
        if sink.failure != nil { throw writeFailure() }
        let status = cairo_status(cairo) != CAIRO_STATUS_SUCCESS ? cairo_status(cairo) : cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .drawingFailed(detail: String(cString: cairo_status_to_string(status)))
        }
    }

    private func writeFailure() -> ClaimReportError {
        ClaimReportError.writing(path, errno: sink.failureErrno, reason: sink.failure ?? "write failed")
    }
}
