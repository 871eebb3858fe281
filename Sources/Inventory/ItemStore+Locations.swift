import Foundation
import Database

/// Locations live beside the items they hold: a location's change is an inventory change (the list
/// shows paths), and an item's location is checked in the same transaction that sets it.
extension ItemStore {
    /// Every location, parents first, each followed by the places inside it (those by name, as
    /// Finder orders names: "Box 2" before "Box 10"): its path's order.
    public func locations() throws -> [Location] {
        try household.read { try Self.locations(in: $0) }
    }

    static func locations(in connection: HouseholdConnection) throws -> [Location] {
        var notes: [String] = [], boxes: [Bool] = []
        let places = try connection.rows("SELECT id, name, parent_id, notes, is_box FROM locations WHERE household_id = :household ORDER BY id") { row in
            notes.append(row.string(3))
            boxes.append(row.int(4) != 0)
            return PlaceTree.Place(id: row.id(0, of: Location.self), name: row.string(1), parentID: row.optionalID(2))
        }
        // One comparison of two names for each pair the sort weighs, not of two whole paths.
        let tree = PlaceTree(places) { $0.localizedStandardCompare($1) }
        let paths = tree.pathNames()
        return tree.order.map { index in
            let place = places[index]
            return Location(id: place.id, name: place.name, parentID: place.parentID, notes: notes[index], pathNames: paths[index], isBox: boxes[index])
        }
    }

    public func location(id: Location.ID) throws -> Location {
        try household.read { try Self.location(id: id, in: $0) }
    }

    public func createLocation(_ unchecked: LocationInput) throws -> Location {
        let input = try Self.validate(unchecked, creating: true)
        return try change { connection in
            let parentID = input.parentID ?? nil
            if let parentID {
                let parent = try Self.parent(parentID, in: connection)
                guard parent.pathNames.count < Location.maxDepth else {
                    throw InventoryError.invalid(ValidationError(errors: [FieldError(field: "parentId", Message(
                        "error.place.too-deep", "“\(Location.shortened(parent.pathNames))” is \(parent.pathNames.count) places deep already; Homepwner keeps places "
                            + "at most \(Location.maxDepth) deep. Put the new place in one higher up.",
                        ["place": .text(Location.shortened(parent.pathNames)), "count": .count(parent.pathNames.count), "limit": .count(Location.maxDepth)]))]))
                }
            }
            try connection.run("INSERT INTO locations (household_id, name, parent_id, notes, is_box) VALUES (:household, ?, ?, ?, ?)", input.name ?? "", parentID, input.notes ?? "",
                               input.isBox ?? false)
            return try Self.location(id: connection.lastInsertedID(), in: connection)
        }
    }

    /// Renames, re-notes or moves a location; what is inside moves with it.
    public func updateLocation(id: Location.ID, _ unchecked: LocationInput) throws -> Location {
        let input = try Self.validate(unchecked, creating: false)
        return try change { connection in
            let paths = LocationPaths(connection)
            guard let before = try paths.location(id) else { throw InventoryError.locationNotFound(id: id) }
            var parentID = before.parentID
            if let newParentID = input.parentID {
                if let newParentID {
                    let parent = try Self.parent(newParentID, in: connection, paths: paths)
                    try Self.checkMove(before, into: parent, in: connection, paths: paths)
                }
                parentID = newParentID
            }
            let name = input.name ?? before.name
            let isBox = input.isBox ?? before.isBox
            // What is inside may go into boxes or out of them: where each item came from is noted first.
            let packing = parentID != before.parentID || isBox != before.isBox
                ? try Self.packingBeforeMove(of: id, becomingBox: isBox, in: connection) : nil
            try connection.run("UPDATE locations SET name = ?, parent_id = ?, notes = ?, is_box = ? WHERE household_id = :household AND id = ?",
                               name, parentID, input.notes ?? before.notes, isBox, id)
            if let packing { try Self.notePacking(packing, in: connection) }
            // A new name or place is a new path for everything inside: their search texts and room sort change.
            if name != before.name || parentID != before.parentID { try Self.indexItems(below: id, in: connection) }
            return try Self.location(id: id, in: connection)
        }
    }

