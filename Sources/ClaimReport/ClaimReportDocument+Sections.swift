/// The document as sections of blocks, in the order they print.
extension ClaimReportDocument {
    static let roomTotalsTable = 1
    static let scheduleTable = 2
    static let usefulLivesTable = 3
    /// The schedule is set in 7 pt on turned pages: its columns then fit a line of text to a row
    /// (about 30 rows to a page), dates and amounts whole, as an adjuster's schedule prints; the
    /// item pages stay upright.
    static let scheduleStyle = TextStyle(size: 7)
    static let roomTotalsStyle = TextStyle(size: 8.5)

    /// A word is one that no column is made narrower than (an amount, a date, a serial number);
    /// no such word takes more than this share of a table's width.
    static let longestWordShare = 0.3

    /// `wordWidth` measures a text on one line; `geometry` is an upright page.
    func sections(geometry: PageGeometry, wordWidth: (String, TextStyle) -> Double) -> [ReportSection] {
        func frame(_ table: ReportTable, id: Int, style: TextStyle, maxLines: Int, on geometry: PageGeometry) -> TableFrame {
            let widest = table.widestWords(style: style, measure: wordWidth).map { min($0, geometry.contentWidth * Self.longestWordShare) }
            return TableFrame(id: id, columns: table.columns, minimumWidths: widest, typicalWidths: table.typicalWidths(style: style, measure: wordWidth),
                              left: geometry.left, width: geometry.contentWidth, cellStyle: style, maxLines: maxLines)
        }
        let roomFrame = frame(roomTotals, id: Self.roomTotalsTable, style: Self.roomTotalsStyle, maxLines: 4, on: geometry)
        var roomSection = Self.section(roomTotals, frame: roomFrame, title: words.roomTotals)
        // Totals by room follow the cover on its page when they fit there.
        roomSection.joinsPrevious = true
        var sections = [cover, roomSection]
        if let method = methodSection(lives: usefulLives.map { frame($0, id: Self.usefulLivesTable, style: Self.roomTotalsStyle, maxLines: 3, on: geometry) }) {
            sections.append(method)
        }
        var scheduleSection = Self.section(schedule, frame: frame(schedule, id: Self.scheduleTable, style: Self.scheduleStyle, maxLines: 12, on: geometry.turned),
                                           title: words.schedule)
        scheduleSection.landscape = true
        sections.append(scheduleSection)
        sections += expenseSections(geometry: geometry, wordWidth: wordWidth)
        sections += packOutSections(geometry: geometry, wordWidth: wordWidth)
        sections += items.map { $0.section(words: words) }
        return sections
    }

    private var cover: ReportSection {
        var blocks: [Block] = [.title(title, subtitle: subtitle)]
        blocks += facts.map { .fact($0, emphasised: false) }
        if !totals.isEmpty {
            blocks += [.heading(words.totals)] + totals.map { .fact($0, emphasised: true) }
        }
        if !inThisClaim.isEmpty {
            blocks += [.subheading(words.inThisClaim)] + inThisClaim.map(Block.paragraph)
        }
        return ReportSection(title: words.cover, kind: .part, blocks: blocks)
    }

    /// The method: its paragraphs, the lives used as a small table, its sources listed once.
    private func methodSection(lives: TableFrame?) -> ReportSection? {
        guard !method.isEmpty || usefulLives != nil || !references.isEmpty else { return nil }
        var blocks: [Block] = [.heading(words.method)] + method.map(Block.paragraph)
        if let usefulLives, let lives {
            blocks += [.subheading(words.usefulLives), .tableHeader(lives)]
            blocks += usefulLives.rows.map { .tableRow(lives, cells: $0, shaded: false) }
        }
        if !references.isEmpty {
            blocks += [.subheading(words.references)]
            blocks += references.enumerated().map { .paragraph(ReportWords.reference($0 + 1, $1)) }
        }
        // The method is read on from what comes before it, as text: no page is left mostly empty for it.
        var section = ReportSection(title: words.method, kind: .part, blocks: blocks)
        section.flowsOn = true
        return section
    }

    private static func section(_ table: ReportTable, frame: TableFrame, title: String) -> ReportSection {
        var blocks: [Block] = [.heading(title), .tableHeader(frame)]
        blocks += table.rows.enumerated().map { index, cells in .tableRow(frame, cells: cells, shaded: index % 2 == 1) }
        if let footer = table.footer { blocks.append(.tableFooter(frame, cells: footer)) }
        blocks += table.notes.map(Block.note)
        return ReportSection(title: title, kind: .part, blocks: blocks)
    }
}

extension ReportItemPage {
    /// Item photos and library photos print at the same size: two to a row.
    static let photoColumns = 2

    func section(words: ReportWords) -> ReportSection {
        var blocks: [Block] = [.itemTitle(title)]
        blocks += facts.map { .fact($0, emphasised: false) }
        if !photos.isEmpty {
            blocks += [.subheading(words.photos)] + Self.rows(of: photos)
        }
        if !receipts.isEmpty {
            blocks += [.subheading(words.receipts)] + receipts.map(Block.document)
        }
        if !evidence.isEmpty {
            blocks += [.subheading(words.evidence)] + Self.rows(of: evidence)
        }
        var section = ReportSection(title: title, kind: .item, blocks: blocks)
        section.continuedTitle = words.continued(title)
        return section
    }

    private static func rows(of images: [ReportImage]) -> [Block] {
        stride(from: 0, to: images.count, by: photoColumns).map { start in
            .pictureRow(Array(images[start..<min(start + photoColumns, images.count)]), columns: photoColumns)
        }
    }
}
