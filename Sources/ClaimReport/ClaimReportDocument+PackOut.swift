/// The report's pack-out list: the boxes holding the claim's items after the loss (each by the
/// code on its label), where each box is now, and the room each item was packed from. A part of its
/// own after the schedule, so an adjuster can find a box in storage and each item in it.
public struct ReportPackOut: Sendable, Codable, Equatable {
    public var intro: String
    /// Box, box now in, item, came from: one row an item, its box's cells on its first row only.
    public var table: ReportTable

    public init(intro: String, table: ReportTable) {
        self.intro = intro
        self.table = table
    }
}

extension ClaimReportDocument {
    static let packOutTable = 6

    /// The pack-out part (none when no item of the claim is in a box), in the room totals' type size.
    func packOutSections(geometry: PageGeometry, wordWidth: (String, TextStyle) -> Double) -> [ReportSection] {
        guard let packOut, !packOut.table.rows.isEmpty else { return [] }
        let table = packOut.table
        let widest = table.widestWords(style: Self.roomTotalsStyle, measure: wordWidth).map { min($0, geometry.contentWidth * Self.longestWordShare) }
        let frame = TableFrame(id: Self.packOutTable, columns: table.columns, minimumWidths: widest, left: geometry.left, width: geometry.contentWidth,
                               cellStyle: Self.roomTotalsStyle, maxLines: 4)
        var blocks: [Block] = [.heading(words.packOut), .paragraph(packOut.intro), .tableHeader(frame)]
        blocks += table.rows.enumerated().map { index, cells in .tableRow(frame, cells: cells, shaded: index % 2 == 1) }
        return [ReportSection(title: words.packOut, kind: .part, blocks: blocks)]
    }
}
