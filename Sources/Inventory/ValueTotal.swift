/// What a set of items is worth: quantity × replacement cost (or, without one, what was paid), and
/// how many of them have no value at all, so a total never looks more complete than it is.
public struct ValueTotal: Sendable, Equatable {
    /// Minor units of the inventory's currency; stops at `Int64.max` rather than wrapping.
    public private(set) var value: Int64 = 0
    public private(set) var items = 0
    /// Items with neither a replacement cost nor a purchase price.
    public private(set) var unvalued = 0

    public init() {}

    /// Counts one item worth `lineValue` (quantity × unit value), or nothing known.
    public mutating func add(lineValue: Int64?) {
        items += 1
        guard let lineValue else { unvalued += 1; return }
        let (sum, overflow) = value.addingReportingOverflow(lineValue)
        value = overflow ? .max : sum
    }

    public mutating func add(_ other: ValueTotal) {
        let (sum, overflow) = value.addingReportingOverflow(other.value)
        value = overflow ? .max : sum
        items += other.items
        unvalued += other.unvalued
    }
}

/// The totals of everything still owned, and of each location's own items (not those below it).
public struct InventoryTotals: Sendable, Equatable {
    public var all = ValueTotal()
    /// Keyed by location id; items kept nowhere in particular under `nil`.
    public var byLocation: [Location.ID?: ValueTotal] = [:]

    public init() {}
}
