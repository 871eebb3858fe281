import Inventory

extension ClaimSchedule {
    /// The totals as a table of their own (the XLSX's second sheet): a row per room, then the whole
    /// claim. The schedule's tables stay lines only, so they import unchanged.
    public func totalsTable(currency: Currency) -> ScheduleTable {
        let code = currency.code
        let header = [
            "Room", "Lines", "Quantity lost", "Original cost (\(code))", "Replacement cost pre-tax (\(code))",
            "Sales tax" + (salesTaxRate.map { " at \($0.percentText)%" } ?? "") + " (\(code))",
            "Replacement cost with tax (\(code))", "Depreciation (\(code))", "Actual cash value (\(code))", "Paid (\(code))",
            "Recoverable depreciation (\(code))",
        ]
        func row(_ name: String, _ totals: ClaimScheduleTotals) -> [ScheduleCell] {
            [.text(name), .number(units: Int64(totals.lineCount), scale: 0), ClaimScheduleProfile.cell(totals.quantity),
             .money(totals.originalCost), .money(totals.replacementCost), .money(totals.tax), .money(totals.replacementCostWithTax),
             .money(totals.depreciation), .money(totals.actualCashValue), .money(totals.paid), .money(totals.recoverableDepreciation)]
        }
        return ScheduleTable(name: "Totals", header: header,
                             rows: rooms.map { row($0.room.isEmpty ? "No room" : $0.room, $0) } + [row("Whole claim", totals)])
    }
}
