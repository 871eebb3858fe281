/// A part of the report that starts on a page of its own: the cover, a table, one item.
struct ReportSection {
    enum Kind {
        /// A top-level entry in the viewer's outline.
        case part
        /// An entry under "Items" in the outline.
        case item
    }

    let title: String
    let kind: Kind
    let blocks: [Block]
}
