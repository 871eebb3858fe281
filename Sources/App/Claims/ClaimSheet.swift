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

    /// What every claim's sheet is made from, read once for as many claims as a page shows.
    struct Source {
        let items: [Int64: Item]
        let paths: [Int64: String]
        let table: UsefulLifeTable
        let currency: Currency

        init(items store: ItemStore, claims: ClaimStore) throws {
            items = Dictionary(uniqueKeysWithValues: try store.all().map { ($0.id, $0) })
            paths = Dictionary(uniqueKeysWithValues: try store.locations().map { ($0.id, $0.path) })
            table = try claims.usefulLifeTable()
            currency = try store.currency()
        }
    }

    /// Reads the claim's items and values them.
    init(claim: Claim, items store: ItemStore, claims: ClaimStore) throws {
        try self.init(claim: claim, source: try Source(items: store, claims: claims))
    }

    init(claim: Claim, source: Source) throws {
        let lines = claim.lines.compactMap { line -> ClaimScheduleInput.Line? in
            guard let item = source.items[line.itemID] else { return nil }
            return ClaimScheduleInput.Line(item: item, room: item.locationID.flatMap { source.paths[$0] } ?? "", record: line)
        }
        self.claim = claim
        items = Dictionary(uniqueKeysWithValues: lines.map { ($0.item.id, $0.item) })
        table = source.table
        currency = source.currency
        schedule = try ClaimSchedule(ClaimScheduleInput(lossDate: claim.lossDate, table: source.table, lines: lines))
    }

    func money(_ minorUnits: Int64) -> String { Money(minorUnits: minorUnits, currency: currency).formatted }

    /// "claim-7-kitchen-fire": the packet's file names, ASCII letters and digits only.
    var fileStem: String {
        let words = claim.name.lowercased().unicodeScalars.map { $0.isASCII && CharacterSet.alphanumerics.contains($0) ? Character($0) : " " }
        let slug = String(words).split(separator: " ").prefix(6).joined(separator: "-")
        return "claim-\(claim.id)" + (slug.isEmpty ? "" : "-" + slug)
    }
}
