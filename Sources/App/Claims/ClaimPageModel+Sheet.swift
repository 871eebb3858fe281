import Claims
import Inventory
import Localization

extension ClaimPageModel {
    /// The page's values from the claim and its schedule, in `words`' language (the account's: the
    /// owner's page, not the packet).
    init(sheet: ClaimSheet, today: CalendarDate, choices: Choices, form: ClaimForm?,
         errors: ValidationError?, justDone: JustDone?, words: Localizer = Localization.bundled.localizer(for: .template)) {
        let claim = sheet.claim, totals = sheet.schedule.totals
        let format = DisplayFormat(words: words), wording = ClaimMethodText(words: words)
        func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("claim.page." + key, arguments) }
        func money(_ minorUnits: Int64) -> String { format.exactMoney(minorUnits, in: sheet.currency) }
        let facts = Self.facts(of: claim, money: money, words: words)
        let owed = ClaimOwedSummary(sheet: sheet, words: words)
        let bundleOf = sheet.schedule.bundleByItem
        let lines = sheet.schedule.lines.map { line -> Line in
            let valuation = line.valuation
            var notes: [String] = []
            if let bundle = bundleOf[line.itemID] { notes.append(say("note.in-bundle", ["name": .text(bundle.name)])) }
            if valuation.flags.contains(.ageUnknown) { notes.append(say("note.needs-purchase-date")) }
            if valuation.flags.contains(.noValue) { notes.append(say("note.needs-replacement-cost")) }
            if valuation.flags.contains(.replacementCostFromPurchasePrice) { notes.append(say("note.priced-at-paid")) }
            if let paid = line.purchasePaid {
                notes.append(say("note.paid", ["paid": .text(paid.shownText(converted: valuation.unitOriginalCost, in: sheet.currency, format: format))]))
            }
            if valuation.isOverridden { notes.append(say("note.set-by-hand")) }
            if line.replacedCost != nil { notes.append(say("note.replaced")) }
            let earlyEvidence = sheet.items[line.itemID]?.evidence.filter {
                EvidenceDate.isBeforePurchase(takenAt: $0.takenAt, purchased: line.purchaseDate)
            }.count ?? 0
            if earlyEvidence > 0 { notes.append(say("note.early-evidence", ["count": .count(earlyEvidence)])) }
            if line.againstRider {
                notes.append(line.riderAmount.map { say("note.rider", ["amount": .text(money($0))]) } ?? say("note.rider-no-amount"))
            }
            return Line(number: line.number, name: line.name, url: ClaimRoutes.line(claim.id, item: line.itemID), room: line.room,
                        quantity: format.quantity(line.quantityLost, line.quantityUnit), replacementCost: money(valuation.lineReplacementCost),
                        depreciation: wording.percent(valuation.depreciationBasisPoints), actualCashValue: money(valuation.lineActualCashValue),
                        paid: line.paid.map(money) ?? "—", note: notes.joined(separator: words.text("common.list-separator")),
                        warning: line.paidAboveClaim > 0
                            ? say("note.overpaid", ["above": .text(money(line.paidAboveClaim)), "owed": .text(money(line.amountClaimed))]) : nil,
                        needsAttention: valuation.flags.contains { $0.needsAttention } || line.paidAboveClaim > 0 || earlyEvidence > 0)
        }
        let method = sheet.schedule.explanation
        // US English says what needs attention as the `Claims` module has always written it on this page.
        let notes: String? = method.notes.isEmpty ? nil : words.language == .template ? method.notesSentence
            : say("method.notes", ["notes": .text(ClaimMethodNotes.sentences(sheet.schedule, lossDate: claim.lossDate, words: words).joined(separator: " "))])
        self.init(
            id: claim.id, name: claim.name, facts: facts, deadline: claim.isClosed ? nil : ClaimStatus(claim: claim, today: today, words: words),
            closedText: claim.closedAt.map {
                say(claim.lossKind == .theft ? "closed.stolen" : "closed.lost", ["day": .text(format.day(CalendarDate($0)))])
            },
            totals: owed.rows, warnings: owed.warnings,
            downloads: [
                DownloadGroup(title: say("packet.report"), detail: say("packet.report.detail"),
                              links: [(say("packet.report.a4"), ClaimRoutes.apiReport(claim.id, paper: .a4)),
                                      (say("packet.report.letter"), ClaimRoutes.apiReport(claim.id, paper: .letter))]),
                DownloadGroup(title: say("packet.schedule"), detail: say("packet.schedule.detail"),
                              links: [(say("packet.schedule.xlsx"), ClaimRoutes.apiScheduleWorkbook(claim.id)), (say("packet.schedule.csv"), ClaimRoutes.apiSchedule(claim.id)),
                                      (say("packet.schedule.claimxperience"), ClaimRoutes.apiSchedule(claim.id, profile: .claimXperience)),
                                      (say("packet.schedule.of-loss"), ClaimRoutes.apiSchedule(claim.id, profile: .scheduleOfLoss))]),
                DownloadGroup(title: say("packet.sworn"), detail: say("packet.sworn.detail"),
                              links: [(say("packet.sworn.proof-of-loss"), ClaimRoutes.apiProofOfLoss(claim.id, paper: .letter))]),
                // Offered on every claim: the cause is free text ("garage break-in", "burglary"), and a fire or
                // a flood may be followed by looting.
                DownloadGroup(title: say("packet.theft"), detail: say("packet.theft.detail"),
                              links: [(words.text("shared.downloads.police-list-pdf"), ClaimRoutes.apiPoliceList(claim.id, paper: .a4)),
                                      (words.text("shared.downloads.police-list-csv"), ClaimRoutes.apiPoliceListCSV(claim.id))]),
            ],
            lines: lines, countText: sheet.schedule.countText(words: words),
            footer: (money(totals.replacementCost), money(totals.depreciation), money(totals.actualCashValue), money(totals.paid)),
            methodParagraphs: wording.paragraphs(method), methodNotes: notes, references: method.references, choices: choices,
            form: form ?? ClaimForm(claim: claim, currency: sheet.currency, numbers: TypedNumbers(language: words.language)), errors: errors, currency: sheet.currency, justDone: justDone,
            isTheft: claim.lossKind == .theft)
    }

    /// The claim's facts in the order an insurer asks for them, those given only, in `words`' language.
    static func facts(of claim: Claim, money: (Int64) -> String, words: Localizer) -> [(label: String, value: String)] {
        let format = DisplayFormat(words: words)
        func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("packet." + key, arguments) }
        let period = [claim.policyStart.map(format.day), claim.policyEnd.map(format.day)]
        return [
            (say("fact.loss-date"), claim.lossDate.map(format.day) ?? words.text("claim.page.fact.not-given")),
            (say("fact.loss-kind"), claim.lossKind.map { say("loss-kind.\($0.rawValue)") } ?? ""),
            (ClaimText.cause.localizedLabel(words), claim.cause),
            (ClaimText.policeReport.localizedLabel(words), claim.policeReport),
            (ClaimText.policeForce.localizedLabel(words), claim.policeForce),
            (ClaimText.insurer.localizedLabel(words), claim.insurer),
            (ClaimText.policyNumber.localizedLabel(words), claim.policyNumber),
            (say("fact.policy-period"), period.allSatisfy { $0 == nil } ? ""
                : say("period", ["start": .text(period[0] ?? say("not-given")), "end": .text(period[1] ?? say("not-given"))])),
            (words.text("claim.form.settlement"), claim.settlement.localizedLabel(words)),
            (say("fact.deductible"), claim.deductible.map(money) ?? ""),
            (ClaimText.otherInsurance.localizedLabel(words), claim.otherInsurance),
            (ClaimText.claimNumber.localizedLabel(words), claim.claimNumber),
            (ClaimText.policyholder.localizedLabel(words), claim.policyholder),
            (ClaimText.address.localizedLabel(words), claim.address),
            (ClaimText.phone.localizedLabel(words), claim.phone),
            (ClaimText.email.localizedLabel(words), claim.email),
            (ClaimText.contactAddress.localizedLabel(words), claim.contactAddress),
            // Said when it is not the page's own US English: the packet and the adjuster's page are in it.
            (words.text("claim.page.fact.packet-language"),
             claim.language == LanguageTag.template.tag ? "" : LanguageTag(claim.language)?.ownName ?? claim.language),
        ].filter { !$0.1.isEmpty }
    }
}
