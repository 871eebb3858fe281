import Inventory

/// The column layouts a claim's schedule is written in: ours, with every figure, and those an
/// insurer's software or form takes as they are (README, "Carrier profiles", lists each column and
/// where it comes from). Every layout has one header row and one row per line, never a totals row: a
/// file meant for import holds lines only (the totals are the XLSX's second sheet).
public enum ClaimScheduleProfile: String, Sendable, CaseIterable {
    /// Every column Homepwner has, for a spreadsheet or the insurer's own form.
    case full
    /// Verisk ClaimXperience's contents grid, in its order: paste the rows into the grid.
    case claimXperience = "claimxperience"
    /// A generic insurer's schedule of loss.
    case scheduleOfLoss = "schedule-of-loss"

    /// "full, claimxperience, schedule-of-loss": for a message naming the valid ones.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The schedule's lines in this layout.
    public func table(_ schedule: ClaimSchedule, currency: Currency) -> ScheduleTable {
        let columns = columns(currency: currency, taxRate: schedule.salesTaxRate)
        return ScheduleTable(name: "Schedule", header: columns.map(\.header),
                             rows: schedule.lines.map { line in columns.map { $0.cell(line) } })
    }

    private struct Column {
        let header: String
        let cell: (ClaimScheduleLine) -> ScheduleCell
        init(_ header: String, _ cell: @escaping (ClaimScheduleLine) -> ScheduleCell) {
            self.header = header
            self.cell = cell
        }
    }

    private func columns(currency: Currency, taxRate: SalesTaxRate?) -> [Column] {
        let code = currency.code
        typealias L = ClaimScheduleLine
        switch self {
        case .full:
            return [
                Column("Line") { .number(units: Int64($0.number), scale: 0) },
                Column("Room") { .text($0.roomName) },
                Column("Room path") { .text($0.room) },
                Column("Name") { .text($0.name) },
                Column("Description") { .text($0.itemDescription) },
                Column("Brand") { .text($0.brand) },
                Column("Model") { .text($0.model) },
                Column("Serial number") { .text($0.serialNumber) },
                Column("Condition", Self.condition),
                Column("Business use", Self.businessUse),
                Column("Quantity lost", Self.quantity),
                Column("Unit") { .text($0.quantityUnit.symbol) },
                Column("Purchase date", Self.purchaseDate),
                Column("Age (years)", Self.ageInYears),
                Column("Age") { .text($0.ageText) },
                Column("Where bought") { .text($0.purchasedFrom) },
                Column("Unit original cost (\(code))") { .money($0.valuation.unitOriginalCost) },
                Column("Line original cost (\(code))") { .money($0.valuation.lineOriginalCost) },
                Column("Unit replacement cost pre-tax (\(code))") { .money($0.valuation.unitReplacementCost) },
                Column("Line replacement cost pre-tax (\(code))") { .money($0.valuation.lineReplacementCost) },
                Column("Sales tax" + (taxRate.map { " at \($0.percentText)%" } ?? "") + " (\(code))") { .money($0.tax) },
                Column("Line replacement cost with tax (\(code))") { .money($0.replacementCostWithTax) },
                Column("Category") { .text($0.valuation.categoryLabel) },
                Column("Useful life (years)") { line in
                    line.valuation.usefulLifeYears.map { .number(units: Int64($0), scale: 0) } ?? .text("not depreciated")
                },
                Column("Depreciation %") { .number(units: Int64($0.valuation.depreciationBasisPoints), scale: 2) },
                Column("Unit depreciation (\(code))") { .money($0.valuation.unitDepreciation) },
                Column("Line depreciation (\(code))") { .money($0.valuation.lineDepreciation) },
                Column("Unit actual cash value (\(code))") { .money($0.valuation.unitActualCashValue) },
                Column("Line actual cash value (\(code))") { .money($0.valuation.lineActualCashValue) },
                Column("Value set by hand because") { .text($0.valuation.overrideReason ?? "") },
                Column("Basis") { .text($0.valuation.basis) },
                Column("Paid (\(code))") { .money($0.paid) },
                Column("Replaced for (\(code))") { .money($0.replacedCost) },
                Column("Replaced on") { .date($0.replacedDate) },
                Column("Recoverable depreciation (\(code))") { .money($0.recoverableDepreciation) },
            ]
        case .claimXperience:
            return [
                Column("Item description") { .text($0.description) },
                Column("Brand") { .text($0.brand) },
                Column("Model") { .text($0.model) },
                Column("Qty lost", Self.quantity),
                Column("Item age", Self.ageInYears),
                Column("Cost to replace pre-tax each") { .money($0.valuation.unitReplacementCost) },
                Column("Condition", Self.condition),
                Column("Business use", Self.businessUse),
                Column("Room") { .text($0.roomName) },
            ]
        case .scheduleOfLoss:
            return [
                Column("Item #") { .number(units: Int64($0.number), scale: 0) },
                Column("Room") { .text($0.roomName) },
                Column("Description") { .text($0.description) },
                Column("Brand") { .text($0.brand) },
                Column("Model") { .text($0.model) },
                Column("Supplier") { .text($0.purchasedFrom) },
                Column("Quantity", Self.quantity),
                Column("Age in years", Self.ageInYears),
                Column("Original cost") { .money($0.valuation.lineOriginalCost) },
                Column("Replacement cost") { .money($0.valuation.lineReplacementCost) },
                Column("Depreciation") { .money($0.valuation.lineDepreciation) },
                Column("ACV") { .money($0.valuation.lineActualCashValue) },
            ]
        }
    }

    static func quantity(_ line: ClaimScheduleLine) -> ScheduleCell { cell(line.quantityLost) }

    /// The one place a quantity becomes a cell: exact, without trailing zeros (2.5, 3).
    static func cell(_ quantity: Quantity) -> ScheduleCell {
        var units = quantity.tenThousandths, scale = Quantity.decimals
        while scale > 0, units % 10 == 0 { units /= 10; scale -= 1 }
        return .number(units: units, scale: scale)
    }

    /// A day as a date; a rough one as it was said ("2019", "about 5 years before 2024-12-06"): it is no day.
    static func purchaseDate(_ line: ClaimScheduleLine) -> ScheduleCell {
        guard let date = line.purchaseDate else { return .date(nil) }
        if case .day(let day) = date { return .date(day) }
        return .text(date.text)
    }

    /// Years to one decimal; blank without an age (no purchase or loss date).
    static func ageInYears(_ line: ClaimScheduleLine) -> ScheduleCell {
        line.ageInTenthsOfYears.map { .number(units: Int64($0), scale: 1) } ?? .blank
    }

    static func condition(_ line: ClaimScheduleLine) -> ScheduleCell {
        .text(line.condition.map { $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst() } ?? "")
    }

    /// Whether the item served a business ("Yes"/"No"): the item's `businessUse` field is being
    /// added; until it is read here, the column is blank.
    static func businessUse(_ line: ClaimScheduleLine) -> ScheduleCell {
        .text(line.businessUse ? "Yes" : "No")
    }
}
