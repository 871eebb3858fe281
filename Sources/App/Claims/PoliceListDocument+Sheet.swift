import ClaimReport
import Claims
import Inventory

extension PoliceListDocument {
    /// The police list of a claim: who, where and when, then each line with every serial number (one
    /// to a row, so none is broken across lines), its marks, its value and its main photo.
    init(sheet: ClaimSheet, files: ClaimFiles, madeOn today: CalendarDate) {
        let claim = sheet.claim
        func fact(_ label: String, _ value: String) -> ReportFact? { value.isEmpty ? nil : ReportFact(label: label, value: value) }
        let facts = [
            fact("Claimant", claim.policyholder), fact("Address", claim.address), fact("Date of the loss", claim.lossDate?.iso ?? ""),
            fact("Cause of loss", claim.cause), fact(ClaimText.policeReport.label, claim.policeReport), fact(ClaimText.policeForce.label, claim.policeForce),
            fact("Insurer", claim.insurer), fact("Claim number", claim.claimNumber),
            fact("Policy number", claim.policyNumber),
        ].compactMap { $0 }
        let photos = Dictionary(files.entries.map { ($0.line.itemID, $0.photos.first) }, uniquingKeysWith: { first, _ in first })
        let entries = ClaimPoliceList(sheet.schedule).lines.map { line in
            let itemFacts = [
                fact("Brand", line.brand), fact("Model", line.model),
                ReportFact(label: line.serials.count > 1 ? "Serial numbers" : "Serial number",
                           value: line.serials.isEmpty ? ClaimPoliceList.noSerial + ": look on its box, receipt or manual" : line.serials.joined(separator: "\n")),
                ReportFact(label: "Quantity", value: line.quantity), fact("Distinguishing marks", line.distinguishingMarks),
                ReportFact(label: "Value", value: sheet.money(line.value) + " (to replace new)"), fact("Room", line.room),
            ].compactMap { $0 }
            let photo = (photos[line.itemID] ?? nil).map { ReportImage(path: $0.printed ?? $0.original, caption: "Main photo") }
            return PoliceListEntry(title: "\(line.number). \(line.name)", facts: itemFacts, photo: photo)
        }
        self.init(title: "Stolen property: \(claim.name)", subtitle: "List for the police, prepared \(today.iso)", facts: facts, entries: entries,
                  footerText: [claim.claimNumber.isEmpty ? nil : "Claim \(claim.claimNumber)", "Police list"].compactMap { $0 }.joined(separator: " · "))
    }
}
