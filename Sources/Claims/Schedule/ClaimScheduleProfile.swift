import Inventory

/// The column layouts a claim's schedule is written in: ours, with every figure, and those an
/// insurer's software or form takes as they are (README, "Carrier profiles", lists each column and
/// where it comes from). Every layout has one header row and one row per line (a bundle's lines as
/// one row, `ClaimSchedule.rows`), never a totals row: a file meant for import holds lines only (the
/// totals are the XLSX's second sheet).
public enum ClaimScheduleProfile: String, Sendable, CaseIterable {
    /// Every column Homepwner has, for a spreadsheet or the insurer's own form.
    case full
    /// Verisk ClaimXperience's contents grid, in its order: paste the rows into the grid.
    case claimXperience = "claimxperience"
    /// A generic insurer's schedule of loss.
    case scheduleOfLoss = "schedule-of-loss"

    /// "full, claimxperience, schedule-of-loss": for a message naming the valid ones.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The schedule's lines in this layout; the full layout's words in `words`' language (the carriers'
    /// layouts keep their software's English).
    public func table(_ schedule: ClaimSchedule, currency: Currency, words: ScheduleWords = ScheduleWords()) -> ScheduleTable {
        let words = self == .full ? words : ScheduleWords()
        let columns = columns(currency: currency, taxRate: schedule.salesTaxRate, words: words)
        return ScheduleTable(name: words["sheet.schedule"], header: columns.map(\.header),
                             rows: schedule.rows.map { row in columns.map { $0.cell(row) } })
    }

    /// A column: its cell for a line, and for a bundle's row (blank unless given: a per-unit figure,
    /// a serial number, a date have no single value for a lot).
    private struct Column {
        let header: String
        let line: (ClaimScheduleLine) -> ScheduleCell
        let bundle: (ClaimScheduleBundle) -> ScheduleCell
        init(_ header: String, _ line: @escaping (ClaimScheduleLine) -> ScheduleCell,
             bundle: @escaping (ClaimScheduleBundle) -> ScheduleCell = { _ in .blank }) {
            self.header = header
            self.line = line
            self.bundle = bundle
        }

        func cell(_ row: ClaimScheduleRow) -> ScheduleCell {
            switch row {
            case .line(let value): line(value)
            case .bundle(let value): bundle(value)
            }
        }
    }

