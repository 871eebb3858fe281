/// Where things go on a page of the chosen paper: margins, the text area and the footer line.
struct PageGeometry {
    let paper: ReportPaper
    let width: Double
    let height: Double
    let left = 40.0
    let top = 42.0
    /// The room kept below the text area for the footer.
    let bottom = 54.0

    init(paper: ReportPaper) {
        self.paper = paper
        (width, height) = paper.size
    }

    var contentWidth: Double { width - 2 * left }
    var contentBottom: Double { height - bottom }
    var contentHeight: Double { contentBottom - top }
    /// The top of the footer's line of text.
    var footerTop: Double { height - bottom + 22 }
}
