/// The document as sections of blocks, in the order they print.
extension ClaimReportDocument {
    static let roomTotalsTable = 1
    static let scheduleTable = 2
    /// The schedule is set in 7 pt with wrapping cells: a dozen columns then fit a portrait A4 or
    /// Letter page with every amount whole on its line, where a landscape page would turn the
    /// schedule sideways in a printed, stapled packet.
    static let scheduleStyle = TextStyle(size: 7)
    static let roomTotalsStyle = TextStyle(size: 8.5)

    /// A word is one that no column is made narrower than (an amount, a date, a serial number);
    /// no such word takes more than this share of a table's width.
    static let longestWordShare = 0.3

    /// `wordWidth` measures a text on one line.
    func sections(geometry: PageGeometry, wordWidth: (String, TextStyle) -> Double) -> [ReportSection] {
        func table(_ table: ReportTable, id: Int, title: String, style: TextStyle, maxLines: Int) -> ReportSection {
            let widest = table.widestWords(style: style, measure: wordWidth).map { min($0, geometry.contentWidth * Self.longestWordShare) }
            let frame = TableFrame(id: id, columns: table.columns, minimumWidths: widest, left: geometry.left, width: geometry.contentWidth, cellStyle: style, maxLines: maxLines)
            return Self.section(table, frame: frame, title: title)
        }
        var sections = [cover, table(roomTotals, id: Self.roomTotalsTable, title: ReportWording.roomTotals, style: Self.roomTotalsStyle, maxLines: 4),
                        table(schedule, id: Self.scheduleTable, title: ReportWording.schedule, style: Self.scheduleStyle, maxLines: 12)]
        sections += expenseSections(geometry: geometry, wordWidth: wordWidth)
        sections += items.map(\.section)
        return sections
    }

    private var cover: ReportSection {
        var blocks: [Block] = [.title(title, subtitle: subtitle)]
        blocks += facts.map { .fact($0, emphasised: false) }
        if !totals.isEmpty {
            blocks += [.heading(ReportWording.totals)] + totals.map { .fact($0, emphasised: true) }
        }
        if !method.isEmpty {
            blocks += [.heading(ReportWording.method)] + method.map(Block.paragraph)
        }
        return ReportSection(title: ReportWording.cover, kind: .part, blocks: blocks)
    }

    private static func section(_ table: ReportTable, frame: TableFrame, title: String) -> ReportSection {
        var blocks: [Block] = [.heading(title), .tableHeader(frame)]
        blocks += table.rows.enumerated().map { index, cells in .tableRow(frame, cells: cells, shaded: index % 2 == 1) }
        if let footer = table.footer { blocks.append(.tableFooter(frame, cells: footer)) }
        return ReportSection(title: title, kind: .part, blocks: blocks)
    }
}

extension ReportItemPage {
    static let photoColumns = 2
    static let evidenceColumns = 3

    var section: ReportSection {
        var blocks: [Block] = [.itemTitle(title)]
        blocks += facts.map { .fact($0, emphasised: false) }
        if !photos.isEmpty {
            blocks += [.subheading(ReportWording.photos)] + Self.rows(of: photos, columns: Self.photoColumns)
        }
        if !receipts.isEmpty {
            blocks += [.subheading(ReportWording.receipts)] + receipts.map(Block.document)
        }
        if !evidence.isEmpty {
            blocks += [.subheading(ReportWording.evidence)] + Self.rows(of: evidence, columns: Self.evidenceColumns)
        }
        return ReportSection(title: title, kind: .item, blocks: blocks)
    }

    private static func rows(of images: [ReportImage], columns: Int) -> [Block] {
        stride(from: 0, to: images.count, by: columns).map { start in
            .pictureRow(Array(images[start..<min(start + columns, images.count)]), columns: columns)
        }
    }
}
