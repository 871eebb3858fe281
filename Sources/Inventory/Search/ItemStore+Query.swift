import Database
import Foundation

/// Search, filters, sorts and windows over the items (`ItemQuery`).
extension ItemStore {
    /// The items `query` asks for, in its order: all of them, or one window and the cursor of the next.
    public func items(matching query: ItemQuery) throws -> ItemWindow {
        if let limit = query.limit, !ItemQuery.limits.contains(limit) {
            let (lowest, highest) = (ItemQuery.limits.lowerBound, ItemQuery.limits.upperBound)
            throw InventoryError.invalidQuery(parameter: "limit", message: Message("error.inventory.query-limit",
                "limit must be a whole number from \(lowest) to \(highest), not \(limit).",
                ["lowest": .text("\(lowest)"), "highest": .text("\(highest)"), "limit": .text("\(limit)")]))
        }
        return try household.read { connection in
            try Self.checkLocationFilter(query.locationID, in: connection)
            let order = try Self.order(of: query, in: connection)
            if let cursor = query.after, !order.fits(cursor) {
                throw InventoryError.invalidQuery(parameter: "after", message: Message("error.inventory.query-cursor",
                    "This cursor belongs to another order or search; follow the Link header of a window of the same query, or start without after."))
            }
            var rows: [(item: Item, key: [DatabaseValue])]
            let wanted = query.limit.map { $0 + 1 }
            switch order {
            case .relevance: rows = try Self.rankedRows(query, limit: wanted, in: connection)
            case .nameMatchesFirst: rows = try Self.nameMatchesFirstRows(query, limit: wanted, in: connection)
            default: rows = try Self.sortedRows(query, order: order, limit: wanted, in: connection)
            }
            var next: ItemCursor?
            if let limit = query.limit, rows.count > limit {
                rows.removeLast(rows.count - limit)
                next = rows.last.map { ItemCursor(order: order.rawValue, key: $0.key, id: $0.item.id) }
            }
            var items = rows.map(\.item)
            try Self.fillCollections(of: &items, in: connection)
            return ItemWindow(items: items, next: next)
        }
    }

    /// How many items `query` finds, whatever its window.
    public func count(matching query: ItemQuery) throws -> Int {
        try household.read { connection in
            try Self.checkLocationFilter(query.locationID, in: connection)
            let text = try query.fullText
            let search = connection.ownTable("item_search")
            let filters = try ItemQuerySQL.filters(of: query, includingText: false, search: search)
            if text.isEmpty {
                return Int(try connection.scalar("SELECT count(*) FROM items WHERE items.household_id = :household\(filters.andClause)",
                                                  arguments: filters.arguments) ?? 0)
            }
            // Read from the index, not `items.id IN (matches)`: that builds a table of every match
            // first (47 ms for a one-letter prefix at 100,000 items; counting the index alone, 3 ms).
            // Without other filters, the household's own index alone is counted: joined to `items` only
            // to name the household, SQLite would run the full-text query once per item (plan 6.1).
            if filters.conditions.isEmpty {
                return Int(try connection.scalar("SELECT count(*) FROM \(search) WHERE \(search) MATCH ?", text.expression) ?? 0)
            }
            // CROSS JOIN: the matches first, each item looked up by its id. Left to choose, SQLite read the
            // items of a filter (a condition) by its index and ran the full-text query once for each:
            // 0.6–2 s at 100,000 items, against 0.2–54 ms this way.
            return Int(try connection.scalar("""
                SELECT count(*) FROM \(search) CROSS JOIN items ON items.id = \(search).rowid
                WHERE \(search) MATCH ? AND items.household_id = :household\(filters.andClause)
                """, arguments: [text.expression] + filters.arguments) ?? 0)
        }
    }

