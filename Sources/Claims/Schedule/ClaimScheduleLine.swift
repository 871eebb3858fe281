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
    public let purchaseDate: PurchaseDate?
    public let purchasedFrom: String
    /// Paid in another currency: the amount, the rate and its day the original cost was converted at.
    public let purchasePaid: PurchasePaid?
    public let condition: ItemCondition?
    /// Whether the item is used for a business (insurers' forms ask: home policies limit business property).
    public let businessUse: Bool
    public let valuation: LineValuation
    /// Sales tax on the line's pre-tax replacement cost, rounded once for the line (0 without a rate).
    public let tax: Int64

    public let paid: Int64?
    public let replacedCost: Int64?
    public let replacedDate: CalendarDate?
    /// A scheduled item: claimed against its rider, for at most `riderAmount` (nil: not given).
    public let againstRider: Bool
    public let riderAmount: Int64?
    /// What the policy pays for the line before the deductible and the limits (see `ClaimOwed`): its
    /// replacement cost with its sales tax (what replacing it cost, once replaced) or its actual cash
    /// value (pre-tax), by the policy's settlement; a scheduled item's replacement cost with its tax.
    public let lossValue: Int64
    /// What the line is claimed for: its loss value, held to its rider's amount when it has one.
    /// The most the line can be owed.
    public let amountClaimed: Int64
    /// The depreciation the insurer still owes on the line, net of what was paid on it (see `recoverable`).
    public let recoverableDepreciation: Int64
    /// What was paid above what the line can be owed; 0 when not.
    public let paidAboveClaim: Int64

    /// The description column: the name, then the item's description after a dash when it has one.
    public var description: String { itemDescription.isEmpty ? name : name + " — " + itemDescription }

    public var quantityLost: Quantity { valuation.quantity }
    /// The item's unit, which its quantity lost is counted in.
    public let quantityUnit: QuantityUnit
    /// What the item held when the line was valued.
    public let quantityHeld: Quantity

    /// The quantity column: "6", "1.5 gal".
    public var quantityLostText: String { quantityUnit.describing(quantityLost) }
    /// "6 of 8", "1.5 of 2.5 gal"; "2.5 gal" when all of it was lost.
    public var quantityLostOfHeldText: String {
        quantityLost < quantityHeld ? "\(quantityLost.grouped) of \(quantityUnit.describing(quantityHeld))" : quantityLostText
    }

    /// The line's replacement cost with its sales tax.
    public var replacementCostWithTax: Int64 { valuation.lineReplacementCost + tax }

    /// The age in years to one decimal, as tenths (6 years 2 months is 62: 6.2), rounded half up; nil
    /// when there is no age.
    public var ageInTenthsOfYears: Int? {
        valuation.ageInMonths.map { ($0 * 10 + 6) / 12 }
    }

    /// The age column: "6 years 2 months", "about 7 years" from a rough purchase date, or why there is none.
    public var ageText: String {
        if let months = valuation.ageInMonths {
            if let purchaseDate, purchaseDate.isRough { return Depreciation.roughAgeText(months: months, purchased: purchaseDate) }
            return Depreciation.ageText(months: months)
        }
        if valuation.flags.contains(.lossDateUnknown) { return "no loss date" }
        if purchaseDate == nil { return "unknown" }
        return "bought after the loss"
    }

    init(number: Int, line: ClaimScheduleInput.Line, valuation: LineValuation, tax: Int64, settlement: Settlement) {
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
        self.purchasePaid = details.purchasePaid
        self.condition = details.condition
        self.businessUse = details.businessUse
        self.valuation = valuation
        self.tax = tax
        self.quantityUnit = details.quantityUnit
        self.quantityHeld = details.quantity
        self.paid = line.record.paid
        self.replacedCost = line.record.replacedCost
        self.replacedDate = line.record.replacedDate
        self.againstRider = details.scheduled
        self.riderAmount = details.scheduled ? details.riderAmount : nil
        let replacedCost = line.record.replacedCost, paid = max(0, line.record.paid ?? 0)
        if details.scheduled {
            lossValue = valuation.lineReplacementCost + tax
            amountClaimed = min(lossValue, max(0, details.riderAmount ?? lossValue))
            recoverableDepreciation = 0
        } else {
            lossValue = Self.ordinaryLossValue(valuation: valuation, tax: tax, replacedCost: replacedCost, settlement: settlement)
            amountClaimed = self.lossValue
            recoverableDepreciation = settlement == .replacementCost ? max(0, self.lossValue - max(valuation.lineActualCashValue, paid)) : 0
        }
        paidAboveClaim = max(0, paid - amountClaimed)
    }

    /// What the policy pays for an ordinary line. Under a replacement-cost policy: its replacement
    /// cost with its sales tax until it is replaced (the insurer pays the pre-tax actual cash value and
    /// holds the depreciation and the tax back until the new receipt, which shows the tax paid); once
    /// replaced, what was spent, up to the replacement cost with tax and never below the actual cash
    /// value. Under an actual-cash-value policy: the actual cash value, pre-tax (docs/architecture.md,
    /// Claims, says why).
    static func ordinaryLossValue(valuation: LineValuation, tax: Int64, replacedCost: Int64?, settlement: Settlement) -> Int64 {
        guard settlement == .replacementCost else { return valuation.lineActualCashValue }
        let withTax = valuation.lineReplacementCost + tax
        guard let replacedCost else { return withTax }
        return max(valuation.lineActualCashValue, min(max(0, replacedCost), withTax))
    }
}
