import Claims

extension ClaimSchedule {
    /// How much a claim holds, worded alike on the claims list, the claim's page and the report's
    /// cover: "17 lines, 36 items"; lines alone when a line is counted in a unit (gallons and pieces do
    /// not add up to a number of items).
    var countText: String {
        let lines = self.lines.count == 1 ? "1 line" : "\(self.lines.count.grouped) lines"
        guard self.lines.allSatisfy(\.quantityUnit.isPieces) else { return lines }
        let quantity = totals.quantity
        return "\(lines), \(quantity.grouped) \(quantity == .one ? "item" : "items")"
    }
}
