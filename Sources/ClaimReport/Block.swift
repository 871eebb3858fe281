/// One piece of a page that is never split: pages are filled with blocks, top to bottom.
enum Block {
    case title(String, subtitle: String)
    case heading(String)
    case itemTitle(String)
    /// At the top of a further page of a section: "3. Stand mixer, continued".
    case continued(String)
    case subheading(String)
    case paragraph(String)
    /// A small grey line: a table's legend.
    case note(String)
    case fact(ReportFact, emphasised: Bool)
    case tableHeader(TableFrame)
    case tableRow(TableFrame, cells: [String], shaded: Bool)
    case tableFooter(TableFrame, cells: [String])
    /// One row of a grid of photos, `columns` to a row.
    case pictureRow([ReportImage], columns: Int)
    /// A document's first page, as large as a good part of a page.
    case document(ReportDocumentPage)
    /// A police list's item: its photo, small, beside its facts.
    case entry(PoliceListEntry)

    /// A heading, or a table's header, never ends a page: it goes over with what follows.
    var keepsWithNext: Bool {
        switch self {
        case .title, .heading, .itemTitle, .subheading, .tableHeader: true
        default: false
        }
    }

    /// The gap above the block, left out at the top of a page.
    var spaceBefore: Double {
        switch self {
        case .title: 0
        case .heading: 18
        case .itemTitle, .continued: 0
        case .subheading: 12
        case .paragraph: 6
        case .note: 4
        case .fact, .tableRow, .tableFooter: 0
        case .tableHeader: 6
        case .pictureRow: 8
        case .document: 10
        case .entry: 8
        }
    }

    /// The table a header, row or footer belongs to.
    var tableFrame: TableFrame? {
        switch self {
        case .tableHeader(let frame), .tableRow(let frame, _, _), .tableFooter(let frame, _): frame
        default: nil
        }
    }
}
