import CPoppler

/// A PDF opened by poppler from bytes in memory: the one owner of the `PopplerDocument`.
final class PDFDocument {
    private let handle: OpaquePointer

    /// nil when poppler cannot read the bytes as a PDF (damaged, encrypted with a password).
    init?(_ bytes: [UInt8]) {
        // poppler keeps a reference to the GBytes (a copy of the bytes) for the document's life.
        let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(data) }
        var error: UnsafeMutablePointer<GError>?
        guard let handle = poppler_document_new_from_bytes(data, nil, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        self.handle = handle
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    var pageCount: Int { Int(poppler_document_get_n_pages(handle)) }

    /// The first page drawn to fit `size` × `size` pixels, as a PNG; nil when it has no sensible size
    /// (none, or a side over `maxSide` points) or cannot be drawn.
    func firstPagePNG(fitting size: Int, maxSide: Double) -> [UInt8]? {
        guard let page = poppler_document_get_page(handle, 0) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1, width <= maxSide, height <= maxSide else { return nil }
        let scale = Double(size) / max(width, height)
        guard let surface = CairoImageSurface(width: max(1, Int((width * scale).rounded())), height: max(1, Int((height * scale).rounded()))),
              surface.draw(scale: scale, { poppler_page_render(page, $0) }) else { return nil }
        return surface.png()
    }

    /// The text of the first `pages` pages, one line a printed line; "" when they have none.
    func text(ofPages pages: Int) -> String {
        (0..<min(pages, pageCount)).compactMap { index -> String? in
            guard let page = poppler_document_get_page(handle, Int32(index)) else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(page)) }
            guard let text = poppler_page_get_text(page) else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        }.joined(separator: "\n")
    }
}
