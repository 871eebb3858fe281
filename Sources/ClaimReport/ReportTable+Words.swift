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

    /// The characters a table's text may break at: spaces, tabs and line breaks, not the no-break space.
    static func breaksWords(_ character: Character) -> Bool { character == " " || character == "\n" || character == "\t" }
}
