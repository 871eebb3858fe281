import Inventory

/// One cell of a schedule's table, typed so each file writes it as its readers expect: the CSV as
/// plain text ("1234.56", "2019-03-10"), the XLSX as a number or a date with a format.
public enum ScheduleCell: Sendable, Equatable {
    case text(String)
    /// `units` ÷ 10^`scale`, exactly: a quantity, an age in years to one decimal (62, scale 1: 6.2),
    /// a percentage (4615, scale 2: 46.15).
    case number(units: Int64, scale: Int)
    /// Minor units of the table's currency; nil: a blank cell.
    case money(Int64?)
    /// nil: a blank cell.
    case date(CalendarDate?)

    public static let blank = ScheduleCell.text("")

    /// As the CSV writes it: amounts in major units without grouping ("1234.56", "1300" for JPY).
    public func text(currency: Currency) -> String {
        switch self {
        case .text(let text): text
        case .number(let units, let scale): Self.decimal(units, scale: scale)
        case .money(let minorUnits): minorUnits.map { Money(minorUnits: $0, currency: currency).decimalString } ?? ""
        case .date(let date): date?.iso ?? ""
        }
    }

    static func decimal(_ units: Int64, scale: Int) -> String {
        guard scale > 0 else { return String(units) }
        var divisor: Int64 = 1
        for _ in 0..<scale { divisor *= 10 }
        let magnitude = units.magnitude, fraction = String(magnitude % UInt64(divisor))
        return (units < 0 ? "-" : "") + "\(magnitude / UInt64(divisor))." + String(repeating: "0", count: scale - fraction.count) + fraction
    }
}

/// A schedule as a table: one header row and rows of typed cells, each row as long as the header.
/// The CSV and the XLSX write the same tables, so they hold the same values.
public struct ScheduleTable: Sendable, Equatable {
    public let name: String
    public let header: [String]
    public let rows: [[ScheduleCell]]

    public init(name: String, header: [String], rows: [[ScheduleCell]]) {
        self.name = name
        self.header = header
        self.rows = rows
    }
}
