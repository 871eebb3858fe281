/// A size, weight and shade of the report's one typeface (Noto Sans, with fontconfig's fallback to
/// the Noto faces of other scripts for the characters it lacks).
struct TextStyle: Hashable {
    var size: Double
    var bold = false
    /// 0 is black; greys are for labels and notes.
    var grey = 0.1

    static let title = TextStyle(size: 22, bold: true)
    static let subtitle = TextStyle(size: 12, grey: 0.35)
    static let heading = TextStyle(size: 14, bold: true)
    static let itemTitle = TextStyle(size: 16, bold: true)
    static let subheading = TextStyle(size: 10.5, bold: true, grey: 0.25)
    static let body = TextStyle(size: 9.5)
    static let label = TextStyle(size: 9, grey: 0.4)
    static let caption = TextStyle(size: 7.5, grey: 0.3)
    static let note = TextStyle(size: 8.5, grey: 0.35)
    static let footer = TextStyle(size: 7.5, grey: 0.4)

    var emphasised: TextStyle {
        var style = self
        style.bold = true
        return style
    }

    /// What pango's `pango_font_description_from_string` reads.
    var fontDescription: String {
        "\(Typesetter.family)\(bold ? " Bold" : "") \(size)"
    }
}
