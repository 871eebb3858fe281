import Inventory

/// One numbered line of a claim's schedule: the columns adjusters use, the valuation, and the tracker's
/// figures.
public struct ClaimScheduleLine: Sendable, Equatable {
    /// From 1, in the claim's order.
    public let number: Int
    public let itemID: Item.ID
    /// The item's location path, or "".
    public let room: String
    /// The location's own name ("Kitchen" of "Home / Kitchen"), or "".
    public let roomName: String
    public let name: String
    public let itemDescription: String
    public let brand: String
    public let model: String
    public let serialNumber: String
    /// An engraving, a scratch, a sticker: what the police list gives beside the serial number.
    public let distinguishingMarks: String
    public let purchaseDate: CalendarDate?
    public let purchasedFrom: String
    public let condition: ItemCondition?
    public let valuation: LineValuation
    /// Sales tax on the line's pre-tax replacement cost, rounded once for the line (0 without a rate).
    public let tax: Int64

    public let paid: Int64?
    public let replacedCost: Int64?
    public let replacedDate: CalendarDate?
    /// The depreciation the insurer still owes once the line is replaced (see `recoverable`).
    public let recoverableDepreciation: Int64

    /// The description column: the name, then the item's description after a dash when it has one.
    public var description: String { itemDescription.isEmpty ? name : name + " — " + itemDescription }

    public var quantityLost: Int { valuation.quantity }

    /// The line's replacement cost with its sales tax.
    public var replacementCostWithTax: Int64 { valuation.lineReplacementCost + tax }

    /// The age in years to one decimal, as tenths (6 years 2 months is 62: 6.2), rounded half up; nil
    /// when there is no age.
    public var ageInTenthsOfYears: Int? {
        valuation.ageInMonths.map { ($0 * 10 + 6) / 12 }
    }

    /// The age column: "6 years 2 months", or why there is none.
    public var ageText: String {
        if let months = valuation.ageInMonths { return Depreciation.ageText(months: months) }
        if valuation.flags.contains(.lossDateUnknown) { return "no loss date" }
        if purchaseDate == nil { return "unknown" }
        return "bought after the loss"
    }

    init(number: Int, line: ClaimScheduleInput.Line, valuation: LineValuation, tax: Int64) {
        let item = line.item, details = line.item.details
        self.number = number
        self.itemID = item.id
        self.room = line.room
        self.roomName = line.roomName
        self.name = item.name
        self.itemDescription = details.description
        self.brand = details.brand
        self.model = details.model
        self.serialNumber = item.serialNumber
        self.distinguishingMarks = details.distinguishingMarks
        self.purchaseDate = details.purchaseDate
        self.purchasedFrom = details.purchasedFrom
        self.condition = details.condition
        self.valuation = valuation
        self.tax = tax
        self.paid = line.record.paid
        self.replacedCost = line.record.replacedCost
        self.replacedDate = line.record.replacedDate
        self.recoverableDepreciation = Self.recoverable(valuation: valuation, replacedCost: line.record.replacedCost)
    }

    /// What a replacement-cost policy pays after the actual cash value, kept simple: before the line is
    /// replaced, its whole depreciation (the insurer holds it back until the new receipt); once replaced,
    /// what was spent up to the line's replacement cost, less its actual cash value, and never below
    /// zero. Payments already received are shown beside it, not subtracted.
    static func recoverable(valuation: LineValuation, replacedCost: Int64?) -> Int64 {
        guard let replacedCost else { return valuation.lineDepreciation }
        return max(0, min(max(0, replacedCost), valuation.lineReplacementCost) - valuation.lineActualCashValue)
    }
}
