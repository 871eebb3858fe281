extension ReportTable {
    /// Each column's widest word, in the header and footer (bold) and the cells. Words are split at
    /// spaces and line breaks only (a no-break space joins "S/N" to its serial); a cell of a column
    /// that keeps whole is one word per line.
    func widestWords(style: TextStyle, measure: (String, TextStyle) -> Double) -> [Double] {
        func widest(_ text: String, _ style: TextStyle, whole: Bool) -> Double {
            text.split(whereSeparator: { whole ? $0 == "\n" : Self.breaksWords($0) }).reduce(0) { max($0, measure(String($1), style)) }
        }
        return columns.indices.map { column in
            let whole = columns[column].keepsWhole
            var width = widest(columns[column].title, style.emphasised, whole: false)
            if let footer { width = max(width, widest(footer[column], style.emphasised, whole: whole)) }
            for row in rows { width = max(width, widest(row[column], style, whole: whole)) }
            return width
        }
    }

    /// How wide each column's cells are on one line, for most rows: the width that 19 rows in 20 fit
    /// in (the widest of a short table), so that one long description does not take the room of
    /// every other column.
    func typicalWidths(style: TextStyle, measure: (String, TextStyle) -> Double) -> [Double] {
        columns.indices.map { column in
            var widths = rows.map { row in row[column].split(separator: "\n").reduce(0) { max($0, measure(String($1), style)) } }
            if let footer { widths.append(measure(footer[column], style.emphasised)) }
            guard !widths.isEmpty else { return 0 }
            widths.sort()
            return widths[min(widths.count - 1, widths.count * 19 / 20)]
        }
    }

    /// The characters a table's text may break at: spaces, tabs and line breaks, not the no-break space.
    static func breaksWords(_ character: Character) -> Bool { character == " " || character == "\n" || character == "\t" }
}
