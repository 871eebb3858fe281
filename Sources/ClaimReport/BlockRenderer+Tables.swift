/// Table rows: cells wrapped in their columns, the row as tall as its tallest cell.
extension BlockRenderer {
    enum RowRule {
        case none
        /// Every other row is shaded, so a wide row can be followed across the page.
        case shaded
        /// The header: a rule under it.
        case below
        /// The footer (totals): a rule over it.
        case above
    }

    func prepareRow(_ frame: TableFrame, cells: [String], style: TextStyle, rule kind: RowRule) -> PreparedBlock {
        let layouts = cells.indices.map { column in
            layout(cells[column], style, width: frame.textWidth(column: column), alignment: frame.columns[column].alignment, maxHeight: frame.maxTextHeight,
                   breaks: frame.columns[column].isWhole ? .nowhere : .betweenWords)
        }
        let height = (layouts.map(\.height).max() ?? 0) + 2 * frame.verticalPadding
        return PreparedBlock(height: height) { [self] top in
            switch kind {
            case .shaded: fill(Box(x: frame.left, y: top, width: frame.width, height: height), grey: 0.95)
            case .below: rule(at: top + height, weight: 0.8, grey: 0.25, from: frame.left, width: frame.width)
            case .above: rule(at: top, weight: 0.8, grey: 0.25, from: frame.left, width: frame.width)
            case .none: break
            }
            for (column, cell) in layouts.enumerated() {
                cell.draw(on: cairo, x: frame.lefts[column] + TableFrame.horizontalPadding, y: top + frame.verticalPadding)
            }
        }
    }
}
