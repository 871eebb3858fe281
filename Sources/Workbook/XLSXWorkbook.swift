import CXLSXWriter
import Foundation

/// Writes sheets as an XLSX file through libxlsxwriter. This is the one owner of an `lxw_workbook`:
/// it is made, filled and closed (which writes and frees it) inside `write`, into a temporary file
/// beside the target that is renamed over it only once whole, so a reader never sees half a
/// workbook. Rows go out in order (`constant_memory`): a sheet's rows are not all held as XML.
public enum XLSXWorkbook {
    public static let dateFormat = "yyyy-mm-dd"

    public static func write(_ sheets: [WorkbookSheet], to target: URL) throws(WorkbookError) {
        let folder = target.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
        do throws(WorkbookError) {
            try fill(sheets, writingTo: temporary, scratch: folder)
            guard rename(temporary.path, target.path) == 0 else { throw .file(String(cString: strerror(errno))) }
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    private static func fill(_ sheets: [WorkbookSheet], writingTo file: URL, scratch: URL) throws(WorkbookError) {
        for sheet in sheets where !isSheetName(sheet.name) { throw .sheetName(sheet.name) }
        guard let scratchPath = strdup(scratch.path) else { throw .library("out of memory") }
        defer { free(scratchPath) }
        var options = lxw_workbook_options(constant_memory: UInt8(LXW_TRUE.rawValue), tmpdir: scratchPath, use_zip64: UInt8(LXW_TRUE.rawValue))
        guard let workbook = workbook_new_opt(file.path, &options) else { throw .library("libxlsxwriter could not start a workbook") }
        var closed = false
        defer { if !closed { workbook_close(workbook) } }

        let bold = workbook_add_format(workbook)
        format_set_bold(bold)
        var formats: [String: UnsafeMutablePointer<lxw_format>] = [:]
        func format(_ pattern: String) -> UnsafeMutablePointer<lxw_format>? {
            if let known = formats[pattern] { return known }
            let made = workbook_add_format(workbook)
            format_set_num_format(made, pattern)
            formats[pattern] = made
            return made
        }
        func check(_ result: lxw_error) throws(WorkbookError) {
            guard result == LXW_NO_ERROR else { throw .library(String(cString: lxw_strerror(result))) }
        }

        for sheet in sheets {
            guard let worksheet = workbook_add_worksheet(workbook, sheet.name) else { throw .library("the sheet “\(sheet.name)” could not be added") }
            for (column, title) in sheet.header.enumerated() {
                try check(worksheet_write_string(worksheet, 0, lxw_col_t(column), title, bold))
                // Wide enough for the header, within reason; a person widens the rest.
                try check(worksheet_set_column(worksheet, lxw_col_t(column), lxw_col_t(column), Double(min(max(title.count, 10), 40)) + 2, nil))
            }
            worksheet_freeze_panes(worksheet, 1, 0)
            for (index, row) in sheet.rows.enumerated() {
                let rowNumber = lxw_row_t(index + 1)
                for (column, cell) in row.enumerated() {
                    let column = lxw_col_t(column)
                    switch cell {
                    case .blank:
                        continue
                    case .text(let text):
                        guard !text.isEmpty else { continue }
                        try check(worksheet_write_string(worksheet, rowNumber, column, text, nil))
                    case .number(let value, let pattern):
                        try check(worksheet_write_number(worksheet, rowNumber, column, value, format(pattern)))
                    case .date(let year, let month, let day):
                        var date = lxw_datetime(year: Int32(year), month: Int32(month), day: Int32(day), hour: 0, min: 0, sec: 0)
                        try check(worksheet_write_datetime(worksheet, rowNumber, column, &date, format(dateFormat)))
                    }
                }
            }
        }
        closed = true
        try check(workbook_close(workbook))
    }

    /// Excel's rule for a sheet's name.
    static func isSheetName(_ name: String) -> Bool {
        (1...31).contains(name.count) && !name.contains(where: { "[]:*?/\\".contains($0) })
    }
}
