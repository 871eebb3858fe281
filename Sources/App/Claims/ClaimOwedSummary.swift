import Claims
import Inventory
import Localization

/// What the insurer owes, in the words and order every view of a claim shows it: the claim's page,
/// the adjuster's page and the report's cover each take these rows, so they say the same to the cent.
/// Made from the schedule's one `ClaimOwed`.
struct ClaimOwedSummary: Sendable {
    /// "Whole loss (at replacement cost)", "Less deductible", "Amount claimed", "Paid so far", "Balance", "Recoverable once replaced"…
    let rows: [(label: String, value: String)]
    /// Payments above what a line can be owed, and a whole loss above the contents limit.
    let warnings: [String]
    /// The line numbers paid more than they can be owed, for their own warning.
    let overpaidLines: Set<Int>

    /// `words`: the language of the page or packet it is for.
    init(sheet: ClaimSheet, words: Localizer = Localization.bundled.localizer(for: .template)) {
        let schedule = sheet.schedule, totals = schedule.totals, owed = schedule.owed, format = DisplayFormat(words: words)
        func money(_ minorUnits: Int64) -> String { format.exactMoney(minorUnits, in: sheet.currency) }
        func less(_ minorUnits: Int64) -> String { "− " + money(minorUnits) }
        var rows: [(label: String, value: String)] = [
            (words.text("claim.owed.replacement-cost"), money(totals.replacementCost)),
        ] + Self.taxRows(sheet, words: words, money: money) + [
            (words.text("claim.owed.depreciation"), money(totals.depreciation)),
            (words.text("claim.owed.actual-cash-value"), money(totals.actualCashValue)),
            (words.text("claim.owed.whole-loss", ["basis": .text(Self.wholeLossBasis(sheet, words: words))]), money(owed.wholeLoss)),
        ]
        var deductible = less(owed.deductible)
        if let policyDeductible = owed.policyDeductible, policyDeductible > owed.deductible {
            deductible += " " + words.text("claim.owed.of-deductible", ["amount": .text(money(policyDeductible))])
        } else if owed.policyDeductible == nil {
            deductible += " " + words.text("claim.owed.no-deductible")
        }
        rows.append((words.text("claim.owed.less-deductible"), deductible))
        if owed.aboveContentsLimit > 0 { rows.append((words.text("claim.owed.over-limit"), less(owed.aboveContentsLimit))) }
        if owed.aboveRiders > 0 { rows.append((words.text("claim.owed.over-riders"), less(owed.aboveRiders))) }
        rows.append((words.text("claim.owed.amount-claimed"), money(owed.amountClaimed)))
        if !owed.riderLines.isEmpty {
            rows.append((words.text("claim.owed.against-riders", ["count": .count(owed.riderLines.count), "lines": .text(owed.riderLines.map(String.init).joined(separator: ", "))]),
                         money(owed.againstRiders)))
        }
        rows.append((words.text("claim.owed.paid"), money(owed.paid)))
        rows.append((words.text("claim.owed.balance"), money(owed.balance)))
        if owed.paidAboveClaim > 0 { rows.append((words.text("claim.owed.paid-above"), money(owed.paidAboveClaim))) }
        if owed.settlement == .replacementCost {
            rows.append((words.text("claim.owed.recoverable"), money(owed.recoverableOnceReplaced)))
        }
        self.rows = rows

        var warnings = schedule.lines.filter { $0.paidAboveClaim > 0 }.map(Self.overpaymentWarning(sheet: sheet, words: words))
        if owed.aboveContentsLimit > 0, let limit = sheet.claim.contentsLimit {
            warnings.append(words.text("claim.page.warning.over-limit", ["limit": .text(money(limit))]))
        }
        self.warnings = warnings
        overpaidLines = Set(owed.overpaidLines)
    }

    /// "Line 3, “Stand mixer”: paid $1,200.00, $700.00 more than the $500.00 it can be owed. Check the payment and the line’s figures."
    static func overpaymentWarning(sheet: ClaimSheet, words: Localizer) -> (ClaimScheduleLine) -> String {
        let format = DisplayFormat(words: words)
        func money(_ minorUnits: Int64) -> String { format.exactMoney(minorUnits, in: sheet.currency) }
        return { line in
            words.text("claim.page.warning.overpaid", ["number": .text(format.integer(line.number)), "name": .text(line.name), "paid": .text(money(line.paid ?? 0)),
                                                       "above": .text(money(line.paidAboveClaim)), "owed": .text(money(line.amountClaimed))])
        }
    }

    /// "replacement cost with tax", "replacement cost", "actual cash value": what the whole loss counts.
    /// The amount claimed carries the tax under a replacement-cost policy only (`ClaimScheduleLine.lossValue`).
    static func wholeLossBasis(_ sheet: ClaimSheet, words: Localizer) -> String {
        switch sheet.schedule.owed.settlement {
        case .replacementCost: words.text(sheet.schedule.salesTaxRate != nil ? "claim.basis.replacement-cost-with-tax" : "claim.basis.replacement-cost")
        case .actualCashValue: words.text("claim.basis.actual-cash-value")
        }
    }

    /// With a sales tax rate: the tax and the replacement cost with it, beside the pre-tax figure.
    static func taxRows(_ sheet: ClaimSheet, words: Localizer, money: (Int64) -> String) -> [(label: String, value: String)] {
        guard let rate = sheet.schedule.salesTaxRate else { return [] }
        let totals = sheet.schedule.totals
        return [(words.text("claim.owed.sales-tax", ["rate": .text(rate.percentText)]), money(totals.tax)),
                (words.text("claim.owed.replacement-cost-with-tax"), money(totals.replacementCostWithTax))]
    }

    /// "line 4", "lines 4 and 7", "lines 2, 4 and 7" (the proof of loss's English).
    static func lineList(_ numbers: [Int]) -> String {
        let texts = numbers.map(String.init)
        guard let last = texts.last else { return "" }
        if texts.count == 1 { return "line \(last)" }
        return "lines " + texts.dropLast().joined(separator: ", ") + " and " + last
    }
}
