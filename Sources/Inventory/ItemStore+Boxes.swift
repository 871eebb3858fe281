import Database

/// An item packed in a box: the nearest box around it, and the place it was packed from (nil when
/// it went straight into the box: made there, or from no place).
public struct ItemPacking: Sendable, Equatable {
    public let box: Location
    public let cameFrom: Location?

    public init(box: Location, cameFrom: Location?) {
        self.box = box
        self.cameFrom = cameFrom
    }
}

/// A box holding some of a list's items (a claim's): the box as it is now, and those items.
public struct PackedBox: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public let itemID: Item.ID
        public let name: String
        public let cameFrom: Location?
    }

    public let box: Location
    public let entries: [Entry]
}

/// Boxes: a box is a place that moves (`Location.isBox`); moving it (`updateLocation`) takes
/// everything inside. An item that goes into a box, or a place inside one, keeps the place it came
/// from (`items.packed_from_id`: the nearest place outside every box it was in), so a box moved to
/// the garage still says its plates came from the kitchen; taken out of boxes, it forgets it.
extension ItemStore {
    /// The box `id` is packed in and where it came from; nil when it is in no box.
    public func packing(of id: Item.ID) throws -> ItemPacking? {
        try household.read { connection in
            guard let (locationID, packedFrom) = try connection.firstRow("SELECT location_id, packed_from_id FROM items WHERE household_id = :household AND id = ?", id, decode: {
                ($0.optionalID(0, of: Location.self), $0.optionalID(1, of: Location.self))
            }) else { throw InventoryError.itemNotFound(id: id) }
            let paths = LocationPaths(connection)
            guard let locationID, let box = try Self.nearestBox(Self.chain(from: locationID, in: connection)),
                  let boxLocation = try paths.location(box) else { return nil }
            return ItemPacking(box: boxLocation, cameFrom: try packedFrom.flatMap { try paths.location($0) })
        }
    }

    /// The boxes holding any of `ids` (the nearest box around each), by where they are now, each with
    /// those items in the order given and where each came from: a claim's pack-out list.
    public func packedBoxes(holding ids: [Item.ID]) throws -> [PackedBox] {
        try household.readTransaction { connection in
            // Most households have no box: one look, not one per item.
            guard try connection.scalar("SELECT 1 FROM locations WHERE household_id = :household AND is_box = 1 LIMIT 1") != nil else { return [] }
            let paths = LocationPaths(connection)
            var chains: [Location.ID: [Link]] = [:]
            var order: [Location.ID] = [], entries: [Location.ID: [PackedBox.Entry]] = [:]
            for id in ids {
                guard let (name, locationID, packedFrom) = try connection.firstRow(
                    "SELECT name, location_id, packed_from_id FROM items WHERE household_id = :household AND id = ?", id,
                    decode: { ($0.string(0), $0.optionalID(1, of: Location.self), $0.optionalID(2, of: Location.self)) }),
                    let locationID else { continue }
                let chain = try chains[locationID] ?? Self.chain(from: locationID, in: connection)
                chains[locationID] = chain
                guard let box = Self.nearestBox(chain) else { continue }
                if entries[box] == nil { order.append(box) }
                entries[box, default: []].append(PackedBox.Entry(itemID: id, name: name, cameFrom: try packedFrom.flatMap { try paths.location($0) }))
            }
            return try order.compactMap { id in
                try paths.location(id).map { PackedBox(box: $0, entries: entries[id] ?? []) }
            }.sorted { $0.box.path.localizedStandardCompare($1.box.path) == .orderedAscending }
        }
    }

    /// The place each packed item came from, for the export.
    static func packedFrom(in connection: HouseholdConnection) throws -> [Item.ID: Location.ID] {
        var result: [Item.ID: Location.ID] = [:]
        try connection.forEachRow("SELECT id, packed_from_id FROM items WHERE +household_id = :household AND packed_from_id IS NOT NULL", []) { result[$0.id(0)] = $0.id(1) }
        return result
    }

    /// A place and the places above it, itself first: what says whether it is in a box.
    struct Link { let id: Location.ID; let isBox: Bool }

