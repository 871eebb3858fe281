import Database

/// How many still-owned items each place and tag would bring: what a claim's Add Items offers, so
/// each choice says how much it adds before it is made.
public struct OwnedItemCounts: Sendable, Equatable {
    /// Every still-owned item.
    public let total: Int
    /// Each place with everything inside it, the places below it included (as a claim adds it).
    public let byPlace: [Location.ID: Int]
    public let byTag: [String: Int]
}

extension ItemStore {
    /// One snapshot of the counts; `places` are `locations()`, parents before the places inside them.
    /// Counting reads every item, so the counts are kept until the inventory next changes: a claim's
    /// page opened again does the same work however large the inventory (`ClaimSheetReadTests`).
    public func ownedItemCounts(places: [Location]) throws -> OwnedItemCounts {
        try shared.ownedCounts.value(for: household.household, at: revision) { try countOwnedItems(places: places) }
    }

    private func countOwnedItems(places: [Location]) throws -> OwnedItemCounts {
        try household.readTransaction { connection in
            var own: [Location.ID: Int] = [:]
            try connection.forEachRow("""
                SELECT location_id, count(*) FROM items WHERE household_id = :household AND disposed_kind IS NULL AND location_id IS NOT NULL GROUP BY location_id
                """, []) { own[$0.id(0)] = $0.int(1) }
            var byTag: [String: Int] = [:]
            try connection.forEachRow("""
                SELECT tags.name, count(*) FROM item_tags JOIN tags ON tags.id = item_tags.tag_id
                JOIN items ON items.id = item_tags.item_id WHERE items.household_id = :household AND items.disposed_kind IS NULL GROUP BY tags.id
                """, []) { byTag[$0.string(0)] = $0.int(1) }
            let total = try connection.rows("SELECT count(*) FROM items WHERE household_id = :household AND disposed_kind IS NULL") { $0.int(0) }.first ?? 0
            // Children come after their parents, so walking backwards adds each place's whole count
            // to its parent before the parent is passed on.
            var byPlace = own
            for place in places.reversed() {
                guard let parent = place.parentID else { continue }
                byPlace[parent, default: 0] += byPlace[place.id, default: 0]
            }
            return OwnedItemCounts(total: total, byPlace: byPlace, byTag: byTag)
        }
    }
}
