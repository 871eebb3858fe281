import Foundation

/// Writes a claim report as a PDF: a cover, the totals by room, the itemised schedule, then a page
/// or more for each item with its photos, receipts and evidence; "Page N of M" at every foot.
public enum ClaimReportRenderer {
    /// Writes the report to `url` (replacing what is there) only once it is whole.
    ///
    /// The pages are planned first (pango measures every text; pictures sit in boxes of fixed size,
    /// so no file is opened), then drawn one at a time: a photo is read when its page is drawn and
    /// let go once the page is written, so memory does not grow with the number of items. A photo
    /// or receipt that cannot be read prints a note in its place; it never fails the report.
    ///
    /// - Parameter shouldStop: asked before each block is measured or drawn (a table row, a fact, a
    ///   row of photos, a receipt): once it answers true, the report stops with `.stopped` and its
    ///   file is removed. A server asks whether the client is still there: a report of a large claim
    ///   takes minutes of a worker, for nobody once the client has gone.
    public static func render(_ document: ClaimReportDocument, paper: ReportPaper, to url: URL,
                              stopWhen shouldStop: () -> Bool = { false }) throws(ClaimReportError) {
        try document.validate()
        let file = try ReportFile(target: url)
        try draw(title: document.title, footerText: document.footerText, words: document.words, geometry: PageGeometry(paper: paper), to: file, stopWhen: shouldStop) { renderer, geometry in
            document.sections(geometry: geometry) { renderer.typesetter.width(of: $0, style: $1) }
        }
        try file.commit()
    }

    /// Writes a police list to `url` the same way: whole or not at all, stopping when asked.
    public static func render(_ list: PoliceListDocument, paper: ReportPaper, to url: URL,
                              stopWhen shouldStop: () -> Bool = { false }) throws(ClaimReportError) {
        let file = try ReportFile(target: url)
        try draw(title: list.title, footerText: list.footerText, words: list.words, geometry: PageGeometry(paper: paper), to: file, stopWhen: shouldStop) { _, _ in list.sections }
        try file.commit()
    }

    static func draw(title: String, footerText: String, words: ReportWords, geometry: PageGeometry, to file: ReportFile, stopWhen shouldStop: () -> Bool,
                             sections makeSections: (BlockRenderer, PageGeometry) -> [ReportSection]) throws(ClaimReportError) {
        let canvas = try PDFCanvas(descriptor: file.descriptor, path: file.target, geometry: geometry, title: title)
        let renderer = BlockRenderer(typesetter: try Typesetter(cairo: canvas.cairo), geometry: geometry, cairo: canvas.cairo, words: words)
        let sections = makeSections(renderer, geometry)
        let plan = try ReportPlan(sections: sections, geometry: geometry) { block, pageGeometry throws(ClaimReportError) in
            if shouldStop() { throw .stopped }
            renderer.geometry = pageGeometry
            return renderer.prepare(block).height
        }
        addOutline(plan.outline, items: words.items, to: canvas)
        for (index, page) in plan.pages.enumerated() {
            canvas.setPageSize(page.geometry)
            renderer.geometry = page.geometry
            for placement in page.placements {
                if shouldStop() { throw .stopped }
                renderer.prepare(placement.block).draw(placement.top)
            }
            renderer.drawFooter(footerText, page: index + 1, of: plan.pages.count)
            try canvas.showPage()
        }
        try canvas.finish()
    }

    private static func addOutline(_ outline: [ReportPlan.OutlineEntry], items title: String, to canvas: PDFCanvas) {
        var items: Int32?
        for entry in outline {
            switch entry.kind {
            case .part:
                canvas.addOutline(entry.title, page: entry.page)
            case .item:
                let parent = items ?? canvas.addOutline(title, page: entry.page)
                items = parent
                canvas.addOutline(entry.title, page: entry.page, parent: parent)
            }
        }
    }
}