    /// A search with this many matches or more is listed name matches first instead of by bm25:
    /// bm25 scores every match before the first row comes back, which took 130 ms for a one-letter
    /// prefix matching most of 100,000 items (1.3 µs a match), while the broad order reads matches
    /// in id order and stops at the window (0.05 ms). Below it, ranking costs at most ~1.5 ms.
    static let rankedMatchLimit = 1_000

    private static func order(of query: ItemQuery, in connection: HouseholdConnection) throws -> ItemOrder {
        let search = connection.ownTable("item_search")
        if let sort = query.sort { return ItemOrder(sort) }
        let text = try query.fullText
        guard !text.isEmpty else { return .manual }
        // A later window keeps the order its first one had, even if matches came or went since.
        if let cursor = query.after, let order = ItemOrder(rawValue: cursor.order), order == .relevance || order == .nameMatchesFirst {
            return order
        }
        let matches = try connection.scalar(
            "SELECT count(*) FROM (SELECT 1 FROM \(search) WHERE \(search) MATCH ? LIMIT ?)", text.expression, rankedMatchLimit) ?? 0
        return matches >= rankedMatchLimit ? .nameMatchesFirst : .relevance
    }

    /// A query sorted by one of the item list's sorts, its text (if any) as a filter.
    private static func sortedRows(_ query: ItemQuery, order: ItemOrder, limit: Int?, in connection: HouseholdConnection) throws
        -> [(item: Item, key: [DatabaseValue])] {
        var sql = try ItemQuerySQL.filters(of: query, includingText: true, search: connection.ownTable("item_search"))
        sql.addKeyset(after: query.after, in: order, idColumn: "items.id")
        let keys = order.keyColumns.map { "\($0)" as HouseholdSQL }.joined(separator: ", ")
        return try rows(
            "SELECT \(columns), \(keys) FROM \(source) WHERE items.household_id = :household\(sql.andClause) ORDER BY \(keys), items.id LIMIT ?",
            arguments: sql.arguments + [limit ?? -1], keyCount: Int32(order.keyColumns.count), in: connection)
    }

    /// Best match first: bm25 with `ItemSearchText`'s column weights (lower is better).
    private static func rankedRows(_ query: ItemQuery, limit: Int?, in connection: HouseholdConnection) throws
        -> [(item: Item, key: [DatabaseValue])] {
        let weights = ItemSearchText.columns.map { "\($0.weight)" as HouseholdSQL }.joined(separator: ", ")
        let search = connection.ownTable("item_search")
        var sql = try ItemQuerySQL.filters(of: query, includingText: false, search: search)
        sql.addKeyset(after: query.after, in: .relevance, idColumn: "matches.id")
        return try rows("""
            SELECT \(columns), matches.score
            FROM (SELECT rowid AS id, bm25(\(search), \(weights)) AS score FROM \(search) WHERE \(search) MATCH ?) AS matches
            JOIN items ON items.id = matches.id
            WHERE items.household_id = :household\(sql.andClause) ORDER BY matches.score, matches.id LIMIT ?
            """, arguments: [try query.fullText.expression] + sql.arguments + [limit ?? -1], keyCount: 1, in: connection)
    }

    /// Name matches (tier 0), then the rest (tier 1), each in id order, which FTS5 reads without
    /// sorting, so a window stops reading at its last row.
    private static func nameMatchesFirstRows(_ query: ItemQuery, limit: Int?, in connection: HouseholdConnection) throws
        -> [(item: Item, key: [DatabaseValue])] {
        let text = try query.fullText
        let tiers = [text.expression(inColumn: ItemSearchText.nameColumn), text.expression(notAllInColumn: ItemSearchText.nameColumn)]
        let search = connection.ownTable("item_search")
        let filters = try ItemQuerySQL.filters(of: query, includingText: false, search: search)
        var startTier: Int64 = 0, afterID: Item.ID = 0
        if let cursor = query.after, case .integer(let tier) = cursor.key.first {
            (startTier, afterID) = (tier, cursor.id)
        }
        var result: [(item: Item, key: [DatabaseValue])] = []
        for (tier, expression) in tiers.enumerated() where Int64(tier) >= startTier {
            let remaining = limit.map { $0 - result.count } ?? -1
            if remaining == 0 { break }
            result += try rows("""
                SELECT \(columns), \(tier) FROM \(search) CROSS JOIN items ON items.id = \(search).rowid
                WHERE \(search) MATCH ? AND \(search).rowid > ? AND items.household_id = :household\(filters.andClause)
                ORDER BY \(search).rowid LIMIT ?
                """, arguments: [expression, Int64(tier) == startTier ? afterID : 0] + filters.arguments + [remaining],
                keyCount: 1, in: connection)
        }
        return result
    }

