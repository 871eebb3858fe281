import ClaimReport
import Claims
import Inventory
import Localization

extension ProofOfLossDocument {
    /// The claim's sworn statement in proof of loss, its lines filled from the claim and its copy of
    /// the policy, and its amounts from the schedule's one `ClaimOwed`, so they are the claim page's to
    /// the cent. What the claim does not know (the hour, encumbrances, changes) is a line to fill in by
    /// hand; the statement is signed and sworn on paper before a notary. `words`: the claim's language.
    init(sheet: ClaimSheet, madeOn today: CalendarDate, words: Localizer = Localization.bundled.localizer(for: .template)) {
        let claim = sheet.claim, schedule = sheet.schedule, owed = schedule.owed, format = DisplayFormat(words: words)
        func money(_ minorUnits: Int64) -> String { format.exactMoney(minorUnits, in: sheet.currency) }
        func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("packet.proof." + key, arguments) }
        let blank = "____________________"
        func given(_ text: String) -> String {
            let oneLine = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: ", ")
            return oneLine.isEmpty ? blank : oneLine
        }
        /// "line 4", "lines 2, 5 and 7", in the claim's words.
        func lineList(_ numbers: [Int]) -> String {
            let texts = numbers.map(format.integer)
            let list = texts.count < 2 ? texts.joined() : say("and", ["first": .text(texts.dropLast().joined(separator: ", ")), "last": .text(texts.last ?? "")])
            return say("lines", ["count": .count(numbers.count), "numbers": .text(list)])
        }
        let period = claim.policyStart == nil && claim.policyEnd == nil ? blank
            : words.text("packet.period", ["start": .text(claim.policyStart.map(format.day) ?? blank), "end": .text(claim.policyEnd.map(format.day) ?? blank)])
        let policy = [
            ReportFact(label: say("to-insurer"), value: given(claim.insurer)),
            ReportFact(label: words.text("packet.fact.policy-number"), value: given(claim.policyNumber)),
            ReportFact(label: words.text("packet.fact.policy-period"), value: period),
            ReportFact(label: say("policy-amount"), value: claim.contentsLimit.map(money) ?? blank),
            ReportFact(label: words.text("packet.fact.claim-number"), value: given(claim.claimNumber)),
            ReportFact(label: say("insured"), value: given(claim.policyholder)),
            ReportFact(label: words.text("packet.fact.loss-address"), value: given(claim.address)),
        ] + [("phone", claim.phone), ("email", claim.email)].filter { !$0.1.isEmpty }.map { ReportFact(label: words.text("packet.fact." + $0.0), value: $0.1) }
        let peril = claim.lossKind.map { say("peril.\($0.rawValue)") } ?? (claim.cause.isEmpty ? blank : claim.cause)
        let opening = say("opening", ["insurer": .text(claim.insurer.isEmpty ? say("the-insurer") : claim.insurer), "insured": .text(given(claim.policyholder)),
                                      "peril": .text(peril)])
        let businessLines = schedule.lines.filter(\.businessUse).map(\.number)
        let otherInsurance = claim.otherInsurance.trimmingCharacters(in: .whitespacesAndNewlines)
        let total = claim.contentsLimit.map(money) ?? blank
        let statements = [
            ReportFact(label: say("time-origin"),
                       value: say("time-origin.text", ["peril": .text(peril), "day": .text(claim.lossDate.map(format.day) ?? blank), "cause": .text(given(claim.cause))])),
            ReportFact(label: say("occupancy"),
                       value: say("occupancy.text", ["address": .text(given(claim.address)),
                                                     "except": .text(businessLines.isEmpty ? blank : say("business-use", ["which": .text(lineList(businessLines))]))])),
            ReportFact(label: say("title-interest"), value: say("title-interest.text", ["blank": .text(blank)])),
            ReportFact(label: say("changes"), value: say("changes.text", ["blank": .text(blank)])),
            ReportFact(label: say("total-insurance"),
                       value: otherInsurance.isEmpty ? say("total-insurance.none", ["amount": .text(total)])
                                                     : say("total-insurance.other", ["amount": .text(total), "other": .text(given(otherInsurance))])),
        ]
        let wholeLoss = owed.settlement == .actualCashValue ? "whole-loss.acv" : schedule.salesTaxRate != nil ? "whole-loss.rc-tax" : "whole-loss.rc"
        var amounts = [
            ReportFact(label: say("acv"), value: money(schedule.totals.actualCashValue)),
            ReportFact(label: say(wholeLoss), value: money(owed.wholeLoss)),
            ReportFact(label: say("less-deductible"), value: "− " + money(owed.deductible)),
        ]
        if owed.aboveContentsLimit > 0 { amounts.append(ReportFact(label: say("above-limit"), value: "− " + money(owed.aboveContentsLimit))) }
        if owed.aboveRiders > 0 { amounts.append(ReportFact(label: say("above-riders"), value: "− " + money(owed.aboveRiders))) }
        amounts.append(ReportFact(label: say("amount-claimed"), value: money(owed.amountClaimed)))
        if !owed.riderLines.isEmpty {
            amounts.append(ReportFact(label: words.text("claim.owed.against-riders", ["count": .count(owed.riderLines.count),
                                                                                     "lines": .text(owed.riderLines.map(format.integer).joined(separator: ", "))]),
                                      value: money(owed.againstRiders)))
        }
        let declaration = [
            say("declaration"),
            say("attached", ["schedule": .text(schedule.countText(words: words)), "day": .text(format.day(today))]),
        ]
        let signature = [
            say("signature.insured", ["name": .text(given(claim.policyholder))]),
            say("signature.sign"),
            say("signature.co-insured"),
        ]
        let notary = [say("notary.venue"), say("notary.sworn"), say("notary.name"), say("notary.commission")]
        self.init(title: say("title"), subtitle: say("subtitle", ["claim": .text(claim.name), "day": .text(format.day(today))]), policy: policy, opening: opening,
                  statements: statements, amounts: amounts, declaration: declaration, signature: signature, notary: notary,
                  footerText: [claim.claimNumber.isEmpty ? nil : words.text("packet.footer.claim", ["number": .text(claim.claimNumber)]), say("footer")]
                    .compactMap { $0 }.joined(separator: " · "))
        self.words = ReportWords(words)
    }
}
