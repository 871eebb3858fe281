import Claims
import Inventory
import Localization

extension ClaimPageModel {
    /// The page's values from the claim and its schedule.
    init(sheet: ClaimSheet, today: CalendarDate, choices: Choices, form: ClaimForm?,
         errors: ValidationError?, justDone: JustDone?) {
        let claim = sheet.claim, totals = sheet.schedule.totals
        let money = sheet.money
        let facts = Self.facts(of: claim, money: money)
        let owed = ClaimOwedSummary(sheet: sheet)
        let bundleOf = sheet.schedule.bundleByItem
        let lines = sheet.schedule.lines.map { line -> Line in
            let valuation = line.valuation
            var notes: [String] = []
            if let bundle = bundleOf[line.itemID] { notes.append("In “\(bundle.name)”") }
            if valuation.flags.contains(.ageUnknown) { notes.append("Needs a purchase date") }
            if valuation.flags.contains(.noValue) { notes.append("Needs a replacement cost") }
            if valuation.flags.contains(.replacementCostFromPurchasePrice) { notes.append("Priced at what was paid") }
            if let paid = line.purchasePaid { notes.append("Paid " + paid.shownText(converted: valuation.unitOriginalCost, in: sheet.currency)) }
            if valuation.isOverridden { notes.append("Set by hand") }
            if line.replacedCost != nil { notes.append("Replaced") }
            let earlyEvidence = sheet.items[line.itemID]?.evidence.filter {
                EvidenceDate.isBeforePurchase(takenAt: $0.takenAt, purchased: line.purchaseDate)
            }.count ?? 0
            if earlyEvidence > 0 {
                notes.append(earlyEvidence == 1 ? "A library photo is dated before the purchase: left out of the report"
                                                : "\(earlyEvidence) library photos are dated before the purchase: left out of the report")
            }
            if line.againstRider {
                notes.append(line.riderAmount.map { "Against its rider of \(money($0))" } ?? "Against its rider (no amount given)")
            }
            return Line(number: line.number, name: line.name, url: ClaimRoutes.line(claim.id, item: line.itemID), room: line.room,
                        quantity: line.quantityLostText, replacementCost: money(valuation.lineReplacementCost),
                        depreciation: Depreciation.percentText(valuation.depreciationBasisPoints), actualCashValue: money(valuation.lineActualCashValue),
                        paid: line.paid.map(money) ?? "—", note: notes.joined(separator: " · "),
                        warning: line.paidAboveClaim > 0 ? "Paid \(money(line.paidAboveClaim)) more than the \(money(line.amountClaimed)) it can be owed" : nil,
                        needsAttention: valuation.flags.contains { $0.needsAttention } || line.paidAboveClaim > 0 || earlyEvidence > 0)
        }
        self.init(
            id: claim.id, name: claim.name, facts: facts, deadline: claim.isClosed ? nil : ClaimStatus(claim: claim, today: today),
            closedText: claim.closedAt.map { "Closed on \(DisplayFormat.day(CalendarDate($0))); its items are marked as \(claim.lossKind == .theft ? "stolen" : "lost")." },
            totals: owed.rows, warnings: owed.warnings,
            downloads: [
                DownloadGroup(title: "The report", detail: "The PDF to send: cover, totals by room, the schedule, a page per item with its photos and receipts.",
                              links: [("Report (A4)", ClaimRoutes.apiReport(claim.id, paper: .a4)), ("Report (US Letter)", ClaimRoutes.apiReport(claim.id, paper: .letter))]),
                DownloadGroup(title: "The schedule",
                              detail: "Every line with its figures: the XLSX with the totals by room on a second sheet; the CSV in our columns, "
                                + "Verisk ClaimXperience’s contents grid (to paste), or a generic schedule of loss.",
                              links: [("Schedule (XLSX)", ClaimRoutes.apiScheduleWorkbook(claim.id)), ("Schedule (CSV)", ClaimRoutes.apiSchedule(claim.id)),
                                      ("Schedule for ClaimXperience (CSV)", ClaimRoutes.apiSchedule(claim.id, profile: .claimXperience)),
                                      ("Schedule of loss (CSV)", ClaimRoutes.apiSchedule(claim.id, profile: .scheduleOfLoss))]),
                DownloadGroup(title: "Sworn statement",
                              detail: "The proof of loss, filled in from this claim and its policy: print it, then sign it before a notary.",
                              links: [("Proof of loss (PDF)", ClaimRoutes.apiProofOfLoss(claim.id, paper: .letter))]),
                // Offered on every claim: the cause is free text ("garage break-in", "burglary"), and a fire or
                // a flood may be followed by looting.
                DownloadGroup(title: "After a theft",
                              detail: "For the police report: every serial number, distinguishing marks, main photo and value; lines without a serial number say so.",
                              links: [("Police list (PDF)", ClaimRoutes.apiPoliceList(claim.id, paper: .a4)), ("Police list (CSV)", ClaimRoutes.apiPoliceListCSV(claim.id))]),
            ],
            lines: lines, countText: sheet.schedule.countText,
            footer: (money(totals.replacementCost), money(totals.depreciation), money(totals.actualCashValue), money(totals.paid)),
            method: sheet.schedule.explanation, choices: choices,
            form: form ?? ClaimForm(claim: claim, currency: sheet.currency), errors: errors, currency: sheet.currency, justDone: justDone,
            isTheft: claim.lossKind == .theft)
    }

    /// The claim's facts in the order an insurer asks for them, those given only.
    static func facts(of claim: Claim, money: (Int64) -> String) -> [(label: String, value: String)] {
        let period = [claim.policyStart.map(DisplayFormat.day), claim.policyEnd.map(DisplayFormat.day)]
        return [
            ("Date of the loss", claim.lossDate.map(DisplayFormat.day) ?? "Not given"),
            ("Kind of loss", claim.lossKind?.label ?? ""),
            (ClaimText.cause.label, claim.cause),
            (ClaimText.policeReport.label, claim.policeReport),
            (ClaimText.policeForce.label, claim.policeForce),
            (ClaimText.insurer.label, claim.insurer),
            (ClaimText.policyNumber.label, claim.policyNumber),
            ("Policy period", period.allSatisfy { $0 == nil } ? "" : period.map { $0 ?? "not given" }.joined(separator: " to ")),
            ("Settles at", claim.settlement.label),
            ("Deductible", claim.deductible.map(money) ?? ""),
            (ClaimText.otherInsurance.label, claim.otherInsurance),
            (ClaimText.claimNumber.label, claim.claimNumber),
            (ClaimText.policyholder.label, claim.policyholder),
            (ClaimText.address.label, claim.address),
            (ClaimText.phone.label, claim.phone),
            (ClaimText.email.label, claim.email),
            (ClaimText.contactAddress.label, claim.contactAddress),
            // Said when it is not the page's own US English: the packet and the adjuster's page are in it.
            ("Packet in", claim.language == LanguageTag.template.tag ? "" : LanguageTag(claim.language)?.ownName ?? claim.language),
        ].filter { !$0.1.isEmpty }
    }
}
