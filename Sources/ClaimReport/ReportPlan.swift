/// Every page of the report, worked out before the first is drawn, so that each page can say how
/// many there are ("Page 3 of 1,204") and the outline can point at pages not yet written.
struct ReportPlan {
    struct Placement {
        let block: Block
        let top: Double
    }

    /// One page: upright or turned, and what goes where on it.
    struct Page {
        let geometry: PageGeometry
        let placements: [Placement]
    }

    struct OutlineEntry {
        let title: String
        let kind: ReportSection.Kind
        /// 1-based.
        let page: Int
    }

    private(set) var pages: [Page] = []
    private(set) var outline: [OutlineEntry] = []

    /// Fills pages top to bottom: each section on a new page (upright, or turned for a section in
    /// landscape) unless it joins the page before and fits there whole, or flows on from it; a block that does not fit
    /// the rest of a page starts the next; a heading goes over with the block after it; a table's
    /// header is printed again above its rows on every page they run onto, and a section's
    /// "continued" heading above whatever of it runs onto a further page.
    init<Failure: Error>(sections: [ReportSection], geometry upright: PageGeometry,
                         height measure: (Block, PageGeometry) throws(Failure) -> Double) throws(Failure) {
        var page: [Placement] = []
        var geometry = upright
        var y = geometry.top
        var openTable: (header: Block, height: Double, id: Int)?

        func place(_ block: Block, height: Double) {
            if !page.isEmpty { y += block.spaceBefore }
            page.append(Placement(block: block, top: y))
            y += height
        }
        func startPage(_ next: PageGeometry) {
            if !page.isEmpty { pages.append(Page(geometry: geometry, placements: page)) }
            page = []
            geometry = next
            y = next.top
        }

        for section in sections {
            let sectionGeometry = section.landscape ? upright.turned : upright
            let heights = try section.blocks.map { block throws(Failure) in try measure(block, sectionGeometry) }
            let whole = zip(section.blocks, heights).reduce(0) { $0 + $1.0.spaceBefore + $1.1 }
            let joins = !page.isEmpty && geometry == sectionGeometry && (section.flowsOn || section.joinsPrevious && y + whole <= geometry.contentBottom)
            if !joins { startPage(sectionGeometry) }
            let continued = try section.continuedTitle.map { title throws(Failure) in
                let block = Block.continued(title)
                return (block: block, height: try measure(block, sectionGeometry))
            }
            outline.append(OutlineEntry(title: section.title, kind: section.kind, page: pages.count + 1))
            openTable = nil
            for (index, block) in section.blocks.enumerated() {
                var needed = heights[index] + (page.isEmpty ? 0 : block.spaceBefore)
                if block.keepsWithNext, index + 1 < heights.count {
                    needed += section.blocks[index + 1].spaceBefore + heights[index + 1]
                }
                if !page.isEmpty, y + needed > geometry.contentBottom {
                    startPage(sectionGeometry)
                    if let continued { place(continued.block, height: continued.height) }
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
        if !page.isEmpty || pages.isEmpty { pages.append(Page(geometry: geometry, placements: page)) }
    }
}
