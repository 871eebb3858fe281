import Inventory

/// One claim line's figures: replacement cost, depreciation and actual cash value per unit and for the
/// quantity lost, with the reasoning in words.
///
/// Amounts are minor units of the inventory's currency. The unit depreciation is the depreciation
/// percentage (basis points) of the unit replacement cost, rounded half up to the minor unit; the unit
/// actual cash value is the unit replacement cost less it. A line's replacement cost, actual cash value
/// and original cost are the quantity lost (an exact decimal) times the unit figure, rounded half up to
/// the minor unit once per line (`Quantity.times`); its depreciation is its replacement cost less its
/// actual cash value, so the line's columns always add up. A whole quantity needs no rounding.
public struct LineValuation: Sendable, Equatable {
    public enum ReplacementCostBasis: Sendable, Equatable {
        /// The item's replacement cost.
        case replacementCost
        /// No replacement cost: what was paid for it.
        case purchasePrice
        /// Neither: zero.
        case none
    }

    public let quantity: Quantity
    /// The category used: the line's own, or else the one guessed from the item's name and tags.
    public let category: String
    public let categoryLabel: String
    public let categoryGuessed: Bool
    /// Nil when the category is not depreciated.
    public let usefulLifeYears: Int?
    /// Whole months from purchase to loss; nil when either date is missing or the item was bought after the loss.
    /// From a rough purchase date's middle (`PurchaseDate.reckoningDay`): then `ageIsRough`.
    public let ageInMonths: Int?
    public var ageIsRough: Bool { flags.contains(.roughPurchaseDate) }
    public let replacementCostBasis: ReplacementCostBasis

    /// What one cost when bought, when known.
    public let unitOriginalCost: Int64?
    public let unitReplacementCost: Int64
    /// The depreciation as a share of the replacement cost, in hundredths of a percent.
    public let depreciationBasisPoints: Int
    public let unitDepreciation: Int64
    public let unitActualCashValue: Int64

    public let lineOriginalCost: Int64?
    public let lineReplacementCost: Int64
    public let lineDepreciation: Int64
    public let lineActualCashValue: Int64

    /// Why the household set the actual cash value by hand; nil when the table's figure stands.
    public let overrideReason: String?
    public let flags: [ValuationFlag]
    /// How this line's figures were reached, in a sentence or three.
    public let basis: String
    /// What the claimant should do about the line ("Add the purchase date."): never in the insurer's copy.
    public let toDos: [String]

    public var isOverridden: Bool { overrideReason != nil }

