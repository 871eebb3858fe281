import Database
import Inventory

/// Claims with their items and schedules (`ClaimSheet`), each read in one read transaction: the
/// claim, its lines, exactly the lines' items with their places, the currency and the useful-life
/// table, all of one moment, and nothing of the items no claim holds.
extension ClaimStore {
    public func sheet(id: Claim.ID) throws -> ClaimSheet {
        try household.readTransaction { connection in
            try Self.sheets(of: [try Self.claim(id: id, in: connection)], expenses: try Self.ledger(ofClaim: id, in: connection), in: connection)[0]
        }
    }

    /// Every claim's sheet, newest first (the claims list).
    public func sheets() throws -> [ClaimSheet] {
        try household.readTransaction { connection in try Self.sheets(of: try Self.claims(in: connection), in: connection) }
    }

    private static func sheets(of claims: [Claim], expenses: ClaimExpenseLedger = .empty, in connection: HouseholdConnection) throws -> [ClaimSheet] {
        let inventory = InventoryReader(connection)
        let ids = Set(claims.flatMap { $0.lines.map(\.itemID) })
        var items: [Item.ID: Item] = [:], rooms: [Item.ID: (path: String, name: String)] = [:]
        for item in try inventory.items(ids: ids.sorted()) {
            items[item.id] = item
            rooms[item.id] = (try inventory.path(of: item.locationID), try inventory.name(of: item.locationID))
        }
        let table = try usefulLifeTable(in: connection), currency = try inventory.currency()
        return try claims.map { try ClaimSheet(claim: $0, items: items, rooms: rooms, table: table, currency: currency, expenses: expenses) }
    }
}
