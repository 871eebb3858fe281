import Foundation
import TextRules

/// How worn an item is, in the words adjusters use.
public enum ItemCondition: String, Sendable, CaseIterable {
    case new, good, fair, poor, broken
}

/// What an insurer asks about an item beyond its name: how many, what exactly, what it cost and
/// what it would cost now. Amounts are minor units of the inventory's currency (cents for USD).
public struct ItemDetails: Sendable, Equatable {
    /// How much of it the household has: above 0, at most `Quantity.max` (2.5 gal, 0.75 roll, 6).
    public var quantity = Quantity.one
    public var quantityUnit = QuantityUnit.pieces
    public var description = ""
    public var brand = ""
    public var model = ""
    public var barcode = ""
    public var condition: ItemCondition?
    public var notes = ""
    public var purchasePrice: Int64?
    /// What was paid in another currency, and the rate `purchasePrice` was converted at; nil when it
    /// was paid in the inventory's currency.
    public var purchasePaid: PurchasePaid?
    /// A day, or as roughly as it is remembered ("2019", "about 5 years ago").
    public var purchaseDate: PurchaseDate?
    public var purchasedFrom = ""
    public var replacementCost: Int64?
    public var replacementCostDate: CalendarDate?
    /// Where the replacement cost was looked up: a URL or a note.
    public var replacementCostSource = ""
    /// Any number of labels, sorted without regard to case.
    public var tags: [String] = []
    public var warrantyExpires: CalendarDate?
    public var lifetimeWarranty = false
    public var warrantyDetails = ""
    /// What tells this one apart from every other of its make, for a police list or a pawn-shop search:
    /// an engraving, a scratch, a sticker, a name written inside.
    public var distinguishingMarks = ""
    /// Insured on a rider of its own (jewellery, art, firearms, collectibles), for `riderAmount`.
    public var scheduled = false
    public var riderAmount: Int64?
    /// Used for a business run from home: insurers ask, as home policies limit business property.
    public var businessUse = false
    /// Set once the item is no longer owned.
    public var disposal: Disposal?
    /// The household's own fields, sorted by name.
    public var customFields: [CustomField] = []

    public init() {}

    /// What one of it is worth for the totals: the replacement cost, or else what was paid.
    public var unitValue: Int64? { replacementCost ?? purchasePrice }

    /// Quantity × unit value rounded half up to the minor unit once (as a claim line is), what the
    /// item counts for in totals and at risk; `Int64.max` rather than wrapping past it; nil when the
    /// item has no value at all.
    public var lineValue: Int64? { Self.lineValue(quantity: quantity, unitValue: unitValue) }

    static func lineValue(quantity: Quantity, unitValue: Int64?) -> Int64? {
        unitValue.map { quantity.times($0) ?? .max }
    }

    /// "2.5 gal", "6".
    public var quantityText: String { quantityUnit.describing(quantity) }

    public static let maxTags = 100
    public static let maxTagLength = 50
    static let tagRule = TextRule(Message("error.field.label.tag", "A tag"), maxCharacters: maxTagLength, oneLine: true)

    public static let maxShortTextLength = 200
    public static let maxLongTextLength = 10_000
    static let disposalNotesRule = TextRule(Message("error.field.label.disposal-notes", "The disposal notes"), maxCharacters: maxLongTextLength, oneLine: false, plural: true)

    /// The one-line text fields with their API names, and the multi-line ones.
    static var shortTextFields: [(name: String, label: Message, keyPath: WritableKeyPath<ItemDetails, String>)] {
        [("brand", Message("error.field.label.brand", "Brand"), \.brand), ("model", Message("error.field.label.model", "Model"), \.model),
         ("barcode", Message("error.field.label.barcode", "Barcode"), \.barcode),
         ("purchasedFrom", Message("error.field.label.purchased-from", "Where bought"), \.purchasedFrom),
         ("replacementCostSource", Message("error.field.label.replacement-cost-source", "Replacement cost source"), \.replacementCostSource)]
    }
    static var longTextFields: [(name: String, label: Message, keyPath: WritableKeyPath<ItemDetails, String>)] {
        [("description", Message("error.field.label.description", "Description"), \.description), ("notes", Message("error.field.label.notes", "Notes"), \.notes),
         ("warrantyDetails", Message("error.field.label.warranty-details", "Warranty details"), \.warrantyDetails),
         ("distinguishingMarks", Message("error.field.label.distinguishing-marks", "Distinguishing marks"), \.distinguishingMarks)]
    }
    /// The text field with this API name ("" for a name that is none).
    public func text(named name: String) -> String {
        (Self.shortTextFields + Self.longTextFields).first { $0.name == name }.map { self[keyPath: $0.keyPath] } ?? ""
    }

    /// The rule for a text field: one line for the short ones.
    static func textRule(label: Message, isShort: Bool) -> TextRule {
        TextRule(label, maxCharacters: isShort ? maxShortTextLength : maxLongTextLength, oneLine: isShort)
    }

