extension ClaimReportDocument {
    /// Refuses tables that cannot be laid out, before any file is made.
    func validate() throws(ClaimReportError) {
        try roomTotals.validate(named: "room totals")
        try schedule.validate(named: "schedule")
        try usefulLives?.validate(named: "useful lives")
        try packOut?.table.validate(named: "pack-out list")
    }
}

extension ReportTable {
    func validate(named name: String) throws(ClaimReportError) {
        guard !columns.isEmpty else { throw .tableHasNoColumns(table: name) }
        if let column = columns.first(where: { !($0.weight.isFinite && $0.weight > 0) }) {
            throw .columnWeight(table: name, column: column.title, weight: column.weight)
        }
        if let index = rows.firstIndex(where: { $0.count != columns.count }) {
            throw .rowShape(table: name, row: index + 1, cells: rows[index].count, columns: columns.count)
        }
        if let footer, footer.count != columns.count {
            throw .rowShape(table: name, row: nil, cells: footer.count, columns: columns.count)
        }
    }
}
