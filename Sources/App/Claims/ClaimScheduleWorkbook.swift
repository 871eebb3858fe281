import Claims
import Foundation
import Inventory
import Workbook

/// A claim's schedule as an XLSX workbook: the lines on "Schedule" (every column, `ClaimScheduleProfile.full`)
/// and the totals by room and for the claim on "Totals". Values only, from the same tables as the
/// CSV, so the two agree to the minor unit; money in the currency's decimals, dates as dates.
enum ClaimScheduleWorkbook {
    static func sheets(_ sheet: ClaimSheet) -> [WorkbookSheet] {
        let currency = sheet.currency, schedule = sheet.schedule
        return [ClaimScheduleProfile.full.table(schedule, currency: currency), schedule.totalsTable(currency: currency)]
            .map { table in WorkbookSheet(name: table.name, header: table.header, rows: table.rows.map { $0.map { cell($0, currency: currency) } }) }
    }

    static func cell(_ cell: ScheduleCell, currency: Currency) -> WorkbookCell {
        switch cell {
        case .text(let text): return text.isEmpty ? .blank : .text(text)
        case .number(let units, let scale):
            return .number(Double(units) / pow(10, Double(scale)), format: scale == 0 ? "0" : "0." + String(repeating: "0", count: scale))
        case .money(nil), .date(nil): return .blank
        case .money(let minorUnits?):
            let digits = currency.minorUnits
            return .number(Double(minorUnits) / Double(currency.minorUnitsPerMajorUnit),
                           format: digits == 0 ? "#,##0" : "#,##0." + String(repeating: "0", count: digits))
        // Spreadsheets count days from 1900: an older date stays text.
        case .date(let date?): return date.year < 1900 ? .text(date.iso) : .date(year: date.year, month: date.month, day: date.day)
        }
    }

    /// Writes the workbook into `folder` and returns its file.
    static func write(_ sheet: ClaimSheet, into folder: URL) throws -> URL {
        let target = folder.appendingPathComponent("schedule-\(UUID().uuidString).xlsx")
        do {
            try XLSXWorkbook.write(sheets(sheet), to: target)
        } catch {
            throw AppError(.reportFailed, message: "The spreadsheet could not be made: \(error). Nothing was sent; try again.")
        }
        return target
    }
}
