extension ReportTable {
    /// Each column's widest word (split at spaces), in the header and footer (bold) and the cells.
    func widestWords(style: TextStyle, measure: (String, TextStyle) -> Double) -> [Double] {
        func widest(_ text: String, _ style: TextStyle) -> Double {
            text.split(whereSeparator: \.isWhitespace).reduce(0) { max($0, measure(String($1), style)) }
        }
        return columns.indices.map { column in
            var width = widest(columns[column].title, style.emphasised)
            if let footer { width = max(width, widest(footer[column], style.emphasised)) }
            for row in rows { width = max(width, widest(row[column], style)) }
            return width
        }
    }
}
