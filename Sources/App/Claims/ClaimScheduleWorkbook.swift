import Claims
import Foundation
import Inventory
import Workbook

/// A claim's schedule as an XLSX workbook: the lines on "Schedule" (every column, `ClaimScheduleProfile.full`),
/// the totals by room and for the claim on "Totals", and, when the claim has living expenses, each on
/// "ALE" and their totals by category on "ALE totals", and when its items are packed in boxes the
/// pack-out list on "Pack-out" (`ClaimPackOut`). Values only, from the same tables as the
/// CSV, so the two agree to the minor unit; money in the currency's decimals, dates as dates.
enum ClaimScheduleWorkbook {
    /// Its sheets' names, headers and words in `words`' language (the claim's, `ScheduleWords(claim.words(for:))`).
    static func sheets(_ sheet: ClaimSheet, packOut: ClaimPackOut? = nil, words: ScheduleWords = ScheduleWords()) -> [WorkbookSheet] {
        let currency = sheet.currency, schedule = sheet.schedule
        return [ClaimScheduleProfile.full.table(schedule, currency: currency, words: words), schedule.totalsTable(currency: currency, words: words)]
            .map { table in WorkbookSheet(name: table.name, header: table.header, rows: table.rows.map { $0.map { cell($0, currency: currency) } }) }
            + expenseSheets(sheet, words: words) + (packOut?.workbookSheets(words: words) ?? [])
    }

    /// The living expenses, oldest first, and their totals by category with the whole as a last row.
    static func expenseSheets(_ sheet: ClaimSheet, words: ScheduleWords = ScheduleWords()) -> [WorkbookSheet] {
        let ledger = sheet.expenses, currency = sheet.currency
        guard !ledger.entries.isEmpty else { return [] }
        let code = currency.code
        let entries = ledger.entries.map { expense -> [ScheduleCell] in
            [.date(expense.date), .text(words.category(expense.category)), .text(expense.description), .text(expense.receipt?.fileName ?? ""), .money(expense.amount)]
        }
        let totals = ledger.byCategory.map { total -> [ScheduleCell] in
            [.text(words.category(total.category)), .number(units: Int64(total.count), scale: 0), .money(total.amount)]
        } + [[.text(words["all-expenses"]), .number(units: Int64(ledger.entries.count), scale: 0), .money(ledger.total)]]
        func w(_ key: String) -> String { words[key, ["code": code]] }
        return [
            WorkbookSheet(name: w("sheet.expenses"), header: [w("date"), w("category"), w("description"), w("receipt"), w("amount")],
                          rows: entries.map { $0.map { cell($0, currency: currency) } }),
            WorkbookSheet(name: w("sheet.expense-totals"), header: [w("category"), w("entries"), w("amount")],
                          rows: totals.map { $0.map { cell($0, currency: currency) } }),
        ]
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
    static func write(_ sheet: ClaimSheet, packOut: ClaimPackOut? = nil, words: ScheduleWords = ScheduleWords(), into folder: URL) throws -> URL {
        let target = folder.appendingPathComponent("schedule-\(UUID().uuidString).xlsx")
        do {
            try XLSXWorkbook.write(sheets(sheet, packOut: packOut, words: words), to: target)
        } catch {
            throw AppError(.reportFailed, Message("error.claim.spreadsheet-failed", "The spreadsheet could not be made: \(error). Nothing was sent; try again.",
                                                       ["reason": .text("\(error)")]))
        }
        return target
    }
}
