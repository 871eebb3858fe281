import CPangoCairo

/// Lays blocks out with pango, to measure them (planning the pages) and to draw them (on the
/// planned pages): both passes make the same layouts, so what was planned is what is drawn.
final class BlockRenderer {
    let typesetter: Typesetter
    /// The page being measured or drawn: upright, or turned for a wide table.
    var geometry: PageGeometry
    let cairo: OpaquePointer
    /// What the report itself says (page numbers, a picture that cannot be read), in the claim's language.
    let words: ReportWords

    init(typesetter: Typesetter, geometry: PageGeometry, cairo: OpaquePointer, words: ReportWords = .english) {
        self.typesetter = typesetter
        self.geometry = geometry
        self.cairo = cairo
        self.words = words
    }

    var left: Double { geometry.left }
    var width: Double { geometry.contentWidth }
    /// No text is taller than this (it ends in an ellipsis): any block fits on an empty page.
    var maxTextHeight: Double { geometry.contentHeight - 80 }
    static let factLabelShare = 0.34

    func prepare(_ block: Block) -> PreparedBlock {
        switch block {
        case .title(let title, let subtitle): prepareTitle(title, subtitle: subtitle)
        case .heading(let text): prepareHeading(text, style: .heading, rule: true)
        case .itemTitle(let text): prepareHeading(text, style: .itemTitle, rule: true)
        case .continued(let text): prepareHeading(text, style: .heading, rule: true)
        case .subheading(let text): prepareHeading(text, style: .subheading, rule: false)
        case .paragraph(let text): prepareText(text, style: .body)
        case .note(let text): prepareText(text, style: .note)
        case .fact(let fact, let emphasised): prepareFact(fact, emphasised: emphasised)
        case .tableHeader(let frame): prepareRow(frame, cells: frame.columns.map(\.title), style: frame.cellStyle.emphasised, rule: .below)
        case .tableRow(let frame, let cells, let shaded): prepareRow(frame, cells: cells, style: frame.cellStyle, rule: shaded ? .shaded : .none)
        case .tableFooter(let frame, let cells): prepareRow(frame, cells: cells, style: frame.cellStyle.emphasised, rule: .above)
        case .pictureRow(let images, let columns): preparePictureRow(images, columns: columns)
        case .document(let document): prepareDocument(document)
        case .entry(let entry): prepareEntry(entry)
        }
    }

    func layout(_ text: String, _ style: TextStyle, width: Double, alignment: ReportAlignment = .leading, maxHeight: Double? = nil,
                breaks: Typesetter.Breaks = .anywhere) -> TextLayout {
        typesetter.layout(text, style: style, width: width, alignment: alignment, maxHeight: maxHeight ?? maxTextHeight, breaks: breaks)
    }

    private func prepareTitle(_ title: String, subtitle: String) -> PreparedBlock {
        let titleLayout = layout(title, .title, width: width)
        let subtitleLayout = subtitle.isEmpty ? nil : layout(subtitle, .subtitle, width: width)
        let subtitleHeight = subtitleLayout.map { $0.height + 4 } ?? 0
        return PreparedBlock(height: titleLayout.height + subtitleHeight + 12) { [self] top in
            titleLayout.draw(on: cairo, x: left, y: top)
            subtitleLayout?.draw(on: cairo, x: left, y: top + titleLayout.height + 4)
            rule(at: top + titleLayout.height + subtitleHeight + 8, weight: 1.2, grey: 0.2)
        }
    }

    private func prepareHeading(_ text: String, style: TextStyle, rule drawsRule: Bool) -> PreparedBlock {
        let heading = layout(text, style, width: width)
        return PreparedBlock(height: heading.height + (drawsRule ? 6 : 2)) { [self] top in
            heading.draw(on: cairo, x: left, y: top)
            if drawsRule { rule(at: top + heading.height + 3, weight: 0.5, grey: 0.6) }
        }
    }

    private func prepareText(_ text: String, style: TextStyle) -> PreparedBlock {
        let paragraph = layout(text, style, width: width)
        return PreparedBlock(height: paragraph.height) { [self] top in paragraph.draw(on: cairo, x: left, y: top) }
    }

    private func prepareFact(_ fact: ReportFact, emphasised: Bool) -> PreparedBlock {
        let labelWidth = width * Self.factLabelShare
        let label = layout(fact.label, .label, width: labelWidth - 10)
        let value = layout(fact.value, emphasised ? TextStyle.body.emphasised : .body, width: width - labelWidth)
        // The label's first line stands on the same baseline as the value's.
        let labelOffset = value.firstBaseline - label.firstBaseline
        return PreparedBlock(height: max(label.height + labelOffset, value.height) + 4) { [self] top in
            label.draw(on: cairo, x: left, y: top + 2 + labelOffset)
            value.draw(on: cairo, x: left + labelWidth, y: top + 2)
        }
    }

    /// A hairline (or heavier) across the text width.
    func rule(at y: Double, weight: Double, grey: Double, from x: Double? = nil, width length: Double? = nil) {
        cairo_set_source_rgb(cairo, grey, grey, grey)
        cairo_set_line_width(cairo, weight)
        cairo_move_to(cairo, x ?? left, y)
        cairo_line_to(cairo, (x ?? left) + (length ?? width), y)
        cairo_stroke(cairo)
    }

    /// A rectangle filled with a grey.
    func fill(_ box: Box, grey: Double) {
        cairo_set_source_rgb(cairo, grey, grey, grey)
        cairo_rectangle(cairo, box.x, box.y, box.width, box.height)
        cairo_fill(cairo)
    }

    /// A rectangle's outline.
    func frame(_ box: Box, grey: Double, weight: Double = 0.5) {
        cairo_set_source_rgb(cairo, grey, grey, grey)
        cairo_set_line_width(cairo, weight)
        cairo_rectangle(cairo, box.x, box.y, box.width, box.height)
        cairo_stroke(cairo)
    }
}
