import Inventory

/// What a claim's schedule is made from: plain values the store reads, nothing it must still look up.
public struct ClaimScheduleInput: Sendable {
    /// The claim's loss date; nil leaves every line undepreciated and flagged.
    public var lossDate: CalendarDate?
    public var table: UsefulLifeTable
    /// In the order the schedule numbers them.
    public var lines: [Line]
    /// The policy's terms the claim is settled on (`ClaimOwed`).
    public var terms: ClaimTerms
    /// The claim's sales tax rate; nil: no tax is added.
    public var salesTaxRate: SalesTaxRate?
    /// The claim's bundles; a line names its own (`ClaimLine.bundleID`).
    public var bundles: [ClaimBundle]

    public init(lossDate: CalendarDate?, table: UsefulLifeTable, lines: [Line], terms: ClaimTerms = ClaimTerms(), salesTaxRate: SalesTaxRate? = nil,
                bundles: [ClaimBundle] = []) {
        self.bundles = bundles
        self.lossDate = lossDate
        self.table = table
        self.lines = lines
        self.terms = terms
        self.salesTaxRate = salesTaxRate
    }

    /// One item in the claim and what the household recorded about it.
    public struct Line: Sendable {
        public var item: Item
        /// The item's location path ("House / Living room"), or "".
        public var room: String
        /// The location's own name ("Living room"), or "".
        public var roomName: String
        /// The quantity lost, the category (nil: guessed), the value set by hand, what was paid and replaced.
        public var record: ClaimLine

        public init(item: Item, room: String = "", roomName: String? = nil, record: ClaimLine) {
            self.item = item
            self.room = room
            self.roomName = roomName ?? room
            self.record = record
        }

        public init(item: Item, room: String = "", roomName: String? = nil, quantityLost: Quantity, category: String? = nil, unitACVOverride: Int64? = nil,
                    overrideReason: String = "", paid: Int64? = nil, replacedCost: Int64? = nil, replacedDate: CalendarDate? = nil) {
            self.init(item: item, room: room, roomName: roomName, record: ClaimLine(itemID: item.id, quantityLost: quantityLost, category: category,
                                                                unitACVOverride: unitACVOverride, overrideReason: overrideReason, paid: paid,
                                                                replacedCost: replacedCost, replacedDate: replacedDate))
        }
    }
}