    /// Values `quantityLost` of `item` at `lossDate`. `category` nil means guessed from the item; an
    /// override replaces the unit actual cash value (and so the depreciation) with the household's own,
    /// capped at the replacement cost. Throws only for amounts beyond what the inventory stores.
    public init(item: Item, quantityLost: Quantity, category: String?, lossDate: CalendarDate?, table: UsefulLifeTable,
                unitACVOverride: Int64? = nil, overrideReason: String = "") throws(ValuationError) {
        let details = item.details
        guard quantityLost.isInRange else {
            throw .quantityLostOutOfRange(quantityLost: quantityLost, itemQuantity: details.quantity)
        }
        let entry = table.entry(for: category ?? table.guessCategory(tags: details.tags, name: item.name))
        var flags: [ValuationFlag] = []

        let unitReplacementCost: Int64, costBasis: ReplacementCostBasis
        if let cost = details.replacementCost {
            (unitReplacementCost, costBasis) = (cost, .replacementCost)
        } else if let price = details.purchasePrice {
            (unitReplacementCost, costBasis) = (price, .purchasePrice)
            flags.append(.replacementCostFromPurchasePrice)
        } else {
            (unitReplacementCost, costBasis) = (0, .none)
            flags.append(.noValue)
        }
        guard (0...Money.maxMinorUnits).contains(unitReplacementCost),
              (0...Money.maxMinorUnits).contains(details.purchasePrice ?? 0) else { throw .totalTooLarge }

        var ageInMonths: Int?
        if lossDate == nil {
            flags.append(.lossDateUnknown)
        } else if details.purchaseDate == nil {
            flags.append(.ageUnknown)
        } else if let lossDate, let purchased = details.purchaseDate {
            ageInMonths = Depreciation.ageInMonths(purchased: purchased, lost: lossDate)
            if ageInMonths == nil { flags.append(.boughtAfterLoss(purchased)) } else if purchased.isRough { flags.append(.roughPurchaseDate) }
        }
        if entry.years == nil { flags.append(.notDepreciated) }

        let fromTable = Depreciation.basisPoints(ageInMonths: ageInMonths ?? 0, usefulLifeYears: entry.years)
        if fromTable.capped { flags.append(.capped) }
        var basisPoints = fromTable.basisPoints
        var unitDepreciation = Depreciation.share(basisPoints, of: unitReplacementCost)

        if let unitACVOverride {
            guard (0...Money.maxMinorUnits).contains(unitACVOverride) else { throw .overrideOutOfRange(unitACVOverride) }
            flags.append(.overridden)
            if unitACVOverride > unitReplacementCost { flags.append(.overrideAboveReplacementCost) }
            unitDepreciation = unitReplacementCost - min(unitACVOverride, unitReplacementCost)
            basisPoints = unitReplacementCost == 0 ? 0
                : Int(Depreciation.roundedHalfUp(unitDepreciation * 10_000, dividedBy: unitReplacementCost))
        }

        func line(_ unit: Int64) throws(ValuationError) -> Int64 {
            guard let product = quantityLost.times(unit) else { throw .totalTooLarge }
            return product
        }
        self.quantity = quantityLost
        self.category = entry.category
        self.categoryLabel = entry.label
        self.categoryGuessed = category == nil
        self.usefulLifeYears = entry.years
        self.ageInMonths = ageInMonths
        self.replacementCostBasis = costBasis
        self.unitOriginalCost = details.purchasePrice
        self.unitReplacementCost = unitReplacementCost
        self.depreciationBasisPoints = basisPoints
        self.unitDepreciation = unitDepreciation
        self.unitActualCashValue = unitReplacementCost - unitDepreciation
        self.lineOriginalCost = try details.purchasePrice.map { (price: Int64) throws(ValuationError) in try line(price) }
        let lineReplacementCost = try line(unitReplacementCost), lineActualCashValue = try line(unitReplacementCost - unitDepreciation)
        self.lineReplacementCost = lineReplacementCost
        self.lineDepreciation = lineReplacementCost - lineActualCashValue
        self.lineActualCashValue = lineActualCashValue
        self.overrideReason = unitACVOverride == nil ? nil : overrideReason
        self.flags = flags
        (self.basis, self.toDos) = Self.basis(entry: entry, guessed: category == nil, ageInMonths: ageInMonths, purchased: details.purchaseDate, lossDate: lossDate,
                                              flags: flags, tableBasisPoints: fromTable.basisPoints, basisPoints: basisPoints, overrideReason: overrideReason)
    }

    /// Refuses an actual cash value set by hand that is negative, too large, or has no reason.
    public static func check(unitACVOverride: Int64?, reason: String) throws(ValuationError) {
        guard let unitACVOverride else { return }
        guard (0...Money.maxMinorUnits).contains(unitACVOverride) else { throw .overrideOutOfRange(unitACVOverride) }
        guard reason.contains(where: { !$0.isWhitespace }) else { throw .overrideWithoutReason }
    }

    /// Refuses a quantity lost that is 0 or less, or more than the item holds.
    public static func check(quantityLost: Quantity, of item: Item) throws(ValuationError) {
        guard quantityLost.tenThousandths > 0, quantityLost <= item.details.quantity else {
            throw .quantityLostOutOfRange(quantityLost: quantityLost, itemQuantity: item.details.quantity)
        }
    }
}
