import Inventory

/// Before a loss: what the household owns set against what its policy pays. Scheduled items are
/// insured by their riders, not by the contents limit, so each is checked against its own rider and
/// left out of the contents' total.
public struct CoverageCheck: Sendable, Equatable {
    public struct ScheduledItem: Sendable, Equatable {
        public let itemID: Item.ID
        public let name: String
        /// Quantity × replacement cost (or what was paid); nil when unknown.
        public let value: Int64?
        public let riderAmount: Int64?

        /// How much more the item is worth than its rider pays; 0 when covered; nil when either is unknown.
        public var shortfall: Int64? {
            guard let value, let riderAmount else { return nil }
            return max(0, value - riderAmount)
        }
    }

    /// Everything still owned that is not scheduled.
    public private(set) var contents = ValueTotal()
    public let contentsLimit: Int64?
    public private(set) var scheduled: [ScheduledItem] = []

    public init(items: [Item], contentsLimit: Int64?) {
        self.contentsLimit = contentsLimit
        for item in items where item.details.disposal == nil {
            if item.details.scheduled {
                scheduled.append(ScheduledItem(itemID: item.id, name: item.name, value: item.details.lineValue, riderAmount: item.details.riderAmount))
            } else {
                contents.add(lineValue: item.details.lineValue)
            }
        }
    }

    /// How much more the contents are worth than the limit; 0 when covered; nil without a limit.
    public var shortfall: Int64? { contentsLimit.map { max(0, contents.value - $0) } }

    /// The contents' value as people say it: to the nearest hundred major units (“about $84,300”).
    public static func rounded(_ minorUnits: Int64, currency: Currency) -> Int64 {
        let hundred = 100 * currency.minorUnitsPerMajorUnit
        let (sum, overflow) = minorUnits.addingReportingOverflow(hundred / 2)
        return overflow ? minorUnits : sum / hundred * hundred
    }
}
