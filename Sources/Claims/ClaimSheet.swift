import Foundation
import Inventory

/// A claim with everything its pages, JSON and packet show: its items as they are now, and its
/// schedule worked out from them with the household's useful-life table. Read by
/// `ClaimStore.sheet(id:)` in one read transaction of the claim's own items.
public struct ClaimSheet: Sendable {
    public let claim: Claim
    /// The claim's items, by id (a line whose item is gone has none, and no line in the schedule).
    public let items: [Item.ID: Item]
    public let schedule: ClaimSchedule
    public let table: UsefulLifeTable
    public let currency: Currency
    /// The claim's additional living expenses (read for one claim's sheet; empty in the list's).
    public let expenses: ClaimExpenseLedger

    /// Values the claim's lines with `items` (at least the claim's own) and their rooms.
    init(claim: Claim, items: [Item.ID: Item], rooms: [Item.ID: (path: String, name: String)], table: UsefulLifeTable, currency: Currency,
         expenses: ClaimExpenseLedger = .empty) throws {
        let lines = claim.lines.compactMap { line -> ClaimScheduleInput.Line? in
            guard let item = items[line.itemID] else { return nil }
            let room = rooms[item.id] ?? ("", "")
            return ClaimScheduleInput.Line(item: item, room: room.path, roomName: room.name, record: line)
        }
        self.claim = claim
        self.items = Dictionary(uniqueKeysWithValues: lines.map { ($0.item.id, $0.item) })
        self.table = table
        self.currency = currency
        self.expenses = expenses
        schedule = try ClaimSchedule(ClaimScheduleInput(lossDate: claim.lossDate, table: table, lines: lines, terms: claim.terms, salesTaxRate: claim.salesTaxRate,
                                                           bundles: claim.bundles))
    }

    public func money(_ minorUnits: Int64) -> String { Money(minorUnits: minorUnits, currency: currency).formatted }

    /// "claim-7-kitchen-fire": the packet's file names, ASCII letters and digits only.
    public var fileStem: String {
        let words = claim.name.lowercased().unicodeScalars.map { $0.isASCII && CharacterSet.alphanumerics.contains($0) ? Character($0) : " " }
        let slug = String(words).split(separator: " ").prefix(6).joined(separator: "-")
        return "claim-\(claim.id)" + (slug.isEmpty ? "" : "-" + slug)
    }
}
