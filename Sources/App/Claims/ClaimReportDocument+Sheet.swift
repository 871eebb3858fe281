import ClaimReport
import Claims
import Foundation
import Inventory

extension ClaimReportDocument {
    /// The report of a claim: its facts and totals, how the figures were worked out, totals by room,
    /// the schedule in the columns adjusters use (unit amounts and line totals), and a page per item
    /// with its photos (the report's rendition, not the originals), its receipts' first pages and its library photos.
    init(sheet: ClaimSheet, files: ClaimFiles, madeOn today: CalendarDate) {
        let claim = sheet.claim, schedule = sheet.schedule, money = sheet.money
        func fact(_ label: String, _ value: String) -> ReportFact? { value.isEmpty ? nil : ReportFact(label: label, value: value) }
        let period = claim.policyStart == nil && claim.policyEnd == nil ? ""
            : [claim.policyStart, claim.policyEnd].map { $0.map(DisplayFormat.day) ?? "not given" }.joined(separator: " to ")
        let facts = [
            fact("Policyholder", claim.policyholder), fact("Address of the loss", claim.address), fact("Insurer", claim.insurer),
            fact("Policy number", claim.policyNumber), fact("Policy period", period), fact("Policy settles at", claim.settlement.label),
            fact("Deductible", claim.deductible.map(money) ?? ""), fact("Other insurance", claim.otherInsurance),
            fact("Claim number", claim.claimNumber), fact("Date of the loss", claim.lossDate.map(DisplayFormat.day) ?? ""),
            fact("Kind of loss", claim.lossKind?.label ?? ""), fact("Cause of loss", claim.cause),
            fact("Phone", claim.phone), fact("E-mail", claim.email), fact("Contact address while displaced", claim.contactAddress),
            fact("Proof of loss due", claim.proofOfLossDue.map(DisplayFormat.day) ?? ""), fact("Notes", claim.notes),
        ].compactMap { $0 }
        let quantity = schedule.totals.quantity
        var totals = [
            ReportFact(label: "Items", value: schedule.countText),
        ] + ClaimOwedSummary(sheet: sheet).rows.map { ReportFact(label: $0.label, value: $0.value) }
        if let limit = claim.contentsLimit { totals.append(ReportFact(label: "Policy contents limit", value: money(limit))) }
        let amount = ReportAlignment.trailing
        let roomTotals = ReportTable(
            columns: [ReportColumn(title: "Room", weight: 3), ReportColumn(title: "Lines", alignment: amount, weight: 0.8),
                      ReportColumn(title: "Replacement cost", alignment: amount, weight: 1.6), ReportColumn(title: "Depreciation", alignment: amount, weight: 1.6),
                      ReportColumn(title: "Actual cash value", alignment: amount, weight: 1.6)],
            rows: schedule.rooms.map { [$0.room.isEmpty ? "No room given" : $0.room, String($0.lineCount), money($0.replacementCost), money($0.depreciation), money($0.actualCashValue)] },
            footer: ["Total", String(schedule.lines.count), money(schedule.totals.replacementCost), money(schedule.totals.depreciation), money(schedule.totals.actualCashValue)])
        let scheduleTable = ReportTable(
            columns: [ReportColumn(title: "Line", alignment: amount, weight: 0.5), ReportColumn(title: "Room", weight: 1.3),
                      ReportColumn(title: "Qty", alignment: amount, weight: 0.5), ReportColumn(title: "Description", weight: 2.4),
                      ReportColumn(title: "Brand / model / serial", weight: 1.6), ReportColumn(title: "Bought / age", weight: 1.1),
                      ReportColumn(title: "Where bought", weight: 1.1), ReportColumn(title: "Original cost each", alignment: amount, weight: 1),
                      ReportColumn(title: "Replacement each", alignment: amount, weight: 1), ReportColumn(title: "Replacement total", alignment: amount, weight: 1),
                      ReportColumn(title: "Depr. %", alignment: amount, weight: 0.7), ReportColumn(title: "ACV each", alignment: amount, weight: 1),
                      ReportColumn(title: "ACV total", alignment: amount, weight: 1)],
            rows: schedule.lines.map { line in
                let valuation = line.valuation
                return [String(line.number), line.room, line.quantityLostText, line.description,
                        [line.brand, line.model, line.serialNumber.isEmpty ? "" : "S/N " + line.serialNumber].filter { !$0.isEmpty }.joined(separator: " · "),
                        [line.purchaseDate.map(DisplayFormat.purchase) ?? "", line.ageText].filter { !$0.isEmpty }.joined(separator: " · "), line.purchasedFrom,
                        valuation.unitOriginalCost.map(money) ?? "", money(valuation.unitReplacementCost), money(valuation.lineReplacementCost),
                        Depreciation.percentText(valuation.depreciationBasisPoints), money(valuation.unitActualCashValue), money(valuation.lineActualCashValue)]
            },
            footer: ["", "Total", quantity.grouped, "", "", "", "", "", "", money(schedule.totals.replacementCost), "", "", money(schedule.totals.actualCashValue)])
        let pages = files.entries.compactMap { entry -> ReportItemPage? in
            guard let line = schedule.lines.first(where: { $0.itemID == entry.line.itemID }) else { return nil }
            let valuation = line.valuation
            let itemFacts = [
                fact("Room", line.room), fact("Quantity lost", line.quantityLostOfHeldText), fact("Description", line.itemDescription),
                fact("Brand", line.brand), fact("Model", line.model), fact("Serial number", line.serialNumber),
                fact("Bought", [line.purchaseDate.map(DisplayFormat.purchase) ?? "", line.purchasedFrom, valuation.unitOriginalCost.map(money) ?? ""].filter { !$0.isEmpty }.joined(separator: " · ")),
                fact("Replacement cost each", money(valuation.unitReplacementCost)),
                fact("Depreciation", "\(Depreciation.percentText(valuation.depreciationBasisPoints)) (\(valuation.categoryLabel))"),
                fact("Actual cash value", "\(money(valuation.unitActualCashValue)) each, \(money(valuation.lineActualCashValue)) in all"),
                line.againstRider ? fact("Against its rider", "Claimed for \(money(line.amountClaimed))" + (line.riderAmount.map { ", rider amount \(money($0))" } ?? ", no rider amount given")) : nil,
                fact("How", valuation.basis),
            ].compactMap { $0 }
            let photos = entry.photos.enumerated().map { index, photo in
                ReportImage(path: photo.printed ?? photo.original, caption: "Photo \(index + 1)" + (photo.kind == .general ? "" : " (\(photo.kind.rawValue))")
                                + (photo.takenAt.map { " · Taken " + DisplayFormat.dayAndTime($0) } ?? ""))
            }
            let receipts = entry.documents.filter { $0.document.kind == .receipt }.compactMap { document in
                document.path.map { ReportDocumentPage(path: $0, caption: document.document.name) }
            }
            // A photo from before the purchase proves nothing of this item: the claimant's page says so instead.
            let evidence = entry.library.filter { !EvidenceDate.isBeforePurchase(takenAt: $0.takenAt, purchased: line.purchaseDate) }.map { photo in
                ReportImage(path: photo.printed ?? "",
                            caption: ([photo.takenAt.map { "Taken " + DisplayFormat.dayAndTime($0) } ?? "Date not recorded", photo.camera ?? ""] + [photo.fileName])
                                .filter { !$0.isEmpty }.joined(separator: " · "))
            }
            return ReportItemPage(title: "\(line.number). \(line.name)", facts: itemFacts, photos: photos, receipts: receipts, evidence: evidence)
        }
        self.init(title: claim.name, subtitle: "Inventory of the loss, prepared \(DisplayFormat.day(today))", facts: facts, totals: totals, method: schedule.method,
                  roomTotals: roomTotals, schedule: scheduleTable, items: pages,
                  footerText: [claim.claimNumber.isEmpty ? nil : "Claim \(claim.claimNumber)", claim.name].compactMap { $0 }.joined(separator: " · "))
    }
}
