import Database

/// The WHERE conditions of an item query, with their arguments. Every value from the caller is a
/// bound parameter; the SQL text comes only from this file and `ItemOrder`.
struct ItemQuerySQL {
    private(set) var conditions: [String] = []
    private(set) var arguments: [any DatabaseValueConvertible] = []

    mutating func add(_ condition: String, _ values: any DatabaseValueConvertible...) {
        conditions.append(condition)
        arguments.append(contentsOf: values)
    }

    /// `WHERE …`, or nothing when there is no condition.
    var whereClause: String { conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ") }

    /// `AND …` after a WHERE the caller wrote, or nothing.
    var andClause: String { conditions.isEmpty ? "" : " AND " + conditions.joined(separator: " AND ") }

    /// The query's filters. The text becomes a condition only when `includingText`; a ranked search
    /// matches it in the table it reads from instead.
    static func filters(of query: ItemQuery, includingText: Bool) throws(InventoryError) -> ItemQuerySQL {
        var sql = ItemQuerySQL()
        let text = try query.fullText
        if includingText, !text.isEmpty {
            sql.add("items.id IN (SELECT rowid FROM item_search WHERE item_search MATCH ?)", text.expression)
        }
        if let locationID = query.locationID {
            // UNION (not UNION ALL) stops at a repeat, so even a damaged cycle of locations ends.
            sql.add("""
                items.location_id IN (WITH RECURSIVE below (id) AS (
                    SELECT ? UNION SELECT locations.id FROM locations JOIN below ON locations.parent_id = below.id
                ) SELECT id FROM below)
                """, locationID)
        }
        if let tag = query.tag {
            // tags.name is COLLATE NOCASE, so the comparison ignores case as tag names do.
            sql.add("items.id IN (SELECT item_tags.item_id FROM item_tags JOIN tags ON tags.id = item_tags.tag_id WHERE tags.name = ?)", tag)
        }
        if let condition = query.condition {
            sql.add("items.condition = ?", condition.rawValue)
        }
        if let disposed = query.disposed {
            sql.add(disposed ? "items.disposed_kind IS NOT NULL" : "items.disposed_kind IS NULL")
        }
        if let draft = query.draft {
            sql.add(draft ? "items.draft = 1" : "items.draft = 0")
        }
        if query.missingEvidence {
            sql.add("NOT EXISTS (SELECT 1 FROM item_photos WHERE item_photos.item_id = items.id) "
                    + "AND NOT EXISTS (SELECT 1 FROM item_evidence WHERE item_evidence.item_id = items.id)")
        }
        if let ends = query.warrantyEnds {
            // ISO dates compare as text.
            sql.add("items.lifetime_warranty = 0 AND items.warranty_expires BETWEEN ? AND ?", ends.lowerBound.iso, ends.upperBound.iso)
        }
        return sql
    }

    /// Rows after `cursor` in `order`: one row-value comparison, which the order's index answers.
    mutating func addKeyset(after cursor: ItemCursor?, in order: ItemOrder, idColumn: String) {
        guard let cursor else { return }
        let columns = order.keyColumns + [idColumn]
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        conditions.append("(\(columns.joined(separator: ", "))) > (\(placeholders))")
        arguments.append(contentsOf: cursor.key as [any DatabaseValueConvertible])
        arguments.append(cursor.id)
    }
}
