import Database

/// Keeps the full-text index (`item_search`) and each item's `location_path` in step with the
/// items, inside the transaction of every change that alters an item's texts or its room's path.
extension ItemStore {
    /// Whether the index was made by another `ItemSearchText.format` (or never).
    static func searchIndexIsStale(in connection: Connection) throws -> Bool {
        try connection.scalar("SELECT format FROM search_index_state") != Int64(ItemSearchText.format)
    }

    /// Fills the household's index anew when it is stale: after migration 13, and whenever what is
    /// indexed changes. The format is the server's (`search_index_state`), so it is recorded once every
    /// household's index is filled: only the first household's, until there are more.
    static func refreshSearchIndexIfStale(in connection: HouseholdConnection) throws {
        guard try searchIndexIsStale(in: connection.serverTables) else { return }
        try connection.run("DELETE FROM \(connection.ownTable("item_search"))")
        let tags = try tagsByItem(in: connection)
        let customFields = try customFieldsByItem(in: connection)
        try connection.forEachRow("SELECT \(columns), items.location_path FROM \(source) WHERE items.household_id = :household") { row in
            var item = decode(row)
            item.details.tags = tags[item.id] ?? []
            item.details.customFields = customFields[item.id] ?? []
            let readValues = try self.readValues(of: item.id, in: connection)
            try writeSearchText(ItemSearchText.make(item, locationPath: row.string(columnCount), readValues: readValues), of: item.id, in: connection)
        }
        try connection.serverTables.execute("DELETE FROM search_index_state")
        try connection.serverTables.run("INSERT INTO search_index_state (format) VALUES (?)", ItemSearchText.format)
    }

    /// Makes `access`'s own search table if it has none, empty (a household that holds no item yet): the
    /// first household's is the schema's (`item_search`), another's `item_search_<id>`, made with the
    /// household. Made from the first's own definition, so their columns and options never drift apart.
    public func makeSearchTable(for access: HouseholdAccess) throws {
        try self.in(access).household.write { connection in
            let own = connection.ownTable("item_search").name
            let first = try connection.serverTables.firstRow("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'item_search'") { try $0.string(0) }
            guard own != "item_search", let first, let options = first.range(of: "USING fts5(") else { return }
            try connection.serverTables.execute("CREATE VIRTUAL TABLE IF NOT EXISTS \(own) " + first[options.lowerBound...])
        }
    }

    /// Re-indexes one item as it now stands, with the path of the location it is in (from `paths`,
    /// which remembers each place read, when a batch of items is indexed).
    static func indexItem(id: Item.ID, in connection: HouseholdConnection, paths: LocationPaths? = nil) throws {
        let item = try item(id: id, in: connection)
        try indexItem(item, path: try (paths ?? LocationPaths(connection)).path(of: item.locationID), in: connection)
    }

    private static func indexItem(_ item: Item, path: String, in connection: HouseholdConnection) throws {
        try connection.run("UPDATE items SET location_path = ? WHERE household_id = :household AND id = ? AND location_path IS NOT ?", path, item.id, path)
        try connection.run("DELETE FROM \(connection.ownTable("item_search")) WHERE rowid = ?", item.id)
        try writeSearchText(ItemSearchText.make(item, locationPath: path, readValues: try readValues(of: item.id, in: connection)), of: item.id, in: connection)
    }

    static func unindexItem(id: Item.ID, in connection: HouseholdConnection) throws {
        try connection.run("DELETE FROM \(connection.ownTable("item_search")) WHERE rowid = ?", id)
    }

    /// Re-indexes every item in the location or below it: their paths change when it is renamed or
    /// moved. Every path below is made once from the location's own, not read again for each item.
    static func indexItems(below locationID: Location.ID, in connection: HouseholdConnection) throws {
        let above = try location(id: locationID, in: connection).pathNames.dropLast()
        let subtree = try subtree(of: locationID, in: connection)
        let names = subtree.pathNames()
        var paths: [Location.ID: String] = [:]
        for index in subtree.order { paths[subtree.places[index].id] = (above + names[index]).joined(separator: " / ") }
        let ids = try connection.rows("""
            SELECT items.id FROM items WHERE +items.household_id = :household AND items.location_id IN (WITH RECURSIVE below (id) AS (
                SELECT ? UNION SELECT locations.id FROM locations JOIN below ON locations.parent_id = below.id
            ) SELECT id FROM below)
            """, locationID) { $0.id(0, of: Item.self) }
        for id in ids {
            let item = try item(id: id, in: connection)
            try indexItem(item, path: item.locationID.flatMap { paths[$0] } ?? "", in: connection)
        }
    }

    private static let searchTextColumns = ItemSearchText.columns.map { "\($0.name)" as HouseholdSQL }.joined(separator: ", ")

    private static func writeSearchText(_ text: ItemSearchText, of id: Item.ID, in connection: HouseholdConnection) throws {
        try connection.run("""
            INSERT INTO \(connection.ownTable("item_search")) (rowid, \(searchTextColumns)) VALUES (?, \(SQLPlaceholders(ItemSearchText.columns.count)))
            """, arguments: [id] + text.values)
    }
}
