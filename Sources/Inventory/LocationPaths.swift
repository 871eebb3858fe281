import Database

/// Locations read with their paths a place at a time, each one remembered: a path is its parent's
/// and its own name, so a batch (an import's items, the items of a renamed place) reads each place
/// once however many items it holds, and one place costs a read for each place above it.
final class LocationPaths {
    private let connection: HouseholdConnection
    private var known: [Location.ID: Location] = [:]

    init(_ connection: HouseholdConnection) { self.connection = connection }

    /// The location `id` with its path; nil when there is none.
    func location(_ id: Location.ID) throws -> Location? {
        if let location = known[id] { return location }
        var unknown: [Location] = [], met: Set<Location.ID> = [], next: Location.ID? = id
        var above: [String] = []
        // Up to the top, or to a place already known; a damaged loop stops at its repeat.
        while let current = next, met.insert(current).inserted {
            if let location = known[current] {
                above = location.pathNames
                break
            }
            guard let place = try connection.firstRow("SELECT name, parent_id, notes, is_box FROM locations WHERE household_id = :household AND id = ?", current, decode: {
                Location(id: current, name: $0.string(0), parentID: $0.optionalID(1), notes: $0.string(2), pathNames: [], isBox: $0.int(3) != 0)
            }) else { break }
            unknown.append(place)
            next = place.parentID
        }
        PlaceSteps.add(unknown.count)
        for var place in unknown.reversed() {
            above.append(place.name)
            place.pathNames = above
            known[place.id] = place
        }
        return known[id]
    }

    /// The path of the location `id` (`Home / Kitchen`); empty for nil or a place there is not.
    func path(of id: Location.ID?) throws -> String {
        guard let id else { return "" }
        return try location(id)?.path ?? ""
    }
}
