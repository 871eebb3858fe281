import Inventory

/// What a claim's schedule is made from: plain values the store reads, nothing it must still look up.
public struct ClaimScheduleInput: Sendable {
    /// The claim's loss date; nil leaves every line undepreciated and flagged.
    public var lossDate: CalendarDate?
    public var table: UsefulLifeTable
    /// In the order the schedule numbers them.
    public var lines: [Line]

    public init(lossDate: CalendarDate?, table: UsefulLifeTable, lines: [Line]) {
        self.lossDate = lossDate
        self.table = table
        self.lines = lines
    }

    /// One item in the claim and what the household recorded about it.
    public struct Line: Sendable {
        public var item: Item
        /// The item's location path ("House / Living room"), or "".
        public var room: String
        public var quantityLost: Int
        /// The line's category; nil to guess it from the item.
        public var category: String?
        /// The unit actual cash value set by hand, which replaces the table's.
        public var unitACVOverride: Int64?
        public var overrideReason: String
        /// What the insurer paid for the line so far.
        public var paid: Int64?
        /// What replacing the line's lost units cost, all of them together.
        public var replacedCost: Int64?
        public var replacedDate: CalendarDate?

        public init(item: Item, room: String = "", quantityLost: Int, category: String? = nil, unitACVOverride: Int64? = nil,
                    overrideReason: String = "", paid: Int64? = nil, replacedCost: Int64? = nil, replacedDate: CalendarDate? = nil) {
            self.item = item
            self.room = room
            self.quantityLost = quantityLost
            self.category = category
            self.unitACVOverride = unitACVOverride
            self.overrideReason = overrideReason
            self.paid = paid
            self.replacedCost = replacedCost
            self.replacedDate = replacedDate
        }
    }
}
