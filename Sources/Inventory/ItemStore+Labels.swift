import Database
import Foundation

/// What a printed label's code leads to now.
public enum LabelTarget: Sendable {
    case place(Location)
    case item(Item)
    /// It was deleted; `name` is what it was called then (nil for one deleted before labels were kept).
    case deleted(LabelCode.Kind, name: String?)
    /// No place or item ever had this code.
    case unknown
}

extension ItemStore {
    /// The place or item `code` was printed for, or what became of it.
    public func labelTarget(_ code: LabelCode) throws -> LabelTarget {
        try household.read { connection in
            switch code.kind {
            case .place:
                let id = Location.ID(code.id)
                if try connection.scalar("SELECT 1 FROM locations WHERE household_id = :household AND id = ?", id) != nil {
                    return .place(try Self.location(id: id, in: connection))
                }
            case .item:
                let id = Item.ID(code.id)
                if try connection.scalar("SELECT 1 FROM items WHERE household_id = :household AND id = ?", id) != nil {
                    return .item(try Self.item(id: id, in: connection))
                }
            }
            let kind = code.kind == .place ? "place" : "item"
            if let name = try connection.firstRow("SELECT name FROM deleted_label_targets WHERE household_id = :household AND kind = ? AND target_id = ?", kind, code.id,
                                                  decode: { $0.string(0) }) {
                return .deleted(code.kind, name: name)
            }
            // Deleted before the names were kept: its id was handed out (AUTOINCREMENT's sequence), and it is
            // gone. Only the first household's things are that old, their ids below 2³² (prefix 0); another
            // household's ids are above, so their codes are unknown here whatever the sequence says.
            let table = code.kind == .place ? "locations" : "items"
            let last = try connection.scalar("SELECT seq FROM sqlite_sequence WHERE name = ? AND :household = 1", table) ?? 0
            return code.id < 1 << 32 && code.id <= last ? .deleted(code.kind, name: nil) : .unknown
        }
    }

    /// The first `limit` things in a place (the places inside it, then its items, each by name) and
    /// how many there are in all: what its label lists.
    public func labelContents(of id: Location.ID, limit: Int) throws -> (names: [String], total: Int) {
        try household.read { connection in
            let places = try connection.rows("SELECT name FROM locations WHERE household_id = :household AND parent_id = ?", id) { $0.string(0) }
            let items = try connection.rows("SELECT name FROM items WHERE +household_id = :household AND location_id = ? AND draft = 0", id) { $0.string(0) }
            let names = places.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
                + items.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            return (Array(names.prefix(limit)), names.count)
        }
    }
}
