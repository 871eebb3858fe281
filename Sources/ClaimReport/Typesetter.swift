import CPangoCairo

/// Shapes and wraps text with pango for the report's cairo context: the one owner of its
/// `PangoContext` and font descriptions. Pages are planned and drawn with the same context, so the
/// heights a page was planned with are the heights drawn.
final class Typesetter {
    /// Noto throughout: without the script faces named, fontconfig's fallback for Arabic and
    /// Hebrew is DejaVu Sans. Chinese, Japanese and Korean are left to fontconfig, which picks the
    /// Noto CJK face of the language.
    static let family = "Noto Sans,Noto Sans Arabic,Noto Sans Hebrew,Noto Sans Devanagari,Noto Sans Bengali,Noto Sans Tamil,Noto Sans Thai"
    /// The text face, and the CJK face fontconfig falls back to for Chinese, Japanese and Korean
    /// (Arabic, Devanagari and the rest come with the text face's package, fonts-noto-core).
    static let requiredFamilies = ["Noto Sans", "Noto Sans CJK SC"]

    private let context: OpaquePointer
    private var fonts: [TextStyle: OpaquePointer] = [:]
    private var widths: [TextStyle: [String: Double]] = [:]

    init(cairo: OpaquePointer) throws(ClaimReportError) {
        if let missing = Self.requiredFamilies.first(where: { !Self.installedFamilies.contains($0) }) {
            throw .fontMissing(family: missing)
        }
        guard let context = pango_cairo_create_context(cairo) else {
            throw .drawingFailed(detail: "pango could not make a text context")
        }
        self.context = context
        // pango's cairo contexts assume 96 dpi; the PDF's unit is the point, 72 to the inch.
        pango_cairo_context_set_resolution(context, 72)
    }

    deinit {
        for font in fonts.values { pango_font_description_free(font) }
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// Where a text may be broken across lines.
    enum Breaks {
        /// Where the language allows (after a hyphen or a slash too), and inside a word too wide for the line.
        case anywhere
        /// At spaces only, except inside a word too wide for the line (a table's text).
        case betweenWords
        /// Nowhere, unless the whole is too wide for the line (a date, an age).
        case nowhere
    }

    /// `text` wrapped to `width` points (at any character when a word is wider than that), cut with
    /// an ellipsis past `maxHeight` points, so that no text is ever taller than a page.
    func layout(_ text: String, style: TextStyle, width: Double, alignment: ReportAlignment = .leading, maxHeight: Double,
                breaks: Breaks = .anywhere) -> TextLayout {
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, font(style))
        pango_layout_set_width(layout, Int32(max(1, width) * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        // With the paragraph's own direction (pango's default), left is the start of an Arabic line.
        pango_layout_set_alignment(layout, alignment == .leading ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
        pango_layout_set_height(layout, Int32(max(1, maxHeight) * Double(PANGO_SCALE)))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        let printable = Self.printable(text)
        printable.withCString { pango_layout_set_text(layout, $0, -1) }
        // Most cells are one line: only a text that wraps is measured word by word.
        if breaks != .anywhere, pango_layout_get_line_count(layout) > 1 {
            keepWhole(printable, in: layout, style: style, width: width, splittingAt: breaks == .nowhere ? { $0 == "\n" } : ReportTable.breaksWords)
        }
        return TextLayout(handle: layout, style: style)
    }

    /// Forbids breaks inside each part of `text` (split at `separator`) that fits on a line of `width`.
    private func keepWhole(_ text: String, in layout: OpaquePointer, style: TextStyle, width: Double, splittingAt separator: (Character) -> Bool) {
        let attributes = pango_attr_list_new()!
        defer { pango_attr_list_unref(attributes) }
        var offset = 0
        for part in text.split(omittingEmptySubsequences: false, whereSeparator: separator) {
            let length = part.utf8.count
            if length > 0, self.width(of: String(part), style: style) <= width, let attribute = pango_attr_allow_breaks_new(0) {
                attribute.pointee.start_index = guint(offset)
                attribute.pointee.end_index = guint(offset + length)
                pango_attr_list_insert(attributes, attribute)
            }
            offset += length + 1
        }
        pango_layout_set_attributes(layout, attributes)
    }

    /// How wide `text` is on one line, unwrapped (remembered: tables ask for the same words often).
    func width(of text: String, style: TextStyle) -> Double {
        if let width = widths[style]?[text] { return width }
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, font(style))
        Self.printable(text).withCString { pango_layout_set_text(layout, $0, -1) }
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        let points = Double(width) / Double(PANGO_SCALE)
        widths[style, default: [:]][text] = points
        return points
    }

    private func font(_ style: TextStyle) -> OpaquePointer {
        if let font = fonts[style] { return font }
        let font = pango_font_description_from_string(style.fontDescription)!
        fonts[style] = font
        return font
    }

    /// Control characters (a NUL would end the text early; the rest print as boxes) become spaces;
    /// line breaks stay.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F ? " " : $0 }))
    }

    /// The font families fontconfig offers, read once.
    static let installedFamilies: Set<String> = {
        let fontMap = pango_cairo_font_map_get_default()
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(fontMap, &families, &count)
        defer { g_free(families) }
        return Set((0..<Int(count)).compactMap { index in
            families?[index].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) }
        })
    }()
}
