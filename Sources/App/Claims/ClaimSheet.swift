import Claims
import Foundation
import Inventory

/// A claim with everything its pages, JSON and packet show: its items as they are now, and its
/// schedule worked out from them with the household's useful-life table.
struct ClaimSheet {
    let claim: Claim
    let items: [Int64: Item]
    let schedule: ClaimSchedule
    let table: UsefulLifeTable
    let currency: Currency

    /// Reads the claim's items and values them.
    init(claim: Claim, items store: ItemStore, claims: ClaimStore) throws {
        let wanted = Set(claim.lines.map(\.itemID))
        let items = Dictionary(uniqueKeysWithValues: try store.all().filter { wanted.contains($0.id) }.map { ($0.id, $0) })
        let paths = Dictionary(uniqueKeysWithValues: try store.locations().map { ($0.id, $0.path) })
        let table = try claims.usefulLifeTable()
        let lines = claim.lines.compactMap { line -> ClaimScheduleInput.Line? in
            guard let item = items[line.itemID] else { return nil }
            return ClaimScheduleInput.Line(item: item, room: item.locationID.flatMap { paths[$0] } ?? "", quantityLost: line.quantityLost,
                                           category: line.category, unitACVOverride: line.unitACVOverride, overrideReason: line.overrideReason,
                                           paid: line.paid, replacedCost: line.replacedCost, replacedDate: line.replacedDate)
        }
        self.claim = claim
        self.items = items
        self.table = table
        self.currency = try store.currency()
        schedule = try ClaimSchedule(ClaimScheduleInput(lossDate: claim.lossDate, table: table, lines: lines))
    }

    func money(_ minorUnits: Int64) -> String { Money(minorUnits: minorUnits, currency: currency).formatted }

    /// "claim-7-kitchen-fire": the packet's file names, ASCII letters and digits only.
    var fileStem: String {
        let words = claim.name.lowercased().unicodeScalars.map { $0.isASCII && CharacterSet.alphanumerics.contains($0) ? Character($0) : " " }
        let slug = String(words).split(separator: " ").prefix(6).joined(separator: "-")
        return "claim-\(claim.id)" + (slug.isEmpty ? "" : "-" + slug)
    }
}
