import Claims
import Inventory

extension ClaimPageModel {
    /// The page's values from the claim and its schedule.
    init(sheet: ClaimSheet, today: CalendarDate, places: [(id: Location.ID, path: String)], tags: [String], form: ClaimForm?,
         errors: ValidationError?, added: Int?) {
        let claim = sheet.claim, totals = sheet.schedule.totals
        let money = sheet.money
        let facts: [(label: String, value: String)] = [
            ("Date of the loss", claim.lossDate.map(DisplayFormat.day) ?? "Not given"),
            (ClaimText.cause.label, claim.cause),
            (ClaimText.insurer.label, claim.insurer),
            (ClaimText.policyNumber.label, claim.policyNumber),
            (ClaimText.claimNumber.label, claim.claimNumber),
            (ClaimText.policyholder.label, claim.policyholder),
            (ClaimText.address.label, claim.address),
        ].filter { !$0.1.isEmpty }
        var limitNote: String?
        if let limit = claim.contentsLimit, totals.replacementCost > limit {
            limitNote = "Replacing these items costs \(money(totals.replacementCost)), more than the policy’s contents limit of \(money(limit)): the insurer pays at most the limit."
        }
        let lines = sheet.schedule.lines.map { line -> Line in
            let valuation = line.valuation
            var notes: [String] = []
            if valuation.flags.contains(.ageUnknown) { notes.append("Needs a purchase date") }
            if valuation.flags.contains(.noValue) { notes.append("Needs a replacement cost") }
            if valuation.flags.contains(.replacementCostFromPurchasePrice) { notes.append("Priced at what was paid") }
            if valuation.isOverridden { notes.append("Set by hand") }
            if line.replacedCost != nil { notes.append("Replaced") }
            return Line(number: line.number, name: line.name, url: ClaimRoutes.line(claim.id, item: line.itemID), room: line.room,
                        quantity: line.quantityLostText, replacementCost: money(valuation.lineReplacementCost),
                        depreciation: Depreciation.percentText(valuation.depreciationBasisPoints), actualCashValue: money(valuation.lineActualCashValue),
                        paid: line.paid.map(money) ?? "—", note: notes.joined(separator: " · "), needsAttention: valuation.flags.contains { $0.needsAttention })
        }
        self.init(
            id: claim.id, name: claim.name, facts: facts, deadline: claim.isClosed ? nil : ClaimStatus(claim: claim, today: today),
            closedText: claim.closedAt.map { "Closed on \(CalendarDate($0).iso); its items are marked as lost." },
            totals: [("Replacement cost", money(totals.replacementCost)), ("Depreciation", money(totals.depreciation)),
                     ("Actual cash value", money(totals.actualCashValue)), ("Paid so far", money(totals.paid)),
                     ("Depreciation still recoverable", money(totals.recoverableDepreciation))],
            limitNote: limitNote,
            downloads: [
                ("Report (A4)", ClaimRoutes.apiReport(claim.id, paper: .a4), "The PDF to send: cover, totals by room, the schedule, a page per item with its photos and receipts."),
                ("Report (US Letter)", ClaimRoutes.apiReport(claim.id, paper: .letter), "The same on Letter paper."),
                ("Schedule (CSV)", ClaimRoutes.apiSchedule(claim.id), "Every line with its figures, for a spreadsheet or the insurer’s form."),
                ("Evidence (zip)", ClaimRoutes.apiEvidence(claim.id), "The originals of every photo, receipt and library photo, with their SHA-256 and capture dates."),
            ],
            lines: lines,
            footer: (money(totals.replacementCost), money(totals.depreciation), money(totals.actualCashValue), money(totals.paid)),
            method: sheet.schedule.method, places: places, tags: tags,
            form: form ?? ClaimForm(claim: claim, currency: sheet.currency), errors: errors, currency: sheet.currency, added: added)
    }
}
