import CPangoCairo

/// One shaped and wrapped text, ready to draw: the one owner of its `PangoLayout`.
final class TextLayout {
    let handle: OpaquePointer
    let style: TextStyle
    /// Its size in points once wrapped.
    let width: Double
    let height: Double
    /// How far below its top the first line's baseline is.
    let firstBaseline: Double

    init(handle: OpaquePointer, style: TextStyle) {
        self.handle = handle
        self.style = style
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_size(handle, &width, &height)
        self.width = Double(width) / Double(PANGO_SCALE)
        self.height = Double(height) / Double(PANGO_SCALE)
        firstBaseline = Double(pango_layout_get_baseline(handle)) / Double(PANGO_SCALE)
    }

    /// Cut short with an ellipsis: the text did not fit its height.
    var isEllipsized: Bool { pango_layout_is_ellipsized(handle) != 0 }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// Draws the text with its top-left corner (of the wrapping box) at `x`, `y`.
    func draw(on cairo: OpaquePointer, x: Double, y: Double) {
        cairo_set_source_rgb(cairo, style.grey, style.grey, style.grey)
        cairo_move_to(cairo, x, y)
        pango_cairo_show_layout(cairo, handle)
    }
}
