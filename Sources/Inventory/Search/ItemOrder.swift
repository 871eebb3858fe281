import Database

/// How a query's rows are ordered: the SQL of each sort key, which a cursor holds for the last row.
/// Every order ends with the item's id, so rows with equal keys (ties) still have one fixed order.
enum ItemOrder: String {
    case manual, name, value, purchaseDate, room
    /// Best match first (bm25), for a search specific enough to rank every match.
    case relevance
    /// Items with every word in the name first, then the others, each by id: for a broad search.
    case nameMatchesFirst

    init(_ sort: ItemSort) {
        switch sort {
        case .manual: self = .manual
        case .name: self = .name
        case .value: self = .value
        case .purchaseDate: self = .purchaseDate
        case .room: self = .room
        }
    }

    /// The key columns, in order (the id comes after them). The sort_* columns and their indexes
    /// are made in inventory migration 13.
    var keyColumns: [SQLIdentifier] {
        switch self {
        case .manual: ["items.position"]
        case .name: ["items.sort_name"]
        case .value: ["items.sort_value"]
        case .purchaseDate: ["items.sort_purchased"]
        case .room: ["items.sort_room", "items.sort_name"]
        case .relevance: ["matches.score"]
        case .nameMatchesFirst: ["matches.tier"]
        }
    }

    /// Whether a key value read from a cursor has the type this order's key has at `index`.
    func accepts(_ value: DatabaseValue, at index: Int) -> Bool {
        switch (self, value) {
        case (.name, .text), (.room, .text): true
        case (.relevance, .real): true
        case (.manual, .integer), (.value, .integer), (.purchaseDate, .integer), (.nameMatchesFirst, .integer): true
        default: false
        }
    }

    /// Whether `cursor` ended a window in this order, with keys of the right number and types.
    func fits(_ cursor: ItemCursor) -> Bool {
        cursor.order == rawValue && cursor.key.count == keyColumns.count
            && cursor.key.enumerated().allSatisfy { accepts($1, at: $0) }
    }
}