    /// Refuses to put `location` inside `parent` when that is inside it, or when what it holds would
    /// go deeper than the limit. A move that takes nothing deeper than it was is always allowed (so a
    /// tree made before the limit can be brought within it a move at a time).
    private static func checkMove(_ location: Location, into parent: Location, in connection: HouseholdConnection, paths: LocationPaths) throws {
        // Up from the new parent (each place read already, for its path): is the location there?
        var above: Location.ID? = parent.id, met: Set<Location.ID> = []
        while let current = above, current != location.id, met.insert(current).inserted { above = try paths.location(current)?.parentID }
        if above == location.id {
            throw InventoryError.invalid(ValidationError(errors: [FieldError(field: "parentId", Message(
                "error.place.inside-itself",
                "“\(location.name)” can’t go inside “\(Location.shortened(parent.pathNames))”: that is inside it. Choose a location outside it.",
                ["name": .text(location.name), "place": .text(Location.shortened(parent.pathNames))]))]))
        }
        let depth = parent.pathNames.count + 1
        guard depth > location.pathNames.count else { return }
        let deepest = depth + (try subtree(of: location.id, in: connection).height) - 1
        guard deepest > Location.maxDepth else { return }
        let arguments: [String: Message.Argument] = ["place": .text(Location.shortened(parent.pathNames)), "name": .text(location.name),
                                                     "count": .count(deepest), "limit": .count(Location.maxDepth)]
        throw InventoryError.invalid(ValidationError(errors: [FieldError(field: "parentId", deepest > depth
            ? Message("error.place.too-deep-with-inside",
                      "Inside “\(Location.shortened(parent.pathNames))”, “\(location.name)” and the places in it would go \(deepest) places deep; "
                        + "Homepwner keeps places at most \(Location.maxDepth) deep. Choose a place higher up, or move some of what is inside “\(location.name)” out first.",
                      arguments)
            : Message("error.place.too-deep-moved",
                      "Inside “\(Location.shortened(parent.pathNames))”, “\(location.name)” would go \(deepest) places deep; "
                        + "Homepwner keeps places at most \(Location.maxDepth) deep. Choose a place higher up.", arguments))]))
    }

    /// Deletes an empty location; one holding items or locations is refused, naming what it holds.
    public func deleteLocation(id: Location.ID) throws {
        try change { connection in
            let location = try Self.location(id: id, in: connection)
            let items = Int(try connection.scalar("SELECT count(*) FROM items WHERE +household_id = :household AND location_id = ?", id) ?? 0)
            let locations = Int(try connection.scalar("SELECT count(*) FROM locations WHERE household_id = :household AND parent_id = ?", id) ?? 0)
            let walkthroughs = Int(try connection.scalar("SELECT count(*) FROM walkthroughs WHERE household_id = :household AND location_id = ?", id) ?? 0)
            guard items == 0, locations == 0, walkthroughs == 0 else {
                throw InventoryError.locationNotEmpty(name: location.path, items: items, locations: locations, walkthroughs: walkthroughs)
            }
            try connection.run("DELETE FROM locations WHERE household_id = :household AND id = ?", id)
        }
    }

    static func checkLocation(_ id: Location.ID?, in connection: HouseholdConnection) throws {
        guard let id, try connection.scalar("SELECT 1 FROM locations WHERE household_id = :household AND id = ?", id) == nil else { return }
        throw InventoryError.invalid(ValidationError(errors: [FieldError(
            field: "locationId", Message("error.place.no-such-location", "There is no location \(id). Choose one of the locations, or none.", ["id": .text("\(id)")]))]))
    }

    /// The place a location is to go inside, with its path.
    private static func parent(_ id: Location.ID, in connection: HouseholdConnection, paths: LocationPaths? = nil) throws -> Location {
        guard let parent = try (paths ?? LocationPaths(connection)).location(id) else {
            throw InventoryError.invalid(ValidationError(errors: [FieldError(
                field: "parentId", Message("error.place.no-such-parent", "There is no location \(id) to put this one in. Choose another, or none for a top-level location.",
                                           ["id": .text("\(id)")]))]))
        }
        return parent
    }

    private static func validate(_ input: LocationInput, creating: Bool) throws(InventoryError) -> LocationInput {
        do { return try input.validated(creating: creating) } catch { throw .invalid(error) }
    }

    static func location(id: Location.ID, in connection: HouseholdConnection) throws -> Location {
        guard let location = try LocationPaths(connection).location(id) else { throw InventoryError.locationNotFound(id: id) }
        return location
    }

    /// The location `id` and every place inside it, as a tree whose top is that location.
    static func subtree(of id: Location.ID, in connection: HouseholdConnection) throws -> PlaceTree<Location.ID> {
        let places = try connection.rows("""
            WITH RECURSIVE below (id) AS (
                SELECT id FROM locations WHERE household_id = :household AND id = ?
                UNION SELECT locations.id FROM locations JOIN below ON locations.parent_id = below.id)
            SELECT locations.id, locations.name, locations.parent_id FROM below JOIN locations ON locations.id = below.id
            """, id) { row in
            PlaceTree.Place(id: row.id(0, of: Location.self), name: row.string(1), parentID: row.id(0) == id ? nil : row.optionalID(2))
        }
        return PlaceTree(places)
    }
}

extension ItemStore {
    /// How many items each location holds itself (not counting those below it).
    public func itemCountsByLocation() throws -> [Location.ID: Int] {
        try household.read { connection in
            var counts: [Location.ID: Int] = [:]
            try connection.forEachRow("SELECT location_id, count(*) FROM items WHERE household_id = :household AND location_id IS NOT NULL GROUP BY location_id", []) { row in
                counts[row.id(0)] = row.int(1)
            }
            return counts
        }
    }
}
