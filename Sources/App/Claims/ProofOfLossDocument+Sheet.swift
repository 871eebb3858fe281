import ClaimReport
import Claims
import Inventory

extension ProofOfLossDocument {
    /// The claim's sworn statement in proof of loss, its lines filled from the claim and its copy of
    /// the policy, and its amounts from the schedule's one `ClaimOwed`, so they are the claim page's to
    /// the cent. What the claim does not know (the hour, encumbrances, changes) is a line to fill in by
    /// hand; the statement is signed and sworn on paper before a notary.
    init(sheet: ClaimSheet, madeOn today: CalendarDate) {
        let claim = sheet.claim, schedule = sheet.schedule, owed = schedule.owed, money = sheet.money
        let blank = "____________________"
        func given(_ text: String) -> String {
            let oneLine = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: ", ")
            return oneLine.isEmpty ? blank : oneLine
        }
        let period = claim.policyStart == nil && claim.policyEnd == nil ? blank
            : [claim.policyStart, claim.policyEnd].map { $0.map(DisplayFormat.day) ?? blank }.joined(separator: " to ")
        let policy = [
            ReportFact(label: "To (the insurer)", value: given(claim.insurer)),
            ReportFact(label: "Policy number", value: given(claim.policyNumber)),
            ReportFact(label: "Policy period", value: period),
            ReportFact(label: "Amount of the policy (contents)", value: claim.contentsLimit.map(money) ?? blank),
            ReportFact(label: "Claim number", value: given(claim.claimNumber)),
            ReportFact(label: "Insured", value: given(claim.policyholder)),
            ReportFact(label: "Address of the loss", value: given(claim.address)),
        ] + [("Phone", claim.phone), ("E-mail", claim.email)].filter { !$0.1.isEmpty }.map { ReportFact(label: $0.0, value: $0.1) }
        let peril = claim.lossKind.map { $0.label.lowercased() } ?? (claim.cause.isEmpty ? blank : claim.cause)
        let opening = "At the time of the loss, by the policy above, \(claim.insurer.isEmpty ? "the insurer" : claim.insurer) insured \(given(claim.policyholder)) "
            + "against loss by \(peril) to the personal property described in the attached schedule, on the terms and conditions of the policy "
            + "and of all the forms, endorsements, transfers and assignments attached to it."
        let businessLines = schedule.lines.filter(\.businessUse).map(\.number)
        let otherInsurance = claim.otherInsurance.trimmingCharacters(in: .whitespacesAndNewlines)
        let statements = [
            ReportFact(label: "1. Time and origin",
                       value: "A loss by \(peril) occurred on \(claim.lossDate.map(DisplayFormat.day) ?? blank), about the hour of ________. "
                           + "Its cause and origin: \(given(claim.cause))."),
            ReportFact(label: "2. Occupancy",
                       value: "The home at \(given(claim.address)) was occupied at the time of the loss as the insured’s residence and for no other purpose, except: "
                           + (businessLines.isEmpty ? blank : "business use of the property on \(ClaimOwedSummary.lineList(businessLines)) of the schedule") + "."),
            ReportFact(label: "3. Title and interest",
                       value: "At the time of the loss the insured owned the property claimed. No other person had any interest in it or encumbrance on it, except: \(blank)."),
            ReportFact(label: "4. Changes",
                       value: "Since the policy was issued there has been no assignment of it, and no change of interest, use, occupancy, possession, location or exposure of the property, except: \(blank)."),
            ReportFact(label: "5. Total insurance",
                       value: "The total insurance on the property under this policy at the time of the loss was \(claim.contentsLimit.map(money) ?? blank) (contents), "
                           + (otherInsurance.isEmpty ? "and there was no other insurance on it, written or oral, valid or invalid."
                                                     : "besides which it was insured by: \(given(otherInsurance)).")),
        ]
        let taxNote = owed.settlement == .replacementCost && schedule.salesTaxRate != nil ? ", sales tax included" : ""
        var amounts = [
            ReportFact(label: "6. Actual cash value of the property at the time of the loss", value: money(schedule.totals.actualCashValue)),
            ReportFact(label: "7. Whole loss and damage (at \(owed.settlement.label.lowercased())\(taxNote))", value: money(owed.wholeLoss)),
            ReportFact(label: "8. Less the deductible", value: "− " + money(owed.deductible)),
        ]
        if owed.aboveContentsLimit > 0 { amounts.append(ReportFact(label: "Less what is above the contents limit", value: "− " + money(owed.aboveContentsLimit))) }
        if owed.aboveRiders > 0 { amounts.append(ReportFact(label: "Less what is above the riders’ amounts", value: "− " + money(owed.aboveRiders))) }
        amounts.append(ReportFact(label: "9. Amount claimed under this policy", value: money(owed.amountClaimed)))
        if !owed.riderLines.isEmpty {
            amounts.append(ReportFact(label: "Of which against riders (\(ClaimOwedSummary.lineList(owed.riderLines)))", value: money(owed.againstRiders)))
        }
        let declaration = [
            "The loss did not come about by any act, design or arrangement of the insured or of the one signing below. Nothing has been done by the insured, "
                + "or with the insured’s knowledge or consent, that breaks the policy’s conditions or makes it void. Every article in the attached schedule was "
                + "destroyed, damaged or taken in this loss; nothing saved has been hidden, and no attempt has been made to mislead the insurer about the extent of the loss.",
            "Attached and part of this statement: the claim report with its itemised schedule (\(schedule.countText)), prepared \(DisplayFormat.day(today)).",
        ]
        let signature = [
            "Insured: \(given(claim.policyholder))",
            "Signature: ________________________________________     Date: ____________________",
            "Co-insured, if any: ________________________________     Date: ____________________",
        ]
        let notary = [
            "State of ____________________     County of ____________________",
            "Subscribed and sworn to before me this ________ day of ____________________, ________.",
            "Notary public: ________________________________________",
            "My commission expires: ____________________     (Seal)",
        ]
        self.init(title: "Sworn Statement in Proof of Loss", subtitle: "\(claim.name) · prepared \(DisplayFormat.day(today))", policy: policy, opening: opening,
                  statements: statements, amounts: amounts, declaration: declaration, signature: signature, notary: notary,
                  footerText: [claim.claimNumber.isEmpty ? nil : "Claim \(claim.claimNumber)", "Proof of loss"].compactMap { $0 }.joined(separator: " · "))
    }
}
