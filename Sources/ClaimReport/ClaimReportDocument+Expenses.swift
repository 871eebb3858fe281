/// The report's additional living expenses: a part of their own after the schedule, with the
/// totals by category, every entry, and each receipt's first page.
public struct ReportExpenses: Sendable, Codable, Equatable {
    public var intro: String
    /// Category, entries, amount; the total as its footer.
    public var totals: ReportTable
    /// Date, category, description, receipt, amount; the total as its footer.
    public var entries: ReportTable
    public var receipts: [ReportDocumentPage]

    public init(intro: String, totals: ReportTable, entries: ReportTable, receipts: [ReportDocumentPage]) {
        self.intro = intro
        self.totals = totals
        self.entries = entries
        self.receipts = receipts
    }
}

extension ClaimReportDocument {
    static let expenseTotalsTable = 3
    static let expensesTable = 4

    /// The expenses' part (none when the claim has none): both tables in the room totals' type size.
    func expenseSections(geometry: PageGeometry, wordWidth: (String, TextStyle) -> Double) -> [ReportSection] {
        guard let expenses, !expenses.entries.rows.isEmpty else { return [] }
        func frame(_ table: ReportTable, id: Int) -> TableFrame {
            let widest = table.widestWords(style: Self.roomTotalsStyle, measure: wordWidth).map { min($0, geometry.contentWidth * Self.longestWordShare) }
            return TableFrame(id: id, columns: table.columns, minimumWidths: widest, left: geometry.left, width: geometry.contentWidth,
                              cellStyle: Self.roomTotalsStyle, maxLines: 4)
        }
        func rows(_ table: ReportTable, _ frame: TableFrame) -> [Block] {
            var blocks: [Block] = [.tableHeader(frame)]
            blocks += table.rows.enumerated().map { index, cells in .tableRow(frame, cells: cells, shaded: index % 2 == 1) }
            if let footer = table.footer { blocks.append(.tableFooter(frame, cells: footer)) }
            return blocks
        }
        var blocks: [Block] = [.heading(words.expenses), .paragraph(expenses.intro), .subheading(words.expenseTotals)]
        blocks += rows(expenses.totals, frame(expenses.totals, id: Self.expenseTotalsTable))
        blocks.append(.subheading(words.expenses))
        blocks += rows(expenses.entries, frame(expenses.entries, id: Self.expensesTable))
        if !expenses.receipts.isEmpty {
            blocks += [.subheading(words.expenseReceipts)] + expenses.receipts.map(Block.document)
        }
        return [ReportSection(title: words.expenses, kind: .part, blocks: blocks)]
    }
}
