import ClaimReport
import Claims
import Inventory
import Localization

extension PoliceListDocument {
    /// The police list of a claim: who, where and when, then each line with every serial number (one
    /// to a row, so none is broken across lines), its marks, its value and its main photo. `words`: the claim's language.
    init(sheet: ClaimSheet, files: ClaimFiles, madeOn today: CalendarDate, words: Localizer = Localization.bundled.localizer(for: .template)) {
        let claim = sheet.claim, format = DisplayFormat(words: words)
        func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("packet." + key, arguments) }
        // The ISO day US English's list has always given; the language's own form elsewhere.
        func day(_ day: CalendarDate) -> String { format.local == nil ? day.iso : format.day(day) }
        func fact(_ label: String, _ value: String) -> ReportFact? { value.isEmpty ? nil : ReportFact(label: label, value: value) }
        let facts = [
            fact(say("police.claimant"), claim.policyholder), fact(say("police.address"), claim.address), fact(say("police.loss-date"), claim.lossDate.map(day) ?? ""),
            fact(say("fact.cause"), claim.cause), fact(say("fact.police-report"), claim.policeReport), fact(say("fact.police-force"), claim.policeForce),
            fact(say("fact.insurer"), claim.insurer), fact(say("fact.claim-number"), claim.claimNumber),
            fact(say("fact.policy-number"), claim.policyNumber),
        ].compactMap { $0 }
        let photos = Dictionary(files.entries.map { ($0.line.itemID, $0.photos.first) }, uniquingKeysWith: { first, _ in first })
        let entries = ClaimPoliceList(sheet.schedule).lines.map { line in
            let itemFacts = [
                fact(say("item.brand"), line.brand), fact(say("item.model"), line.model),
                ReportFact(label: say("police.serial-numbers", ["count": .count(max(line.serials.count, 1))]),
                           value: line.serials.isEmpty ? say("police.no-serial") : line.serials.joined(separator: "\n")),
                ReportFact(label: say("police.quantity"), value: line.quantity), fact(say("police.marks"), line.distinguishingMarks),
                ReportFact(label: say("police.value"), value: say("police.value-new", ["amount": .text(format.exactMoney(line.value, in: sheet.currency))])),
                fact(say("item.room"), line.room),
            ].compactMap { $0 }
            let photo = (photos[line.itemID] ?? nil).map { ReportImage(path: $0.printed ?? $0.original, caption: say("police.main-photo")) }
            return PoliceListEntry(title: "\(line.number). \(line.name)", facts: itemFacts, photo: photo)
        }
        self.init(title: say("police.title", ["claim": .text(claim.name)]), subtitle: say("police.subtitle", ["day": .text(day(today))]), facts: facts, entries: entries,
                  footerText: [claim.claimNumber.isEmpty ? nil : say("footer.claim", ["number": .text(claim.claimNumber)]), say("police.footer")]
                    .compactMap { $0 }.joined(separator: " · "))
        self.words = ReportWords(words)
    }
}
