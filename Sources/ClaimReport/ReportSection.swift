/// A part of the report: the cover, a table, one item. It starts on a page of its own unless it
/// `joinsPrevious` and fits whole in what is left of the page before, or `flowsOn`.
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
    /// Its pages are turned (a wide table: the schedule); other sections' pages stay upright.
    var landscape = false
    /// It follows the section before on the same page when it fits there whole.
    var joinsPrevious = false
    /// It follows the section before on the same page, running onto the next as a page's text does.
    var flowsOn = false
    /// The heading at the top of each further page the section runs onto ("3. Stand mixer, continued").
    var continuedTitle: String?
}
