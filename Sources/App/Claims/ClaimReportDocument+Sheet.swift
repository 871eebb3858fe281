import ClaimReport
import Claims
import Foundation
import Inventory

extension ClaimReportDocument {
    /// The report of a claim: its facts and totals, how the figures were worked out, totals by room,
    /// the schedule in the columns adjusters use (unit amounts and line totals), and a page per item
    /// with its photos (the report's rendition, not the originals), its receipts' first pages and its library photos.
    /// `receipts`: where the living expenses' receipts are kept (their first pages print).
    init(sheet: ClaimSheet, files: ClaimFiles, madeOn today: CalendarDate, receipts: DocumentStore? = nil) {
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
            fact(ClaimText.policeReport.label, claim.policeReport), fact(ClaimText.policeForce.label, claim.policeForce),
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
        let scheduleTable = Self.schedule(schedule, money: money)
        let bundles = schedule.bundleByItem
        let pages = files.entries.compactMap { entry -> ReportItemPage? in
            guard let line = schedule.lines.first(where: { $0.itemID == entry.line.itemID }) else { return nil }
            let valuation = line.valuation
            let itemFacts = [
                fact("Room", line.room), fact("Quantity lost", line.quantityLostOfHeldText), fact("Description", line.itemDescription),
                fact("Brand", line.brand), fact("Model", line.model), fact("Serial number", line.serialNumber),
                fact("Bought", [line.purchaseDate.map(DisplayFormat.purchase) ?? "", line.purchasedFrom,
                                (line.purchasePaid.map { $0.shownText(converted: valuation.unitOriginalCost, in: sheet.currency) } ?? valuation.unitOriginalCost.map(money)) ?? ""]
                    .filter { !$0.isEmpty }.joined(separator: " · ")),
                fact("Replacement cost each", money(valuation.unitReplacementCost)),
                fact("Depreciation", "\(Depreciation.percentText(valuation.depreciationBasisPoints)) (\(valuation.categoryLabel))"),
                fact("Actual cash value", "\(money(valuation.unitActualCashValue)) each, \(money(valuation.lineActualCashValue)) in all"),
                bundles[line.itemID].map { ReportFact(label: "In the bundle", value: "\($0.name) (lines \($0.numbers), one row on the schedule)") },
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
        let method = schedule.explanation
        let lives = ReportTable(
            columns: [ReportColumn(title: "Category", weight: 3), ReportColumn(title: "Useful life", weight: 2, keepsWhole: true),
                      ReportColumn(title: "Lines", alignment: amount, weight: 0.8)],
            rows: method.lives.map { [$0.label, $0.lifeText, $0.lineCount.grouped] })
        self.init(title: claim.name, subtitle: "Inventory of the loss, prepared \(DisplayFormat.day(today))", facts: facts, totals: totals, method: method.paragraphs,
                  roomTotals: roomTotals, schedule: scheduleTable, items: pages,
                  footerText: [claim.claimNumber.isEmpty ? nil : "Claim \(claim.claimNumber)", claim.name].compactMap { $0 }.joined(separator: " · "),
                  expenses: ReportExpenses(sheet: sheet, receipts: receipts),
                  inThisClaim: method.notes.map { $0.prefix(1).uppercased() + $0.dropFirst() + "." },
                  usefulLives: method.lives.isEmpty ? nil : lives,
                  references: method.references.map { ReportReference(title: $0.name, publisher: $0.publisher, address: $0.url) })
    }

    /// The mark beside an actual cash value set by hand, explained under the schedule.
    static let setByHand = "*"

    /// The schedule as adjusters' schedules run (the generic schedule of loss's columns), a line of
    /// text to a row on a turned page: line, room, quantity, what it is, when it was bought and its
    /// age in years, then the money — original cost, replacement cost each and in all, depreciation
    /// as a share and in money, actual cash value — with totals under every money column that adds
    /// up. Where it was bought and the unit actual cash value are on the item's page (and in the CSV).
    static func schedule(_ schedule: ClaimSchedule, money: (Int64) -> String) -> ReportTable {
        let amount = ReportAlignment.trailing
        // A room's own name ("Kitchen") unless two rooms of the claim share it; then its path.
        var pathsByName: [String: Set<String>] = [:]
        for line in schedule.lines { pathsByName[line.roomName, default: []].insert(line.room) }
        let columns = [
            ReportColumn(title: "Line", alignment: amount, weight: 0.45), ReportColumn(title: "Room", weight: 1.1),
            ReportColumn(title: "Qty", alignment: amount, weight: 0.5), ReportColumn(title: "Description", weight: 2.6),
            ReportColumn(title: "Brand / model / serial", weight: 2), ReportColumn(title: "Bought", weight: 0.9, keepsWhole: true),
            ReportColumn(title: "Age (years)", alignment: amount, weight: 0.6),
            ReportColumn(title: "Original cost", alignment: amount, weight: 1), ReportColumn(title: "Replacement each", alignment: amount, weight: 1),
            ReportColumn(title: "Replacement total", alignment: amount, weight: 1), ReportColumn(title: "Depr. %", alignment: amount, weight: 0.6),
            ReportColumn(title: "Depreciation", alignment: amount, weight: 1), ReportColumn(title: "ACV", alignment: amount, weight: 1),
        ]
        let rows = schedule.rows.map { row in
            guard case .line(let line) = row else { return bundleRow(row, money: money, room: { bundle in
                if bundle.roomName.isEmpty { return bundle.lines.contains { !$0.roomName.isEmpty } ? "Several" : "" }
                return (pathsByName[bundle.roomName]?.count ?? 0) > 1 ? bundle.room : bundle.roomName
            }) }
            let valuation = line.valuation
            let mark = valuation.isOverridden ? setByHand : ""
            let room = (pathsByName[line.roomName]?.count ?? 0) > 1 ? line.room : line.roomName
            // A no-break space keeps "S/N" with its serial number.
            let serial = line.serialNumber.isEmpty ? "" : "S/N\u{00A0}" + line.serialNumber
            return [line.number.grouped, room, line.quantityLostText, line.description,
                    [line.brand, line.model, serial].filter { !$0.isEmpty }.joined(separator: " · "),
                    line.purchaseDate.map(DisplayFormat.purchase) ?? "",
                    // A date remembered roughly keeps its "about": its tenths would claim a precision it lacks.
                    line.purchaseDate?.isRough == true ? line.ageText : line.ageInTenthsOfYears.map { "\($0 / 10).\($0 % 10)" } ?? line.ageText,
                    (valuation.lineOriginalCost.map(money) ?? "") + (line.purchasePaid.map { " " + paidNote($0, quantity: line) } ?? ""),
                    money(valuation.unitReplacementCost), money(valuation.lineReplacementCost),
                    Depreciation.percentText(valuation.depreciationBasisPoints), money(valuation.lineDepreciation),
                    money(valuation.lineActualCashValue) + mark]
        }
        let totals = schedule.totals
        let footer = ["", "Total", totals.quantity.grouped, "", "", "", "", money(totals.originalCost), "", money(totals.replacementCost),
                      "", money(totals.depreciation), money(totals.actualCashValue)]
        let marked = schedule.lines.contains { $0.valuation.isOverridden }
        let bundled = !schedule.bundles.isEmpty
        return ReportTable(columns: columns, rows: rows, footer: footer,
                           notes: (marked ? ["\(setByHand) Actual cash value set by hand; the reason is on the item’s page."] : [])
                            + (bundled ? ["A bundle’s lines are one row, their figures added up; each line is valued on its own, on its page."] : []))
    }

    /// What was paid in another currency, under the line's original cost: "(£129.99 at 1.1634, Mar 14,
    /// 2019)", "each" when more than one was lost; the item's page gives the whole conversion.
    private static func paidNote(_ paid: PurchasePaid, quantity line: ClaimScheduleLine) -> String {
        "(" + paid.money.formatted + (line.quantityLost == .one ? "" : " each") + " at " + paid.rate.description + ", " + DisplayFormat.day(paid.rateDate) + ")"
    }

    /// A bundle's row: its lines' numbers and sums; no brand, date or per-unit figure (a lot has none).
    private static func bundleRow(_ row: ClaimScheduleRow, money: (Int64) -> String, room: (ClaimScheduleBundle) -> String) -> [String] {
        guard case .bundle(let bundle) = row else { return [] }
        let totals = bundle.totals
        // The pieces are in the quantity column; the description column is the name alone, so it keeps to one line.
        return [bundle.numbers, room(bundle), bundle.quantity?.grouped ?? "", bundle.name, "", "", bundle.ageRangeYears,
                bundle.originalCost.map(money) ?? "", "", money(totals.replacementCost), "", money(totals.depreciation),
                money(totals.actualCashValue) + (bundle.hasValueSetByHand ? setByHand : "")]
    }
}
