/// How much of what the household owns would stand up in a claim, and the worklist that raises it.
public struct ReadinessSummary: Sendable, Equatable {
    /// One item still owned, with its gaps and what is at stake.
    public struct Entry: Sendable, Equatable {
        public let item: Item
        public let readiness: ClaimReadiness
        /// Quantity × unit value; nil when the item has no value at all.
        public let valueAtRisk: Int64?
    }

    /// Every item still owned, its value, and the ready part of it.
    public private(set) var total = ValueTotal()
    public private(set) var ready = ValueTotal()
    /// Items with gaps: drafts first (in the order they were made), then most value at risk first
    /// (items with no value last), then by name.
    public private(set) var worklist: [Entry] = []

    public init(items: [Item], evidence: (Item) -> ClaimReadiness.Evidence, today: CalendarDate) {
        for item in items where item.details.disposal == nil {
            let readiness = ClaimReadiness(item: item, evidence: evidence(item), today: today)
            total.add(lineValue: item.details.lineValue)
            if readiness.isReady {
                ready.add(lineValue: item.details.lineValue)
            } else {
                worklist.append(Entry(item: item, readiness: readiness, valueAtRisk: item.details.lineValue))
            }
        }
        worklist.sort { a, b in
            if a.item.isDraft != b.item.isDraft { return a.item.isDraft }
            if a.item.isDraft { return a.item.position < b.item.position }
            if a.valueAtRisk != b.valueAtRisk { return (a.valueAtRisk ?? -1) > (b.valueAtRisk ?? -1) }
            return a.item.name.localizedStandardCompare(b.item.name) == .orderedAscending
        }
    }

    /// The ready share of the total value, 0–100, rounded down (so 100 means every item is ready).
    /// With no value anywhere yet, the share of items that are ready.
    public var readyPercent: Int {
        if total.value > 0 {
            return Int((Double(ready.value) / Double(total.value) * 100).rounded(.down))
        }
        return total.items == 0 ? 0 : ready.items * 100 / total.items
    }
}
