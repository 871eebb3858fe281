import Messages

/// A Homebox CSV or TSV export read into rows, with every problem found on the way. Reading never
/// stops at a bad row: the preview lists them all. A file that cannot be read at all (not UTF-8, not
/// Homebox's columns, a quote that never closes) has one problem and no rows.
package struct HomeboxSheet: Sendable {
    /// The rows that could be read.
    var rows: [HomeboxRow] = []
    /// Rows in the file (after the header; blank lines not counted).
    package var rowsRead = 0
    package var problems: [ImportProblem] = []
    /// Headers present but not imported.
    var ignoredColumns: [String] = []
    /// What was read differently from the file without stopping the import (a quantity rounded).
    var notices: [ImportProblem] = []
    /// Which column holds what, once the header row was read.
    var columns: HomeboxColumns?
    /// What the rows come from: a CSV/TSV file, or a Homebox backup's entities.
    var format = ImportFormat.homeboxCSV
    /// A backup's file of entities, which its problems name instead of a line and column.
    var entityFile: String?
    /// Places to make whether or not an item is kept in them (a backup's every place), parents first:
    /// each one's name, and the index in this list of the place it is inside (nil at the top).
    var places: [(name: String, parent: Int?)] = []

    /// Takes a row that could be read, with a notice when its quantity was rounded.
    mutating func append(_ row: HomeboxRow) {
        rows.append(row)
        if let written = row.roundedQuantity, let quantity = row.input.details.quantity {
            notices.append(problem(at: row, column: .quantity, Message("error.import.quantity-rounded", "“\(HomeboxValue.quoted(written))” is rounded to \(quantity.text): "
                                   + "Homepwner keeps a quantity to \(Quantity.decimals) decimals.",
                                   ["written": .text(HomeboxValue.quoted(written)), "quantity": .text(quantity.text), "decimals": .integer(Int64(Quantity.decimals))])))
        }
    }

    /// The header the file uses for `column`, for messages.
    func header(of column: HomeboxColumn) -> String { columns?.header(of: column) ?? column.headers[0] }

    /// A problem with `row`: at its line and column in a file, or naming the item in a backup.
    func problem(at row: HomeboxRow, column: HomeboxColumn?, _ wording: Message) -> ImportProblem {
        guard let entityFile else { return ImportProblem(line: row.line, column: column.map(header(of:)), wording) }
        let name = HomeboxValue.quoted(row.input.name ?? "")
        return ImportProblem(line: nil, column: entityFile, Message("error.import.in-item", "“\(name)”: \(wording.english)",
                                                                    ["name": .text(name), "why": .message(wording)]))
    }

    /// `today`: the day "about 5 years ago" in a cell is said on (none: such a cell is refused).
    package static func read(_ bytes: [UInt8], currency: Currency, limits: DelimitedText.Limits = DelimitedText.Limits(),
                             today: CalendarDate? = nil, vocabulary: HomeboxCSVVocabulary = .english) -> HomeboxSheet {
        var sheet = HomeboxSheet()
        let text: DelimitedText
        do {
            text = try DelimitedText.read(bytes, limits: limits) { header in
                let columns = HomeboxColumns(header: header)
                guard !columns.looksLikeHomebox else { return nil }
                let found = columns.headers.prefix(5).map { "“\(HomeboxValue.quoted($0))”" }.joined(separator: ", ")
                return DelimitedTextError(line: 1, column: nil, Message("error.import.not-homebox-columns", "The first line names no column Homepwner imports (it has \(found)). "
                                          + "Homebox’s export starts with columns such as HB.name and HB.location; choose the file it exported "
                                          + "(Items → Import/Export → Export Items).", ["found": .text(found)]))
            }
        } catch {
            sheet.problems = [ImportProblem(line: error.line, column: nil, error.wording)]
            return sheet
        }
        let columns = HomeboxColumns(header: text.header)
        guard !text.records.isEmpty else {
            sheet.problems = [ImportProblem(line: nil, column: nil, Message("error.import.no-rows", "The file has its column names but no rows of items. Choose a file with items in it."))]
            return sheet
        }
        sheet.problems = columns.problems
        sheet.ignoredColumns = columns.ignored
        sheet.columns = columns
        sheet.rowsRead = text.records.count
        let width = text.header.cells.count
        for record in text.records {
            guard record.cells.count == width else {
                let english = "This row has \(record.cells.count == 1 ? "1 cell" : "\(record.cells.count) cells"); the first line "
                    + "has \(width) columns. A \(text.separator.name) is missing or extra, or a cell that holds one needs quotes."
                let key = text.separator == .comma ? "error.import.cells-comma" : "error.import.cells-tab"
                sheet.problems.append(ImportProblem(line: record.line, column: nil, Message(key, english, ["cells": .count(record.cells.count), "width": .text(String(width))])))
                continue
            }
            let before = sheet.problems.count
            let row = HomeboxRow(record, columns: columns, currency: currency, today: today, vocabulary: vocabulary, problems: &sheet.problems)
            if sheet.problems.count == before { sheet.append(row) }
        }
        return sheet
    }
}