    static func chain(from id: Location.ID, in connection: HouseholdConnection) throws -> [Link] {
        // A damaged loop stops at the depth limit.
        try connection.rows("""
            WITH RECURSIVE up (id, parent_id, is_box, depth) AS (
                SELECT id, parent_id, is_box, 0 FROM locations WHERE household_id = :household AND id = ?
                UNION ALL SELECT locations.id, locations.parent_id, locations.is_box, up.depth + 1
                FROM locations JOIN up ON locations.id = up.parent_id WHERE up.depth < \(Location.maxDepth))
            SELECT id, is_box FROM up ORDER BY depth
            """, id) { Link(id: $0.id(0), isBox: $0.int(1) != 0) }
    }

    private static func nearestBox(_ chain: [Link]) -> Location.ID? { chain.first(where: \.isBox)?.id }

    /// The nearest place outside every box in `chain` (the room a box stands in); the place itself when
    /// it is in no box; nil when the outermost box is at the top. `overriding` gives a place's flag as
    /// it is about to be.
    private static func outside(_ chain: [Link], overriding: [Location.ID: Bool] = [:]) -> Location.ID? {
        var outside = chain.first?.id
        for (index, link) in chain.enumerated() where overriding[link.id] ?? link.isBox {
            outside = index + 1 < chain.count ? chain[index + 1].id : nil
        }
        return outside
    }

    private static func isBoxed(_ chain: [Link]) -> Bool { chain.contains(where: \.isBox) }

    /// An item moved from `from` to `to` (in the transaction that moved it): into boxes from outside
    /// them it remembers `from`; from box to box it keeps what it remembered; out of boxes it forgets.
    static func notePacking(ofItem id: Item.ID, from: Location.ID?, to: Location.ID?, in connection: HouseholdConnection) throws {
        guard let to, isBoxed(try chain(from: to, in: connection)) else {
            try connection.run("UPDATE items SET packed_from_id = NULL WHERE household_id = :household AND id = ? AND packed_from_id IS NOT NULL", id)
            return
        }
        guard let from else { return }
        let before = try chain(from: from, in: connection)
        if isBoxed(before) {
            try connection.run("UPDATE items SET packed_from_id = ? WHERE household_id = :household AND id = ? AND packed_from_id IS NULL", outside(before), id)
        } else {
            try connection.run("UPDATE items SET packed_from_id = ? WHERE household_id = :household AND id = ?", from, id)
        }
    }

    /// The items inside a place about to move or to become (or stop being) a box, each with whether it
    /// was in a box and the place outside boxes it is in (with the place's new flag: a shelf made a
    /// box was in the kitchen).
    struct PackingBefore {
        struct Entry { let item: Item.ID; let location: Location.ID; let wasBoxed: Bool; let outside: Location.ID? }
        let entries: [Entry]
    }

    static func packingBeforeMove(of id: Location.ID, becomingBox: Bool, in connection: HouseholdConnection) throws -> PackingBefore {
        var chains: [Location.ID: [Link]] = [:]
        let items = try connection.rows("""
            WITH RECURSIVE below (id) AS (
                SELECT id FROM locations WHERE household_id = :household AND id = ?
                UNION SELECT locations.id FROM locations JOIN below ON locations.parent_id = below.id)
            SELECT items.id, items.location_id FROM items JOIN below ON items.location_id = below.id
            """, id) { ($0.id(0, of: Item.self), $0.id(1, of: Location.self)) }
        return PackingBefore(entries: try items.map { item, location in
            let chain = try chains[location] ?? chain(from: location, in: connection)
            chains[location] = chain
            return PackingBefore.Entry(item: item, location: location, wasBoxed: isBoxed(chain), outside: outside(chain, overriding: [id: becomingBox]))
        })
    }

    /// After the move: what went into boxes remembers where it was; what came out of them forgets.
    static func notePacking(_ before: PackingBefore, in connection: HouseholdConnection) throws {
        var boxed: [Location.ID: Bool] = [:]
        for entry in before.entries {
            let isBoxed = try boxed[entry.location] ?? isBoxed(chain(from: entry.location, in: connection))
            boxed[entry.location] = isBoxed
            if !isBoxed {
                try connection.run("UPDATE items SET packed_from_id = NULL WHERE household_id = :household AND id = ? AND packed_from_id IS NOT NULL", entry.item)
            } else if !entry.wasBoxed {
                try connection.run("UPDATE items SET packed_from_id = ? WHERE household_id = :household AND id = ?", entry.outside, entry.item)
            }
        }
    }
}
