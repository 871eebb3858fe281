import Inventory

/// The kinds of export: a CSV Homebox imports, or our own zip of everything.
public enum ExportFormat: String, CaseIterable, Sendable {
    case homeboxCSV = "homebox-csv"
    case homepwner

    /// "homebox-csv or homepwner", for messages.
    public static let choices = allCases.map(\.rawValue).joined(separator: " or ")

    var contentType: String {
        switch self {
        case .homeboxCSV: "text/csv; charset=utf-8"
        case .homepwner: "application/zip"
        }
    }

    /// `homepwner-homebox-2025-06-01.csv`, `homepwner-export-2025-06-01.zip`: dated, so a second
    /// download never replaces the first.
    public func fileName(on day: CalendarDate) -> String {
        switch self {
        case .homeboxCSV: "homepwner-homebox-\(day.iso).csv"
        case .homepwner: "homepwner-export-\(day.iso).zip"
        }
    }
}
