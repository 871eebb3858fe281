import Inventory

/// A claim's schedule as a spreadsheet: a header, one row per line, and a totals row. Amounts are plain
/// decimals in major units (`1234.56`, `1300` for JPY) with the currency code in the column names; every
/// cell is neutralised against formula injection (OWASP) by `CSVLine`; lines end in CRLF. The figures
/// are the schedule's own, so the CSV, the PDF and the page agree to the minor unit.
public enum ClaimScheduleCSV {
    public static func make(_ schedule: ClaimSchedule, currency: Currency) -> String {
        func amount(_ minorUnits: Int64?) -> String {
            minorUnits.map { Money(minorUnits: $0, currency: currency).decimalString } ?? ""
        }
        let code = currency.code
        var text = CSVLine.make([
            "Line", "Room", "Quantity lost", "Unit", "Description", "Brand", "Model", "Serial number", "Purchase date", "Age at loss",
            "Where bought", "Unit original cost (\(code))", "Line original cost (\(code))",
            "Unit replacement cost (\(code))", "Line replacement cost (\(code))", "Category", "Useful life (years)",
            "Depreciation %", "Unit depreciation (\(code))", "Line depreciation (\(code))",
            "Unit actual cash value (\(code))", "Line actual cash value (\(code))", "Value set by hand because", "Basis",
            "Paid (\(code))", "Replaced for (\(code))", "Replaced on", "Recoverable depreciation (\(code))",
        ])
        for line in schedule.lines {
            let valuation = line.valuation
            text += CSVLine.make([
                String(line.number), line.room, line.quantityLost.text, line.quantityUnit.symbol, line.description, line.brand, line.model,
                line.serialNumber, line.purchaseDate?.iso ?? "", line.ageText, line.purchasedFrom,
                amount(valuation.unitOriginalCost), amount(valuation.lineOriginalCost),
                amount(valuation.unitReplacementCost), amount(valuation.lineReplacementCost),
                valuation.categoryLabel, valuation.usefulLifeYears.map(String.init) ?? "not depreciated",
                String(Depreciation.percentText(valuation.depreciationBasisPoints).dropLast()),
                amount(valuation.unitDepreciation), amount(valuation.lineDepreciation),
                amount(valuation.unitActualCashValue), amount(valuation.lineActualCashValue),
                valuation.overrideReason ?? "", valuation.basis,
                amount(line.paid), amount(line.replacedCost), line.replacedDate?.iso ?? "", amount(line.recoverableDepreciation),
            ])
        }
        let totals = schedule.totals
        text += CSVLine.make([
            "Total", "", totals.quantity.text, "", totals.lineCount == 1 ? "1 line" : "\(totals.lineCount) lines", "", "", "", "", "", "",
            "", amount(totals.originalCost), "", amount(totals.replacementCost), "", "", "",
            "", amount(totals.depreciation), "", amount(totals.actualCashValue), "", "",
            amount(totals.paid), "", "", amount(totals.recoverableDepreciation),
        ])
        return text
    }
}
