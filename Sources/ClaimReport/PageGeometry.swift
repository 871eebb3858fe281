/// Where things go on a page of the chosen paper, upright or turned: margins, the text area and
/// the footer line.
struct PageGeometry: Equatable {
    let paper: ReportPaper
    let landscape: Bool
    let width: Double
    let height: Double
    let left = 40.0
    let top = 42.0
    /// The room kept below the text area for the footer.
    let bottom = 54.0

    init(paper: ReportPaper, landscape: Bool = false) {
        self.paper = paper
        self.landscape = landscape
        let size = paper.size
        (width, height) = landscape ? (size.height, size.width) : (size.width, size.height)
    }

    /// The same paper turned a quarter.
    var turned: PageGeometry { PageGeometry(paper: paper, landscape: !landscape) }

    var contentWidth: Double { width - 2 * left }
    var contentBottom: Double { height - bottom }
    var contentHeight: Double { contentBottom - top }
    /// The top of the footer's line of text.
    var footerTop: Double { height - bottom + 22 }
}
