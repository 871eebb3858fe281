/// Our fields that Homebox has no column for, written as `HB.field.<name>` columns in our Homebox CSV
/// and read back into their fields by our import, so that ours → Homebox CSV → ours keeps them.
/// Homebox shows them as the item's custom fields.
public enum HomepwnerField: String, CaseIterable, Sendable {
    case barcode = "Barcode"
    case condition = "Condition"
    case replacementCost = "Replacement cost"
    case replacementCostDate = "Replacement cost date"
    case replacementCostSource = "Replacement cost source"
    case scheduled = "Scheduled"
    case riderAmount = "Rider amount"
    case quantityUnit = "Quantity unit"
    case businessUse = "Business use"
    /// A rough purchase date as it was said ("2019"; empty for an exact day, which HB.purchase_time holds).
    case purchaseDateAsSaid = "Purchase date as said"
    case disposal = "Disposal"
    case currency = "Currency"
    /// Paid in another currency: "129.99 GBP at 1.32527 on 2019-03-14 (ECB)" (the purchase price is that converted).
    case purchasePaid = "Purchase paid"

    /// The cell for this field of `details`.
    func text(of details: ItemDetails, currency: Currency, words: HomeboxCSVWords = .english) -> String {
        func amount(_ minorUnits: Int64?) -> String { minorUnits.map { Money(minorUnits: $0, currency: currency).decimalString } ?? "" }
        return switch self {
        case .barcode: details.barcode
        case .condition: details.condition.map { words.conditions[$0] ?? $0.rawValue } ?? ""
        case .replacementCost: amount(details.replacementCost)
        case .replacementCostDate: details.replacementCostDate?.iso ?? ""
        case .replacementCostSource: details.replacementCostSource
        case .scheduled: details.scheduled ? words.yes : ""
        case .riderAmount: amount(details.riderAmount)
        case .quantityUnit: details.quantityUnit.symbol
        case .businessUse: details.businessUse ? words.yes : ""
        case .purchaseDateAsSaid: details.purchaseDate.flatMap { $0.isRough ? $0.text : nil } ?? ""
        case .disposal: details.disposal.map { words.disposals[$0.kind] ?? $0.kind.label } ?? ""
        case .currency: currency.code
        case .purchasePaid: details.purchasePaid.map(Self.text(of:)) ?? ""
        }
    }

    static func text(of paid: PurchasePaid) -> String {
        "\(paid.money.decimalString) \(paid.currency.code) at \(paid.rate) on \(paid.rateDate.iso)" + (paid.fromECB ? " (ECB)" : "")
    }

    /// `text(of:)` read back, as an input with its rate given; nil for anything else.
    static func purchasePaid(_ text: String) -> PurchasePaidInput? {
        let parts = text.split(separator: " ").map(String.init)
        guard parts.count == 6 || parts.count == 7 && parts[6] == "(ECB)", parts[2] == "at", parts[4] == "on", let currency = Currency(code: parts[1]),
              let amount = try? Money.parse(parts[0], currency: currency), let rate = try? ExchangeRate(parsing: parts[3]),
              let day = CalendarDate(iso: parts[5]) else { return nil }
        var paid = PurchasePaidInput(amount: amount.minorUnits, currency: currency, rate: rate, rateDate: day)
        paid.fromECB = parts.count == 7
        return paid
    }
}
