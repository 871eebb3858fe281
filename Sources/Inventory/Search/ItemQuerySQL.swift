import Database

/// The WHERE conditions of an item query, with their arguments. Every value from the caller is a
/// bound parameter; the SQL text comes only from this file and `ItemOrder`. The household is not
/// among them: each statement names it itself (`items.household_id = :household`), except a count
/// read from the household's own search table alone, which joining `items` would make slow.
struct ItemQuerySQL {
    private(set) var conditions: [HouseholdSQL] = []
    private(set) var arguments: [any DatabaseValueConvertible] = []

    mutating func add(_ condition: HouseholdSQL, _ values: any DatabaseValueConvertible...) {
        conditions.append(condition)
        arguments.append(contentsOf: values)
    }

    /// `WHERE …`, or nothing when there is no condition.
    var whereClause: HouseholdSQL { conditions.isEmpty ? "" : " WHERE \(conditions.joined(separator: " AND "))" }

    /// `AND …` after a WHERE the caller wrote, or nothing.
    var andClause: HouseholdSQL { conditions.isEmpty ? "" : " AND \(conditions.joined(separator: " AND "))" }

    /// The query's filters. The text becomes a condition only when `includingText`; a ranked search
    /// matches it in the table it reads from instead (the household's own search table, `search`).
    static func filters(of query: ItemQuery, includingText: Bool, search: HouseholdTable) throws(InventoryError) -> ItemQuerySQL {
        var sql = ItemQuerySQL()
        let text = try query.fullText
        if includingText, !text.isEmpty {
            sql.add("items.id IN (SELECT rowid FROM \(search) WHERE \(search) MATCH ?)", text.expression)
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
            // tags.name is COLLATE NOCASE, so the comparison ignores case as tag names do; a household's
            // tag of that name (another household may have one too).
            sql.add("items.id IN (SELECT item_tags.item_id FROM item_tags JOIN tags ON tags.id = item_tags.tag_id WHERE tags.household_id = :household AND tags.name = ?)", tag)
        }
        if let condition = query.condition {
            sql.add("items.condition = ?", condition.rawValue)
        }
        if let disposed = query.disposed {
            sql.add(disposed ? "items.disposed_kind IS NOT NULL" : "items.disposed_kind IS NULL" as HouseholdSQL)
        }
        if let draft = query.draft {
            sql.add(draft ? "items.draft = 1" : "items.draft = 0" as HouseholdSQL)
        }
        if query.missingEvidence {
            sql.add("""
                NOT EXISTS (SELECT 1 FROM item_photos WHERE item_photos.item_id = items.id) \
                AND NOT EXISTS (SELECT 1 FROM item_evidence WHERE item_evidence.item_id = items.id)
                """)
        }
        if let ends = query.warrantyEnds {
            // ISO dates compare as text.
            sql.add("items.lifetime_warranty = 0 AND items.warranty_expires BETWEEN ? AND ?", ends.lowerBound.iso, ends.upperBound.iso)
        }
        return sql
    }

    /// Rows after `cursor` in `order`: one row-value comparison, which the order's index answers.
    mutating func addKeyset(after cursor: ItemCursor?, in order: ItemOrder, idColumn: SQLIdentifier) {
        guard let cursor else { return }
        let columns = order.keyColumns + [idColumn]
        conditions.append("(\(columns.map { "\($0)" as HouseholdSQL }.joined(separator: ", "))) > (\(SQLPlaceholders(columns.count)))")
        arguments.append(contentsOf: cursor.key as [any DatabaseValueConvertible])
        arguments.append(cursor.id)
    }
}