    /// Items with the `keyCount` key columns selected after the item's own.
    private static func rows(_ sql: HouseholdSQL, arguments: [any DatabaseValueConvertible], keyCount: Int32, in connection: HouseholdConnection) throws
        -> [(item: Item, key: [DatabaseValue])] {
        let first = columnCount
        return try connection.rows(sql, arguments: arguments) { row in
            (item: decode(row), key: (first..<first + keyCount).map { row.value($0) })
        }
    }

    /// Gives each item of a window its photos, documents, tags and custom fields.
    static func fillCollections(of items: inout [Item], in connection: HouseholdConnection) throws {
        guard !items.isEmpty else { return }
        var tags: [Item.ID: [String]] = [:]
        let ids = "[" + items.map(\.id.description).joined(separator: ",") + "]"
        try connection.forEachRow("""
            SELECT item_tags.item_id, tags.name FROM item_tags JOIN tags ON tags.id = item_tags.tag_id
            WHERE item_tags.household_id = :household AND item_tags.item_id IN (SELECT value FROM json_each(?))
            """, [ids]) { row in tags[row.id(0), default: []].append(row.string(1)) }
        var fields: [Item.ID: [CustomField]] = [:]
        try connection.forEachRow("SELECT item_id, name, value FROM item_custom_fields WHERE household_id = :household AND item_id IN (SELECT value FROM json_each(?))", [ids]) { row in
            fields[row.id(0), default: []].append(CustomField(name: row.string(1), value: row.string(2)))
        }
        var photos: [Item.ID: [ItemPhoto]] = [:]
        try connection.forEachRow("""
            SELECT item_photos.item_id, \(photoFields) FROM item_photos JOIN images ON images.household_id = item_photos.household_id AND images.hash = item_photos.image_hash
            WHERE item_photos.household_id = :household AND item_photos.item_id IN (SELECT value FROM json_each(?)) ORDER BY item_photos.item_id, item_photos.position, item_photos.id
            """, [ids]) { row in
            if let photo = decodePhoto(row, from: 1) { photos[row.id(0), default: []].append(photo) }
        }
        var documents: [Item.ID: [ItemDocument]] = [:]
        for id in items.map(\.id) { documents[id] = try Self.documents(of: id, in: connection) }
        let evidence = try Self.evidenceByItem(ids: ids, in: connection)
        let origins = try Self.walkthroughOrigins(ids: ids, in: connection)
        for index in items.indices {
            items[index].photos = photos[items[index].id] ?? []
            items[index].documents = documents[items[index].id] ?? []
            items[index].evidence = evidence[items[index].id] ?? []
            items[index].walkthroughOrigin = origins[items[index].id]
            items[index].details.tags = (tags[items[index].id] ?? []).sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            items[index].details.customFields = (fields[items[index].id] ?? []).sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
        }
    }

    private static func checkLocationFilter(_ id: Location.ID?, in connection: HouseholdConnection) throws {
        guard let id, try connection.scalar("SELECT 1 FROM locations WHERE household_id = :household AND id = ?", id) == nil else { return }
        throw InventoryError.invalidQuery(parameter: "location", message: Message("error.inventory.query-location",
            "There is no location \(id); choose one of the locations.", ["location": .text("\(id)")]))
    }
}
