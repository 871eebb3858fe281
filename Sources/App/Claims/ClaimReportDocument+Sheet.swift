import ClaimReport
import Claims
import Foundation
import Inventory
import Localization

extension ClaimReportDocument {
    /// The report of a claim: its facts and totals, how the figures were worked out, totals by room,
    /// the schedule in the columns adjusters use (unit amounts and line totals), and a page per item
    /// with its photos (the report's rendition, not the originals), its receipts' first pages and its library photos.
    /// `receipts`: where the living expenses' receipts are kept (their first pages print).
    /// `words`: the claim's language (`Claim.language`).
    init(sheet: ClaimSheet, files: ClaimFiles, madeOn today: CalendarDate, receipts: DocumentStore? = nil,
         words: Localizer = Localization.bundled.localizer(for: .template)) {
        let claim = sheet.claim, schedule = sheet.schedule, format = DisplayFormat(words: words), wording = ClaimMethodText(words: words)
        func money(_ minorUnits: Int64) -> String { format.exactMoney(minorUnits, in: sheet.currency) }
        func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("packet." + key, arguments) }
        func fact(_ label: String, _ value: String) -> ReportFact? { value.isEmpty ? nil : ReportFact(label: label, value: value) }
        let period = claim.policyStart == nil && claim.policyEnd == nil ? ""
            : say("period", ["start": .text(claim.policyStart.map(format.day) ?? say("not-given")),
                             "end": .text(claim.policyEnd.map(format.day) ?? say("not-given"))])
        let facts = [
            fact(say("fact.policyholder"), claim.policyholder), fact(say("fact.loss-address"), claim.address), fact(say("fact.insurer"), claim.insurer),
            fact(say("fact.policy-number"), claim.policyNumber), fact(say("fact.policy-period"), period), fact(say("fact.settles-at"), say("settlement.\(claim.settlement.rawValue)")),
            fact(say("fact.deductible"), claim.deductible.map(money) ?? ""), fact(say("fact.other-insurance"), claim.otherInsurance),
            fact(say("fact.claim-number"), claim.claimNumber), fact(say("fact.loss-date"), claim.lossDate.map(format.day) ?? ""),
            fact(say("fact.loss-kind"), claim.lossKind.map { say("loss-kind.\($0.rawValue)") } ?? ""), fact(say("fact.cause"), claim.cause),
            fact(say("fact.police-report"), claim.policeReport), fact(say("fact.police-force"), claim.policeForce),
            fact(say("fact.phone"), claim.phone), fact(say("fact.email"), claim.email), fact(say("fact.contact-address"), claim.contactAddress),
            fact(say("fact.proof-of-loss-due"), claim.proofOfLossDue.map(format.day) ?? ""), fact(say("fact.notes"), claim.notes),
        ].compactMap { $0 }
        let quantity = schedule.totals.quantity
        var totals = [
            ReportFact(label: say("totals.items"), value: schedule.countText(words: words)),
        ] + ClaimOwedSummary(sheet: sheet, words: words).rows.map { ReportFact(label: $0.label, value: $0.value) }
        if let limit = claim.contentsLimit { totals.append(ReportFact(label: say("totals.contents-limit"), value: money(limit))) }
        let amount = ReportAlignment.trailing
        let roomTotals = ReportTable(
            columns: [ReportColumn(title: say("column.room"), weight: 3), ReportColumn(title: say("column.lines"), alignment: amount, weight: 0.8),
                      ReportColumn(title: say("column.replacement-cost"), alignment: amount, weight: 1.6),
                      ReportColumn(title: say("column.depreciation"), alignment: amount, weight: 1.6),
                      ReportColumn(title: say("column.actual-cash-value"), alignment: amount, weight: 1.6)],
            rows: schedule.rooms.map { [$0.room.isEmpty ? say("no-room") : $0.room, String($0.lineCount), money($0.replacementCost), money($0.depreciation), money($0.actualCashValue)] },
            footer: [say("total"), String(schedule.lines.count), money(schedule.totals.replacementCost), money(schedule.totals.depreciation), money(schedule.totals.actualCashValue)])
        let scheduleTable = Self.schedule(schedule, money: money, words: words)
        let bundles = schedule.bundleByItem
        let pages = files.entries.compactMap { entry -> ReportItemPage? in
            guard let line = schedule.lines.first(where: { $0.itemID == entry.line.itemID }) else { return nil }
            let valuation = line.valuation
            let itemFacts = [
                fact(say("item.room"), line.room), fact(say("item.quantity-lost"), line.quantityLostOfHeldText), fact(say("item.description"), line.itemDescription),
                fact(say("item.brand"), line.brand), fact(say("item.model"), line.model), fact(say("item.serial-number"), line.serialNumber),
                fact(say("item.bought"), [line.purchaseDate.map(format.purchase) ?? "", line.purchasedFrom,
                                          (line.purchasePaid.map { $0.shownText(converted: valuation.unitOriginalCost, in: sheet.currency, format: format) } ?? valuation.unitOriginalCost.map(money)) ?? ""]
                    .filter { !$0.isEmpty }.joined(separator: " · ")),
                fact(say("item.replacement-each"), money(valuation.unitReplacementCost)),
                fact(say("item.depreciation"), "\(wording.percent(valuation.depreciationBasisPoints)) (\(wording.category(valuation.category, label: valuation.categoryLabel)))"),
                fact(say("item.actual-cash-value"), say("item.acv-value", ["each": .text(money(valuation.unitActualCashValue)), "all": .text(money(valuation.lineActualCashValue))])),
                bundles[line.itemID].map { ReportFact(label: say("item.in-bundle"), value: say("item.bundle-value", ["name": .text($0.name), "lines": .text($0.numbers)])) },
                line.againstRider ? fact(say("item.against-rider"), line.riderAmount.map { say("item.rider-value", ["claimed": .text(money(line.amountClaimed)), "rider": .text(money($0))]) }
                                                        ?? say("item.rider-value-none", ["claimed": .text(money(line.amountClaimed))])) : nil,
                fact(say("item.how"), wording.basis(line, lossDate: claim.lossDate)),
            ].compactMap { $0 }
            let photos = entry.photos.enumerated().map { index, photo in
                ReportImage(path: photo.printed ?? photo.original, caption: say("photo.number", ["number": .count(index + 1)])
                                + (photo.kind == .general ? "" : " (\(say("photo.kind.\(photo.kind.rawValue)")))")
                                + (photo.takenAt.map { " · " + say("photo.taken", ["when": .text(format.dayAndTime($0))]) } ?? ""))
            }
            let receipts = entry.documents.filter { $0.document.kind == .receipt }.compactMap { document in
                document.path.map { ReportDocumentPage(path: $0, caption: document.document.name) }
            }
            // A photo from before the purchase proves nothing of this item: the claimant's page says so instead.
            let evidence = entry.library.filter { !EvidenceDate.isBeforePurchase(takenAt: $0.takenAt, purchased: line.purchaseDate) }.map { photo in
                ReportImage(path: photo.printed ?? "",
                            caption: ([photo.takenAt.map { say("photo.taken", ["when": .text(format.dayAndTime($0))]) } ?? say("photo.no-date"), photo.camera ?? ""] + [photo.fileName])
                                .filter { !$0.isEmpty }.joined(separator: " · "))
            }
            return ReportItemPage(title: "\(line.number). \(line.name)", facts: itemFacts, photos: photos, receipts: receipts, evidence: evidence)
        }
        let method = schedule.explanation
        let lives = ReportTable(
            columns: [ReportColumn(title: say("column.category"), weight: 3), ReportColumn(title: say("column.useful-life"), weight: 2, keepsWhole: true),
                      ReportColumn(title: say("column.lines"), alignment: amount, weight: 0.8)],
            rows: method.lives.map { [wording.category($0.category, label: $0.label), wording.lifeText($0), format.integer($0.lineCount)] })
        self.init(title: claim.name, subtitle: say("subtitle", ["day": .text(format.day(today))]), facts: facts, totals: totals, method: wording.paragraphs(method),
                  roomTotals: roomTotals, schedule: scheduleTable, items: pages,
                  footerText: [claim.claimNumber.isEmpty ? nil : say("footer.claim", ["number": .text(claim.claimNumber)]), claim.name].compactMap { $0 }.joined(separator: " · "),
                  expenses: ReportExpenses(sheet: sheet, receipts: receipts, words: words),
                  inThisClaim: ClaimMethodNotes.sentences(schedule, lossDate: claim.lossDate, words: words),
                  usefulLives: method.lives.isEmpty ? nil : lives,
                  references: method.references.map { ReportReference(title: $0.name, publisher: $0.publisher, address: $0.url) })
        self.words = ReportWords(words)
    }

    /// The mark beside an actual cash value set by hand, explained under the schedule.
    static let setByHand = "*"

    /// The schedule as adjusters' schedules run (the generic schedule of loss's columns), a line of
    /// text to a row on a turned page: line, room, quantity, what it is, when it was bought and its
    /// age in years, then the money — original cost, replacement cost each and in all, depreciation
    /// as a share and in money, actual cash value — with totals under every money column that adds
    /// up. Where it was bought and the unit actual cash value are on the item's page (and in the CSV).
    static func schedule(_ schedule: ClaimSchedule, money: (Int64) -> String,
                         words: Localizer = Localization.bundled.localizer(for: .template)) -> ReportTable {
        func say(_ key: String) -> String { words.text("packet." + key) }
        let format = DisplayFormat(words: words), wording = ClaimMethodText(words: words)
        let amount = ReportAlignment.trailing
        // A room's own name ("Kitchen") unless two rooms of the claim share it; then its path.
        var pathsByName: [String: Set<String>] = [:]
        for line in schedule.lines { pathsByName[line.roomName, default: []].insert(line.room) }
        let columns = [
            ReportColumn(title: say("schedule.line"), alignment: amount, weight: 0.45), ReportColumn(title: say("schedule.room"), weight: 1.1),
            ReportColumn(title: say("schedule.quantity"), alignment: amount, weight: 0.5), ReportColumn(title: say("schedule.description"), weight: 2.6),
            ReportColumn(title: say("schedule.brand-model-serial"), weight: 2), ReportColumn(title: say("schedule.bought"), weight: 0.9, keepsWhole: true),
            ReportColumn(title: say("schedule.age"), alignment: amount, weight: 0.6),
            ReportColumn(title: say("schedule.original-cost"), alignment: amount, weight: 1), ReportColumn(title: say("schedule.replacement-each"), alignment: amount, weight: 1),
            ReportColumn(title: say("schedule.replacement-total"), alignment: amount, weight: 1), ReportColumn(title: say("schedule.depreciation-percent"), alignment: amount, weight: 0.6),
            ReportColumn(title: say("schedule.depreciation"), alignment: amount, weight: 1), ReportColumn(title: say("schedule.acv"), alignment: amount, weight: 1),
        ]
        let rows = schedule.rows.map { row in
            guard case .line(let line) = row else { return bundleRow(row, money: money, room: { bundle in
                if bundle.roomName.isEmpty { return bundle.lines.contains { !$0.roomName.isEmpty } ? say("schedule.several-rooms") : "" }
                return (pathsByName[bundle.roomName]?.count ?? 0) > 1 ? bundle.room : bundle.roomName
            }) }
            let valuation = line.valuation
            let mark = valuation.isOverridden ? setByHand : ""
            let room = (pathsByName[line.roomName]?.count ?? 0) > 1 ? line.room : line.roomName
            // A no-break space keeps "S/N" with its serial number.
            let serial = line.serialNumber.isEmpty ? "" : say("schedule.serial") + "\u{00A0}" + line.serialNumber
            return [line.number.grouped, room, format.quantity(line.quantityLost, line.quantityUnit), line.description,
                    [line.brand, line.model, serial].filter { !$0.isEmpty }.joined(separator: " · "),
                    line.purchaseDate.map(format.purchase) ?? "",
                    // A date remembered roughly keeps its "about": its tenths would claim a precision it lacks.
                    line.purchaseDate?.isRough == true ? wording.ageText(line) : line.ageInTenthsOfYears.map { format.decimal("\($0 / 10).\($0 % 10)") } ?? wording.ageText(line),
                    (valuation.lineOriginalCost.map(money) ?? "") + (line.purchasePaid.map { " " + paidNote($0, quantity: line, format: format) } ?? ""),
                    money(valuation.unitReplacementCost), money(valuation.lineReplacementCost),
                    wording.percent(valuation.depreciationBasisPoints), money(valuation.lineDepreciation),
                    money(valuation.lineActualCashValue) + mark]
        }
        let totals = schedule.totals
        let footer = ["", say("total"), totals.quantity.grouped, "", "", "", "", money(totals.originalCost), "", money(totals.replacementCost),
                      "", money(totals.depreciation), money(totals.actualCashValue)]
        let marked = schedule.lines.contains { $0.valuation.isOverridden }
        let bundled = !schedule.bundles.isEmpty
        return ReportTable(columns: columns, rows: rows, footer: footer,
                           notes: (marked ? ["\(setByHand) " + say("schedule.note.set-by-hand")] : [])
                            + (bundled ? [say("schedule.note.bundles")] : []))
    }

    /// What was paid in another currency, under the line's original cost: "(£129.99 at 1.1634, Mar 14,
    /// 2019)", "each" when more than one was lost; the item's page gives the whole conversion.
    private static func paidNote(_ paid: PurchasePaid, quantity line: ClaimScheduleLine, format: DisplayFormat) -> String {
        format.words.text(line.quantityLost == .one ? "packet.schedule.paid" : "packet.schedule.paid-each",
                          ["paid": .text(format.exactMoney(paid.amount, in: paid.currency)), "rate": .text(format.decimal(paid.rate.description)),
                           "day": .text(format.day(paid.rateDate))])
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
