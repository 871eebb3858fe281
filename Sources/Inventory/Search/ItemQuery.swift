/// Which items to list, in what order, and which window of them: what the item list's search field,
/// filters, sort menu and paging ask for. Empty, it is the whole list in manual order.
///
/// A new filter is one more property here and one more clause in `ItemQuerySQL.filters`.
public struct ItemQuery: Sendable, Equatable {
    /// Words to find in any text of an item (`FullTextQuery`); blank finds everything.
    public var text: String
    /// Only items in this location or anywhere below it.
    public var locationID: Location.ID?
    /// Only items with this tag (any case).
    public var tag: String?
    public var condition: ItemCondition?
    /// Only items no longer owned (true) or only those still owned (false); nil for both.
    public var disposed: Bool?
    /// Only items whose warranty ends within these days (a lifetime warranty never does).
    public var warrantyEnds: ClosedRange<CalendarDate>?
    /// Only drafts (true: photos taken while walking a room, not named yet) or only named items (false); nil for both.
    public var draft: Bool?
    /// Only items with no photo of their own and no library photo linked as evidence.
    public var missingEvidence = false
    /// The order; nil means manual order, or best match first when there is text to find.
    public var sort: ItemSort?
    /// At most this many items (a window); nil means every match.
    public var limit: Int?
    /// Continue after the window this cursor ended (`ItemWindow.next`).
    public var after: ItemCursor?

    public init(text: String = "", locationID: Location.ID? = nil, tag: String? = nil, condition: ItemCondition? = nil,
                sort: ItemSort? = nil, limit: Int? = nil, after: ItemCursor? = nil) {
        self.text = text
        self.locationID = locationID
        self.tag = tag
        self.condition = condition
        self.sort = sort
        self.limit = limit
        self.after = after
    }

    /// The window sizes a caller may ask for.
    public static let limits = 1...500

    /// The text as FTS5 words; throws for text no search can hold (`FullTextQuery`).
    var fullText: FullTextQuery { get throws(InventoryError) { try FullTextQuery(text) } }
}

/// The orders the item list can be sorted in.
public enum ItemSort: String, Sendable, CaseIterable {
    /// The order people arrange by dragging.
    case manual
    /// A to Z, ignoring case.
    case name
    /// Most valuable first: replacement cost, else purchase price; items with neither last.
    case value
    /// Most recently bought first; items without a purchase date last.
    case purchaseDate
    /// By room (location path, A to Z), then name; items without a location last.
    case room
}

/// One window of a query's items and where the next begins.
public struct ItemWindow: Sendable, Equatable {
    public var items: [Item]
    /// The cursor for the next window; nil when this one ends the list.
    public var next: ItemCursor?

    public init(items: [Item], next: ItemCursor?) {
        self.items = items
        self.next = next
    }
}
