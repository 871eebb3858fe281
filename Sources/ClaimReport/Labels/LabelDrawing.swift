import CPangoCairo
import QRCode

/// One label drawn in its rectangle (points, from the page's top-left corner). A wide label has its
/// QR code at the left, as tall as the label allows, and its text beside it; a tall one (tape) the
/// code on top and the text under it.
struct LabelDrawing {
    let cairo: OpaquePointer
    let typesetter: Typesetter

    func draw(_ label: LabelSheetDocument.Label, code: QRCode, in frame: (x: Double, y: Double, width: Double, height: Double)) {
        // Kept clear inside the edge: labels are cut a little off their nominal place and printers drift.
        let padding = min(frame.width, frame.height) * 0.07
        let wide = frame.width >= frame.height
        let side = wide ? frame.height - 2 * padding : min(frame.width - 2 * padding, frame.height * 0.6)
        let codeX = wide ? frame.x + padding : frame.x + (frame.width - side) / 2
        let codeY = frame.y + padding
        drawModules(code, x: codeX, y: codeY, side: side)

        let textX = wide ? codeX + side + padding : frame.x + padding
        let textY = wide ? frame.y + padding : codeY + side + padding / 2
        let textWidth = wide ? frame.x + frame.width - padding - textX : frame.width - 2 * padding
        let textBottom = frame.y + frame.height - padding
        // Sized from the label's short side: 1 in (5160) gives about 8 points for the name.
        let size = min(14, max(6.5, min(frame.width, frame.height) * 0.11))
        var top = textY
        let parts: [(String, TextStyle, Double)] = [
            (label.code, TextStyle(size: size * 1.15, bold: true, grey: 0), 1),
            (label.name, TextStyle(size: size, bold: true, grey: 0), 3),
        ] + label.lines.map { ($0, TextStyle(size: size * 0.78, grey: 0.2), 1) }
        for (text, style, maxLines) in parts where !text.isEmpty {
            let room = textBottom - top
            guard room >= style.size * 1.2 else { break }
            let layout = typesetter.layout(text, style: style, width: textWidth, maxHeight: min(room, style.size * 1.4 * maxLines))
            layout.draw(on: cairo, x: textX, y: top)
            top += layout.height + style.size * 0.15
        }
        drawContents(label, style: TextStyle(size: size * 0.78, grey: 0.2), x: textX, top: top, width: textWidth, bottom: textBottom)
    }

    /// As many of a place's things as fit in what is left of the label, whole, then "and N more"
    /// (fewer shown, until the line with its "more" fits; at least the count when none does).
    private func drawContents(_ label: LabelSheetDocument.Label, style: TextStyle, x: Double, top: Double, width: Double, bottom: Double) {
        guard label.contentsTotal > 0 else { return }
        let room = bottom - top
        guard room >= style.size * 1.2 else { return }
        for shown in stride(from: label.contents.count, through: 0, by: -1) {
            let text = Self.contentsLine(Array(label.contents.prefix(shown)), total: label.contentsTotal)
            let layout = typesetter.layout(text, style: style, width: width, maxHeight: room)
            if !layout.isEllipsized || shown == 0 {
                layout.draw(on: cairo, x: x, y: top)
                return
            }
        }
    }

    /// "Drill, Saw, Tape measure and 7 more"; "12 things" when none is named.
    static func contentsLine(_ names: [String], total: Int) -> String {
        let more = total - names.count
        guard !names.isEmpty else { return total == 1 ? "1 thing" : "\(total) things" }
        return names.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
    }

    /// The QR code's modules in a square of `side` points, with a quiet zone of two modules inside
    /// it: with the label's padding (and the gap to the text), four or more on every side.
    /// Dark modules are filled as one path of runs per row, so no seams show between them.
    private func drawModules(_ code: QRCode, x: Double, y: Double, side: Double) {
        let quiet = 2
        let module = side / Double(code.size + 2 * quiet)
        cairo_save(cairo)
        cairo_set_source_rgb(cairo, 0, 0, 0)
        for row in 0..<code.size {
            var column = 0
            while column < code.size {
                guard code.isDark(row: row, column: column) else { column += 1; continue }
                let start = column
                while column < code.size, code.isDark(row: row, column: column) { column += 1 }
                cairo_rectangle(cairo, x + Double(start + quiet) * module, y + Double(row + quiet) * module,
                                Double(column - start) * module, module)
            }
        }
        cairo_fill(cairo)
        cairo_restore(cairo)
    }
}
