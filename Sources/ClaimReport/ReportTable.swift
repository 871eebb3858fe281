/// A table of text cells: the header is printed again at the top of every page the rows run onto.
public struct ReportTable: Sendable, Codable, Equatable {
    public var columns: [ReportColumn]
    /// One cell per column in each row.
    public var rows: [[String]]
    /// A last row set apart (totals), one cell per column; nil for none.
    public var footer: [String]?
    /// Lines printed under the table (a legend for its marks).
    public var notes: [String]

    public init(columns: [ReportColumn], rows: [[String]], footer: [String]? = nil, notes: [String] = []) {
        self.columns = columns
        self.rows = rows
        self.footer = footer
        self.notes = notes
    }
}

/// One column of a `ReportTable`.
public struct ReportColumn: Sendable, Codable, Equatable {
    public var title: String
    public var alignment: ReportAlignment
    /// Its share of the table's width, relative to the other columns' weights (finite, above zero).
    public var weight: Double
    /// Its cells are never broken across lines (dates, ages, quantities): the column is as wide as
    /// its widest cell, as an amount's column is. Other cells break only between words, and inside a
    /// word only when the word alone is wider than the column.
    public var keepsWhole: Bool

    public init(title: String, alignment: ReportAlignment = .leading, weight: Double = 1, keepsWhole: Bool = false) {
        self.title = title
        self.alignment = alignment
        self.weight = weight
        self.keepsWhole = keepsWhole
    }

    /// Amounts keep whole as well: a column of them never gives way to a text column.
    var isWhole: Bool { keepsWhole || alignment == .trailing }
}

/// Where a cell's text sits: `leading` is the start of the line in the text's own direction (the right
/// edge for Arabic or Hebrew), `trailing` the end; amounts are `trailing`.
public enum ReportAlignment: String, Sendable, Codable {
    case leading, trailing
}
