import Database

/// The few items another module needs, read inside that module's own read transaction on the same
/// database file (`Database.readTransaction`), so its rows and these items are of one moment: a
/// claim's sheet reads its lines and exactly their items, never the rest of the inventory.
public struct InventoryReader {
    private let connection: HouseholdConnection
    private let paths: LocationPaths

    public init(_ connection: HouseholdConnection) {
        self.connection = connection
        paths = LocationPaths(connection)
    }

    /// The items `ids` names that are there (in no particular order), each whole: photos, documents,
    /// tags, custom fields, evidence. Six queries bounded by the ids (and one per item for its
    /// documents), whatever the size of the inventory.
    public func items(ids: [Item.ID]) throws -> [Item] {
        try ItemStore.items(ids: ids, in: connection)
    }

    /// The path of the location `id` ("Home / Kitchen"); "" for none. Each place is read once,
    /// however many items are in it.
    public func path(of locationID: Location.ID?) throws -> String {
        try paths.path(of: locationID)
    }

    /// The own name of the location `id` ("Kitchen" of "Home / Kitchen"); "" for none.
    public func name(of locationID: Location.ID?) throws -> String {
        guard let locationID else { return "" }
        return try paths.location(locationID)?.name ?? ""
    }

    /// The currency every amount is in.
    public func currency() throws -> Currency {
        try ItemStore.currency(in: connection)
    }
}

extension ItemStore {
    static func items(ids: [Item.ID], in connection: HouseholdConnection) throws -> [Item] {
        guard !ids.isEmpty else { return [] }
        let list = "[" + ids.map(\.description).joined(separator: ",") + "]"
        var items = try connection.rows("SELECT \(columns) FROM items WHERE +items.household_id = :household AND items.id IN (SELECT value FROM json_each(?))", list, decode: decode)
        try fillCollections(of: &items, in: connection)
        return items
    }
}