    private func columns(currency: Currency, taxRate: SalesTaxRate?, words: ScheduleWords) -> [Column] {
        let code = currency.code
        func w(_ key: String) -> String { words[key, ["code": code]] }
        let condition: (ClaimScheduleLine) -> ScheduleCell = { Self.condition($0, words: words) }
        let businessUse: (ClaimScheduleLine) -> ScheduleCell = { Self.businessUse($0, words: words) }
        let bundleBusinessUse: (ClaimScheduleBundle) -> ScheduleCell = { Self.businessUse($0, words: words) }
        switch self {
        case .full:
            return [
                Column(w("line"), { .number(units: Int64($0.number), scale: 0) }, bundle: { .text($0.numbers) }),
                Column(w("room"), { .text($0.roomName) }, bundle: { .text($0.roomName) }),
                Column(w("room-path"), { .text($0.room) }, bundle: { .text($0.room) }),
                Column(w("name"), { .text($0.name) }, bundle: { .text($0.description) }),
                Column(w("description"), { .text($0.itemDescription) }, bundle: { .text($0.lines.map(\.name).joined(separator: "; ")) }),
                Column(w("brand")) { .text($0.brand) },
                Column(w("model")) { .text($0.model) },
                Column(w("serial-number")) { .text($0.serialNumber) },
                Column(w("condition"), condition),
                Column(w("business-use"), businessUse, bundle: bundleBusinessUse),
                Column(w("quantity-lost"), Self.quantity, bundle: { $0.quantity.map(Self.cell) ?? .blank }),
                Column(w("unit"), { .text($0.quantityUnit.symbol) }, bundle: { .text(Set($0.lines.map(\.quantityUnit)).count == 1 ? $0.lines[0].quantityUnit.symbol : "") }),
                Column(w("purchase-date"), Self.purchaseDate),
                Column(w("age-years"), Self.ageInYears),
                Column(w("age"), { .text($0.ageText) }, bundle: { .text($0.ageRangeText) }),
                Column(w("where-bought")) { .text($0.purchasedFrom) },
                Column(w("unit-original-cost")) { .money($0.valuation.unitOriginalCost) },
                Column(w("unit-amount-paid")) { line in
                    line.purchasePaid.map { ScheduleCell.number(units: $0.amount, scale: $0.currency.minorUnits) } ?? .blank
                },
                Column(w("currency-paid")) { .text($0.purchasePaid?.currency.code ?? "") },
                Column(w("exchange-rate")) { line in
                    line.purchasePaid.map { ScheduleCell.number(units: $0.rate.significand, scale: $0.rate.scale) } ?? .blank
                },
                Column(w("rate-date")) { .date($0.purchasePaid?.rateDate) },
                Column(w("rate-source")) { .text($0.purchasePaid.map { $0.fromECB ? w("rate-ecb") : w("rate-given") } ?? "") },
                Column(w("line-original-cost"), { .money($0.valuation.lineOriginalCost) }, bundle: { .money($0.originalCost) }),
                Column(w("unit-replacement-cost")) { .money($0.valuation.unitReplacementCost) },
                Column(w("line-replacement-cost"), { .money($0.valuation.lineReplacementCost) }, bundle: { .money($0.totals.replacementCost) }),
                Column(taxRate.map { words["sales-tax-at", ["code": code, "rate": $0.percentText]] } ?? w("sales-tax"), { .money($0.tax) }, bundle: { .money($0.totals.tax) }),
                Column(w("line-replacement-cost-with-tax"), { .money($0.replacementCostWithTax) }, bundle: { .money($0.totals.replacementCostWithTax) }),
                Column(w("category"), { .text($0.valuation.categoryLabel) }, bundle: { .text(Set($0.lines.map(\.valuation.categoryLabel)).count == 1 ? $0.lines[0].valuation.categoryLabel : "") }),
                Column(w("useful-life")) { line in
                    line.valuation.usefulLifeYears.map { .number(units: Int64($0), scale: 0) } ?? .text(w("not-depreciated"))
                },
                Column(w("depreciation-percent")) { .number(units: Int64($0.valuation.depreciationBasisPoints), scale: 2) },
                Column(w("unit-depreciation")) { .money($0.valuation.unitDepreciation) },
                Column(w("line-depreciation"), { .money($0.valuation.lineDepreciation) }, bundle: { .money($0.totals.depreciation) }),
                Column(w("unit-acv")) { .money($0.valuation.unitActualCashValue) },
                Column(w("line-acv"), { .money($0.valuation.lineActualCashValue) }, bundle: { .money($0.totals.actualCashValue) }),
                Column(w("set-by-hand"), { .text($0.valuation.overrideReason ?? "") }, bundle: { Self.setByHand($0, words: words) }),
                Column(w("basis"), { .text($0.valuation.basis) }, bundle: { .text(words["bundle-basis", ["numbers": $0.numbers]]) }),
                Column(w("paid"), { .money($0.paid) }, bundle: { .money($0.paid) }),
                Column(w("replaced-for"), { .money($0.replacedCost) }, bundle: { .money($0.replacedCost) }),
                Column(w("replaced-on")) { .date($0.replacedDate) },
                Column(w("recoverable-depreciation"), { .money($0.recoverableDepreciation) }, bundle: { .money($0.totals.recoverableDepreciation) }),
            ]
        case .claimXperience:
            return [
                Column("Item description", { .text($0.description) }, bundle: { .text($0.description) }),
                Column("Brand") { .text($0.brand) },
                Column("Model") { .text($0.model) },
                Column("Qty lost", Self.quantity, bundle: { _ in .number(units: 1, scale: 0) }),
                Column("Item age", Self.ageInYears),
                Column("Cost to replace pre-tax each", { .money($0.valuation.unitReplacementCost) }, bundle: { .money($0.totals.replacementCost) }),
                Column("Condition", condition),
                Column("Business use", businessUse, bundle: bundleBusinessUse),
                Column("Room", { .text($0.roomName) }, bundle: { .text($0.roomName) }),
            ]
        case .scheduleOfLoss:
            return [
                Column("Item #", { .number(units: Int64($0.number), scale: 0) }, bundle: { .text($0.numbers) }),
                Column("Room", { .text($0.roomName) }, bundle: { .text($0.roomName) }),
                Column("Description", { .text($0.description) }, bundle: { .text($0.description) }),
                Column("Brand") { .text($0.brand) },
                Column("Model") { .text($0.model) },
                Column("Supplier") { .text($0.purchasedFrom) },
                Column("Quantity", Self.quantity, bundle: { $0.quantity.map(Self.cell) ?? .blank }),
                Column("Age in years", Self.ageInYears),
                Column("Original cost", { .money($0.valuation.lineOriginalCost) }, bundle: { .money($0.originalCost) }),
                Column("Replacement cost", { .money($0.valuation.lineReplacementCost) }, bundle: { .money($0.totals.replacementCost) }),
                Column("Depreciation", { .money($0.valuation.lineDepreciation) }, bundle: { .money($0.totals.depreciation) }),
                Column("ACV", { .money($0.valuation.lineActualCashValue) }, bundle: { .money($0.totals.actualCashValue) }),
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

    static func businessUse(_ bundle: ClaimScheduleBundle, words: ScheduleWords) -> ScheduleCell {
        .text(words[bundle.lines.contains(where: \.businessUse) ? "yes" : "no"])
    }

    /// Which of a bundle's lines hold a value set by hand, and why.
    static func setByHand(_ bundle: ClaimScheduleBundle, words: ScheduleWords) -> ScheduleCell {
        .text(bundle.lines.compactMap { line in line.valuation.overrideReason.map { words["set-by-hand-line", ["line": "\(line.number)", "reason": $0]] } }
            .joined(separator: "; "))
    }

    static func condition(_ line: ClaimScheduleLine, words: ScheduleWords) -> ScheduleCell {
        .text(line.condition.map { words["condition." + $0.rawValue] } ?? "")
    }

    /// Whether the item served a business ("Yes"/"No"): the item's `businessUse` field is being
    /// added; until it is read here, the column is blank.
    static func businessUse(_ line: ClaimScheduleLine, words: ScheduleWords) -> ScheduleCell {
        .text(words[line.businessUse ? "yes" : "no"])
    }
}
