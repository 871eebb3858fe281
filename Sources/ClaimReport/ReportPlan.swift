/// Every page of the report, worked out before the first is drawn, so that each page can say how
/// many there are ("Page 3 of 1,204") and the outline can point at pages not yet written.
struct ReportPlan {
    struct Placement {
        let block: Block
        let top: Double
    }

    struct OutlineEntry {
        let title: String
        let kind: ReportSection.Kind
        /// 1-based.
        let page: Int
    }

    private(set) var pages: [[Placement]] = []
    private(set) var outline: [OutlineEntry] = []

    /// Fills pages top to bottom: each section on a new page; a block that does not fit the rest of
    /// a page starts the next; a heading goes over with the block after it; a table's header is
    /// printed again above its rows on every page they run onto.
    init<Failure: Error>(sections: [ReportSection], geometry: PageGeometry, height measure: (Block) throws(Failure) -> Double) throws(Failure) {
        var page: [Placement] = []
        var y = geometry.top
        var openTable: (header: Block, height: Double, id: Int)?

        func place(_ block: Block, height: Double) {
            if !page.isEmpty { y += block.spaceBefore }
            page.append(Placement(block: block, top: y))
            y += height
        }

        for section in sections {
            if !page.isEmpty {
                pages.append(page)
                page = []
                y = geometry.top
            }
            outline.append(OutlineEntry(title: section.title, kind: section.kind, page: pages.count + 1))
            openTable = nil
            let heights = try section.blocks.map(measure)
            for (index, block) in section.blocks.enumerated() {
                var needed = heights[index] + (page.isEmpty ? 0 : block.spaceBefore)
                if block.keepsWithNext, index + 1 < heights.count {
                    needed += section.blocks[index + 1].spaceBefore + heights[index + 1]
                }
                if !page.isEmpty, y + needed > geometry.contentBottom {
                    pages.append(page)
                    page = []
                    y = geometry.top
                    if let openTable, block.tableFrame?.id == openTable.id, !block.keepsWithNext {
                        place(openTable.header, height: openTable.height)
                    }
                }
                place(block, height: heights[index])
                if case .tableHeader(let frame) = block {
                    openTable = (block, heights[index], frame.id)
                } else if block.tableFrame == nil {
                    openTable = nil
                }
            }
        }
        if !page.isEmpty || pages.isEmpty { pages.append(page) }
    }
}
