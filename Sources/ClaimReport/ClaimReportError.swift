import Glibc

/// Why no report was written; nothing is left at the target path.
public enum ClaimReportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A table (`"schedule"`, `"room totals"`) was given no columns.
    case tableHasNoColumns(table: String)
    /// A column's weight is zero, negative or not a number.
    case columnWeight(table: String, column: String, weight: Double)
    /// A row (1-based; nil for the footer) has a different number of cells than the table has columns.
    case rowShape(table: String, row: Int?, cells: Int, columns: Int)
    /// The report's font is not installed, so names would print as empty boxes.
    case fontMissing(family: String)
    /// The report file could not be made, written or moved into place.
    case cannotWrite(path: String, reason: String)
    /// The disk had no room for the report (ENOSPC, or the user's quota): freeing space is the cure.
    case diskFull(path: String)
    /// cairo refused to draw (its status names why).
    case drawingFailed(detail: String)
    /// The caller asked for it to stop (`render`'s `stopWhen`: its reader has gone).
    case stopped

    public var description: String {
        switch self {
        case .tableHasNoColumns(let table):
            "The \(table) table has no columns: give it at least one column."
        case .columnWeight(let table, let column, let weight):
            "The \(table) table's column “\(column)” has the weight \(weight): give every column a width weight above zero."
        case .rowShape(let table, let row, let cells, let columns):
            "The \(table) table's \(row.map { "row \($0)" } ?? "footer") has \(cells) cells for \(columns) columns: give every row one cell per column."
        case .fontMissing(let family):
            "The font \(family) is not installed, so names would not print: install fonts-noto-core and fonts-noto-cjk (scripts/install-deps.sh build)."
        case .cannotWrite(let path, let reason):
            "The report could not be written to \(path): \(reason). Check that the folder exists, is writable and has room."
        case .diskFull(let path):
            "The disk holding \(path) is full, so the report could not be written. Free some space on it, then try again."
        case .drawingFailed(let detail):
            "The report could not be drawn: \(detail)."
        case .stopped:
            "The report was stopped before it was finished, as asked."
        }
    }
}

extension ClaimReportError {
    /// A failed write to `path`: `diskFull` when the errno says there was no room, else `cannotWrite`.
    static func writing(_ path: String, errno: Int32, reason: String? = nil) -> ClaimReportError {
        errno == ENOSPC || errno == EDQUOT ? .diskFull(path: path) : .cannotWrite(path: path, reason: reason ?? String(cString: strerror(errno)))
    }
}
