import Inventory

extension ClaimSchedule {
    /// The totals as a table of their own (the XLSX's second sheet): a row per room, then the whole
    /// claim. The schedule's tables stay lines only, so they import unchanged.
    public func totalsTable(currency: Currency, words: ScheduleWords = ScheduleWords()) -> ScheduleTable {
        let code = currency.code
        func w(_ key: String) -> String { words[key, ["code": code]] }
        let header = [
            w("room"), w("lines"), w("quantity-lost"), w("original-cost"), w("replacement-cost"),
            salesTaxRate.map { words["sales-tax-at", ["code": code, "rate": $0.percentText]] } ?? w("sales-tax"),
            w("replacement-cost-with-tax"), w("depreciation"), w("acv"), w("paid"), w("recoverable-depreciation"),
        ]
        func row(_ name: String, _ totals: ClaimScheduleTotals) -> [ScheduleCell] {
            [.text(name), .number(units: Int64(totals.lineCount), scale: 0), ClaimScheduleProfile.cell(totals.quantity),
             .money(totals.originalCost), .money(totals.replacementCost), .money(totals.tax), .money(totals.replacementCostWithTax),
             .money(totals.depreciation), .money(totals.actualCashValue), .money(totals.paid), .money(totals.recoverableDepreciation)]
        }
        return ScheduleTable(name: w("sheet.totals"), header: header,
                             rows: rooms.map { row($0.room.isEmpty ? w("no-room") : $0.room, $0) } + [row(w("whole-claim"), totals)])
    }
}