    /// Every text field's API name.
    public static var textFieldNames: [String] { (shortTextFields + longTextFields).map(\.name) }
}

/// Changes to an item's details: `nil` leaves a field as it is; for the fields that may be empty,
/// `.some(nil)` clears it.
public struct ItemDetailsInput: Sendable, Equatable {
    public var quantity: Quantity?
    public var quantityUnit: QuantityUnit?
    public var texts: [String: String] = [:]
    public var condition: ItemCondition??
    public var purchasePrice: Int64??
    /// A price paid in another currency, converted into `purchasePrice` by the store (which has the
    /// rates); `.some(nil)` goes back to a price in the inventory's currency, as `purchasePrice` alone does.
    public var purchasePaid: PurchasePaidInput??
    public var purchaseDate: PurchaseDate??
    public var replacementCost: Int64??
    public var replacementCostDate: CalendarDate??
    /// The item's whole set of tags (replacing the ones it had).
    public var tags: [String]?
    public var warrantyExpires: CalendarDate??
    public var lifetimeWarranty: Bool?
    public var scheduled: Bool?
    public var riderAmount: Int64??
    public var businessUse: Bool?
    public var disposal: Disposal??
    /// The item's whole set of custom fields (replacing the ones it had); an empty value drops one.
    public var customFields: [String: String]?
    /// Checked and sorted by `validated`.
    var checkedCustomFields: [CustomField]?

    public init() {}

    /// Checks the limits, adding every broken rule to `errors`; trims text.
    func validated(into errors: inout [FieldError]) -> ItemDetailsInput {
        var result = self
        if let quantity, !quantity.isInRange {
            errors.append(FieldError(field: "quantity", quantity.tenThousandths <= 0
                ? QuantityError.notPositive(quantity.text).wording
                : QuantityError.tooLarge(quantity.text).wording))
        }
        for field in ItemDetails.shortTextFields + ItemDetails.longTextFields {
            guard let text = texts[field.name] else { continue }
            let trimmed = text.trimmingWhitespace()
            let isShort = ItemDetails.shortTextFields.contains { $0.name == field.name }
            ItemDetails.textRule(label: field.label, isShort: isShort).check(trimmed, field: field.name, into: &errors)
            result.texts[field.name] = trimmed
        }
        if let tags {
            var seen: Set<String> = [], kept: [String] = []
            for tag in tags.map({ $0.trimmingWhitespace() }) {
                let excerpt = TextRule.excerpt(tag, characters: 60)
                let summary = Message("error.item.tag-rule", "Each tag is 1 to \(ItemDetails.maxTagLength) characters on one line; “\(excerpt)” is not.",
                                      ["limit": .count(ItemDetails.maxTagLength), "tag": .text(excerpt)])
                if let message = tag.isInvisible ? summary : ItemDetails.tagRule.wording(checking: tag, summary: summary) {
                    errors.append(FieldError(field: "tags", message))
                    break
                }
                if seen.insert(tag.lowercased()).inserted { kept.append(tag) }
            }
            if kept.count > ItemDetails.maxTags {
                errors.append(FieldError(field: "tags", Message("error.item.too-many-tags", "An item can have at most \(ItemDetails.maxTags) tags, not \(kept.count.grouped). Remove some.",
                                                                  ["limit": .count(ItemDetails.maxTags), "count": .count(kept.count)])))
            }
            result.tags = kept
        }
        if let customFields { result.checkedCustomFields = CustomField.validated(customFields, into: &errors) }
        if case .some(.some(var disposal)) = disposal {
            disposal.notes = disposal.notes.trimmingWhitespace()
            ItemDetails.disposalNotesRule.check(disposal.notes, field: "disposed", into: &errors)
            result.disposal = disposal
        }
        return result
    }

    /// `details` with these changes made.
    func applied(to details: ItemDetails) -> ItemDetails {
        var details = details
        if let quantity { details.quantity = quantity }
        if let quantityUnit { details.quantityUnit = quantityUnit }
        for field in ItemDetails.shortTextFields + ItemDetails.longTextFields {
            if let text = texts[field.name] { details[keyPath: field.keyPath] = text }
        }
        if let condition { details.condition = condition }
        if let purchasePrice {
            details.purchasePrice = purchasePrice
            details.purchasePaid = nil
        }
        if let purchaseDate { details.purchaseDate = purchaseDate }
        if let replacementCost { details.replacementCost = replacementCost }
        if let replacementCostDate { details.replacementCostDate = replacementCostDate }
        if let tags { details.tags = tags.sorted { $0.localizedStandardCompare($1) == .orderedAscending } }
        if let warrantyExpires { details.warrantyExpires = warrantyExpires }
        if let lifetimeWarranty { details.lifetimeWarranty = lifetimeWarranty }
        if let scheduled { details.scheduled = scheduled }
        if let riderAmount { details.riderAmount = riderAmount }
        if let businessUse { details.businessUse = businessUse }
        if let disposal { details.disposal = disposal }
        if let checkedCustomFields { details.customFields = checkedCustomFields }
        return details
    }
}
