/// A table's columns laid across the text width, and the size its cells are set in.
struct TableFrame {
    /// Tells the tables of one report apart: a header is repeated only for rows of its own table.
    let id: Int
    let columns: [ReportColumn]
    /// Each column's left edge and width, padding included.
    let lefts: [Double]
    let widths: [Double]
    let cellStyle: TextStyle
    /// A cell longer than this many lines ends with an ellipsis, so one row cannot outgrow a page.
    let maxLines: Int
    static let horizontalPadding = 3.0
    let verticalPadding = 2.5

    /// Each column gets the width its cells typically take on one line (`typicalWidths`), and the
    /// room left over by their weights; when the typical widths do not all fit, each column gets
    /// its minimum and a share of the rest in proportion to what it wants beyond that. A column is
    /// never narrower than its widest word (`minimumWidths`, padding excluded), so that an amount, a
    /// date or a serial number is never broken across lines.
    init(id: Int, columns: [ReportColumn], minimumWidths: [Double], typicalWidths: [Double]? = nil, left: Double, width: Double, cellStyle: TextStyle, maxLines: Int) {
        self.id = id
        self.columns = columns
        self.cellStyle = cellStyle
        self.maxLines = maxLines
        let minimums = Self.minimums(columns: columns, widestWords: minimumWidths, total: width)
        let weights = columns.map(\.weight)
        let widths = typicalWidths.flatMap { Self.fit(width, weights: weights, minimums: minimums, wanted: $0) }
            ?? Self.share(width, weights: weights, minimums: minimums)
        self.widths = widths
        lefts = widths.indices.map { index in left + widths[..<index].reduce(0, +) }
    }

    /// Each column's widest word with its padding (and a point to spare, so that pango's rounding
    /// never wraps a cell set exactly to its width). When they do not all fit, the columns that keep
    /// whole (amounts, dates) keep theirs and the text columns give way alike: a long word in a
    /// description may then break, a number never.
    static func minimums(columns: [ReportColumn], widestWords: [Double], total: Double) -> [Double] {
        let padded = widestWords.map { $0 + 2 * horizontalPadding + 1 }
        let amounts = columns.map(\.isWhole)
        let amountsWidth = zip(padded, amounts).reduce(0) { $0 + ($1.1 ? $1.0 : 0) }
        let textWidth = zip(padded, amounts).reduce(0) { $0 + ($1.1 ? 0 : $1.0) }
        guard amountsWidth + textWidth > total, textWidth > 0 else { return padded }
        let factor = max(0, total - amountsWidth) / textWidth
        return zip(padded, amounts).map { $1 ? $0 : $0 * factor }
    }

    /// Widths for cells on one line (`wanted`, padding excluded); nil when even the minimums do not fit.
    static func fit(_ total: Double, weights: [Double], minimums: [Double], wanted: [Double]) -> [Double]? {
        let wants = zip(minimums, wanted).map { max($0, $1 + 2 * horizontalPadding + 1) }
        let minimumSum = minimums.reduce(0, +), wantSum = wants.reduce(0, +)
        guard minimumSum < total else { return nil }
        if wantSum <= total {
            let weightSum = weights.reduce(0, +)
            return zip(wants, weights).map { $0 + (total - wantSum) * $1 / weightSum }
        }
        let share = (total - minimumSum) / (wantSum - minimumSum)
        return zip(minimums, wants).map { $0 + ($1 - $0) * share }
    }

    /// Widths in proportion to `weights`; those under their minimum are raised to it, and the
    /// others give up the difference in proportion to what they have over their own minimum. When
    /// the minimums alone are wider than `total`, each column gets its minimum's share of it.
    static func share(_ total: Double, weights: [Double], minimums: [Double]) -> [Double] {
        let weightSum = weights.reduce(0, +)
        var widths = weights.map { total * $0 / weightSum }
        let minimumSum = minimums.reduce(0, +)
        guard minimumSum < total else { return minimums.map { total * $0 / minimumSum } }
        let deficit = zip(widths, minimums).reduce(0) { $0 + max(0, $1.1 - $1.0) }
        guard deficit > 0 else { return widths }
        let slack = zip(widths, minimums).reduce(0) { $0 + max(0, $1.0 - $1.1) }
        for index in widths.indices {
            widths[index] = widths[index] < minimums[index]
                ? minimums[index]
                : widths[index] - deficit * (widths[index] - minimums[index]) / slack
        }
        return widths
    }

    /// The room a cell's text has inside its padding.
    func textWidth(column: Int) -> Double { max(1, widths[column] - 2 * Self.horizontalPadding) }
    var maxTextHeight: Double { Double(maxLines) * cellStyle.size * 1.4 }
    var left: Double { lefts.first ?? 0 }
    var width: Double { widths.reduce(0, +) }
}
