import Foundation
import Database

/// Locations live beside the items they hold: a location's change is an inventory change (the list
/// shows paths), and an item's location is checked in the same transaction that sets it.
extension ItemStore {
    /// Every location, ordered by path.
    public func locations() throws -> [Location] {
        try database.read { try Self.locations(in: $0) }
    }

    static func locations(in connection: Connection) throws -> [Location] {
        do {
            let rows = try connection.rows("SELECT id, name, parent_id, notes FROM locations") { row in
                (id: row.int64(0), name: row.string(1), parentID: row.optionalInt64(2), notes: row.string(3))
            }
            let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
            func pathNames(of id: Int64) -> [String] {
                var names: [String] = [], next: Int64? = id, seen: Set<Int64> = []
                while let current = next, let row = byID[current], seen.insert(current).inserted {
                    names.append(row.name)
                    next = row.parentID
                }
                return names.reversed()
            }
            return rows.map { Location(id: $0.id, name: $0.name, parentID: $0.parentID, notes: $0.notes, pathNames: pathNames(of: $0.id)) }
                .sorted { $0.pathNames.lexicographicallyPrecedes($1.pathNames) { $0.localizedStandardCompare($1) == .orderedAscending } }
        }
    }

    public func location(id: Int64) throws -> Location {
        try database.read { try Self.location(id: id, in: $0) }
    }

    public func createLocation(_ unchecked: LocationInput) throws -> Location {
        let input = try Self.validate(unchecked, creating: true)
        return try change { connection in
            let parentID = input.parentID ?? nil
            try Self.checkParent(parentID, in: connection)
            try connection.run("INSERT INTO locations (name, parent_id, notes) VALUES (?, ?, ?)", input.name ?? "", parentID, input.notes ?? "")
            return try Self.location(id: connection.lastInsertRowID, in: connection)
        }
    }

    /// Renames, re-notes or moves a location; what is inside moves with it.
    public func updateLocation(id: Int64, _ unchecked: LocationInput) throws -> Location {
        let input = try Self.validate(unchecked, creating: false)
        return try change { connection in
            var location = try Self.location(id: id, in: connection)
            if let parentID = input.parentID {
                try Self.checkParent(parentID, in: connection)
                if let parentID, try Self.pathIDs(of: parentID, in: connection).contains(id) {
                    let parent = try Self.location(id: parentID, in: connection)
                    throw InventoryError.invalid(ValidationError(errors: [FieldError(
                        field: "parentId",
                        message: "“\(location.name)” can’t go inside “\(parent.path)”: that is inside it. Choose a location outside it.")]))
                }
                location.parentID = parentID
            }
            let name = input.name ?? location.name
            let before = try Self.location(id: id, in: connection)
            try connection.run("UPDATE locations SET name = ?, parent_id = ?, notes = ? WHERE id = ?",
                               name, location.parentID, input.notes ?? location.notes, id)
            // A new name or place is a new path for everything inside: their search texts and room sort change.
            if name != before.name || location.parentID != before.parentID { try Self.indexItems(below: id, in: connection) }
            return try Self.location(id: id, in: connection)
        }
    }

    /// Deletes an empty location; one holding items or locations is refused, naming what it holds.
    public func deleteLocation(id: Int64) throws {
        try change { connection in
            let location = try Self.location(id: id, in: connection)
            let items = Int(try connection.scalar("SELECT count(*) FROM items WHERE location_id = ?", id) ?? 0)
            let locations = Int(try connection.scalar("SELECT count(*) FROM locations WHERE parent_id = ?", id) ?? 0)
            guard items == 0, locations == 0 else {
                throw InventoryError.locationNotEmpty(name: location.path, items: items, locations: locations)
            }
            try connection.run("DELETE FROM locations WHERE id = ?", id)
        }
    }

    static func checkLocation(_ id: Int64?, in connection: Connection) throws {
        guard let id, try connection.scalar("SELECT 1 FROM locations WHERE id = ?", id) == nil else { return }
        throw InventoryError.invalid(ValidationError(errors: [FieldError(
            field: "locationId", message: "There is no location \(id). Choose one of the locations, or none.")]))
    }

    private static func checkParent(_ id: Int64?, in connection: Connection) throws {
        guard let id, try connection.scalar("SELECT 1 FROM locations WHERE id = ?", id) == nil else { return }
        throw InventoryError.invalid(ValidationError(errors: [FieldError(
            field: "parentId", message: "There is no location \(id) to put this one in. Choose another, or none for a top-level location.")]))
    }

    private static func validate(_ input: LocationInput, creating: Bool) throws(InventoryError) -> LocationInput {
        do { return try input.validated(creating: creating) } catch { throw .invalid(error) }
    }

    /// The ids from the location up to the top, itself first (a damaged cycle stops at its repeat).
    private static func pathIDs(of id: Int64, in connection: Connection) throws -> [Int64] {
        var ids: [Int64] = [], next: Int64? = id
        while let current = next, !ids.contains(current),
              let parent = try connection.firstRow("SELECT parent_id FROM locations WHERE id = ?", current, decode: { $0.optionalInt64(0) }) {
            ids.append(current)
            next = parent
        }
        return ids
    }

    static func location(id: Int64, in connection: Connection) throws -> Location {
        guard let row = try connection.firstRow("SELECT name, parent_id, notes FROM locations WHERE id = ?", id, decode: {
            (name: $0.string(0), parentID: $0.optionalInt64(1), notes: $0.string(2))
        }) else { throw InventoryError.locationNotFound(id: id) }
        var names: [String] = []
        for ancestor in try pathIDs(of: id, in: connection).reversed() {
            names.append(try connection.firstRow("SELECT name FROM locations WHERE id = ?", ancestor) { $0.string(0) } ?? "")
        }
        return Location(id: id, name: row.name, parentID: row.parentID, notes: row.notes, pathNames: names)
    }
}

extension ItemStore {
    /// How many items each location holds itself (not counting those below it).
    public func itemCountsByLocation() throws -> [Int64: Int] {
        try database.read { connection in
            var counts: [Int64: Int] = [:]
            try connection.forEachRow("SELECT location_id, count(*) FROM items WHERE location_id IS NOT NULL GROUP BY location_id", []) { row in
                counts[row.int64(0)] = row.int(1)
            }
            return counts
        }
    }
}
