/// A table of text cells: the header is printed again at the top of every page the rows run onto.
public struct ReportTable: Sendable, Codable, Equatable {
    public var columns: [ReportColumn]
    /// One cell per column in each row.
    public var rows: [[String]]
    /// A last row set apart (totals), one cell per column; nil for none.
    public var footer: [String]?

    public init(columns: [ReportColumn], rows: [[String]], footer: [String]? = nil) {
        self.columns = columns
        self.rows = rows
        self.footer = footer
    }
}

/// One column of a `ReportTable`.
public struct ReportColumn: Sendable, Codable, Equatable {
    public var title: String
    public var alignment: ReportAlignment
    /// Its share of the table's width, relative to the other columns' weights (finite, above zero).
    public var weight: Double

    public init(title: String, alignment: ReportAlignment = .leading, weight: Double = 1) {
        self.title = title
        self.alignment = alignment
        self.weight = weight
    }
}

/// Where a cell's text sits: `leading` is the start of the line in the text's own direction (the right
/// edge for Arabic or Hebrew), `trailing` the end; amounts are `trailing`.
public enum ReportAlignment: String, Sendable, Codable {
    case leading, trailing
}
