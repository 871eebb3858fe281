/// One sheet of a workbook as plain values: its name, one header row, and rows of cells. Values only:
/// nothing is ever written as a formula, so a text starting with "=" stays text.
public struct WorkbookSheet: Sendable, Equatable {
    public let name: String
    public let header: [String]
    public let rows: [[WorkbookCell]]

    public init(name: String, header: [String], rows: [[WorkbookCell]]) {
        self.name = name
        self.header = header
        self.rows = rows
    }
}

public enum WorkbookCell: Sendable, Equatable {
    case blank
    case text(String)
    /// A number shown with an Excel number format ("#,##0.00", "0.0", "0").
    case number(Double, format: String)
    /// A calendar day, shown as yyyy-mm-dd.
    case date(year: Int, month: Int, day: Int)
}

public enum WorkbookError: Error, Equatable, CustomStringConvertible {
    /// libxlsxwriter refused or failed: its own words.
    case library(String)
    case sheetName(String)
    case file(String)

    public var description: String {
        switch self {
        case .library(let message): "the workbook could not be written: \(message)"
        case .sheetName(let name): "“\(name)” cannot name a sheet (1 to 31 characters, none of []:*?/\\)"
        case .file(let message): "the workbook's file could not be written: \(message)"
        }
    }
}
