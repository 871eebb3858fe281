import Claims
import Foundation
import Inventory

/// Items as a household would have entered them, for valuation and schedule tests.
enum ValuationFixtures {
    static func item(_ name: String, id: Item.ID = 1, quantity: Quantity = 1, replacementCost: Int64? = nil, purchasePrice: Int64? = nil,
                     purchased: String? = nil, tags: [String] = [], description: String = "", brand: String = "",
                     model: String = "", serial: String = "", from store: String = "", condition: ItemCondition? = nil) -> Item {
        var details = ItemDetails()
        details.quantity = quantity
        details.replacementCost = replacementCost
        details.purchasePrice = purchasePrice
        details.purchaseDate = purchased.flatMap { try? PurchaseDate(parsing: $0, today: nil) }
        details.tags = tags
        details.description = description
        details.brand = brand
        details.model = model
        details.purchasedFrom = store
        details.condition = condition
        return Item(id: id, name: name, serialNumber: serial, valueInDollars: 0, dateCreated: Date(timeIntervalSince1970: 0),
                    position: 0, version: 1, details: details)
    }

    static func date(_ iso: String) -> CalendarDate { CalendarDate(iso: iso)! }

    /// Values one line of `item` at `lost` with the default table unless told otherwise.
    static func value(_ item: Item, quantityLost: Quantity = 1, category: String? = nil, lost: String? = "2025-03-10",
                      table: UsefulLifeTable = .defaults, override: Int64? = nil, reason: String = "") throws -> LineValuation {
        try LineValuation(item: item, quantityLost: quantityLost, category: category, lossDate: lost.map(date), table: table,
                          unitACVOverride: override, overrideReason: reason)
    }

    /// The error `body` throws, or nil.
    static func error(_ body: () throws(ValuationError) -> Void) -> ValuationError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }
}
