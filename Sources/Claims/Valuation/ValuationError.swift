import Inventory
import TextRules

/// Why a useful-life edit, a line's override or a claim's figures can't be taken. Each message names
/// what is wrong and says what to do.
public enum ValuationError: Error, Sendable, Equatable {
    /// A category id that is not in the table, with the ids that are.
    case unknownCategory(String, known: [String])
    /// Years outside `UsefulLifeTable.yearsRange` for a category.
    case usefulLifeOutOfRange(category: String, label: String, years: Int)
    /// An actual cash value set by hand below zero or above `Money.maxMinorUnits`.
    case overrideOutOfRange(Int64)
    /// An actual cash value set by hand with no reason: the adjuster will ask why.
    case overrideWithoutReason
    /// A quantity lost of 0 or less, or above what the item holds.
    case quantityLostOutOfRange(quantityLost: Quantity, itemQuantity: Quantity)
    /// The claim's figures add up past 64 bits.
    case totalTooLarge

    public var message: String { wording.english }

    /// The message as a value, for the reader's language.
    public var wording: Message {
        switch self {
        case .unknownCategory(let category, let known):
            Message("error.claim.unknown-category", "“\(TextRule.excerpt(category, characters: 60))” is not a depreciation category. Use one of: \(Self.listed(known)).",
                    ["category": .text(TextRule.excerpt(category, characters: 60)), "known": .text(Self.listed(known))])
        case .usefulLifeOutOfRange(let category, let label, let years):
            // US English names the category again in lower case; a translation names it by its label.
            Message("error.claim.useful-life-range",
                    "The useful life of \(label) must be \(UsefulLifeTable.yearsRange.lowerBound) to \(UsefulLifeTable.yearsRange.upperBound) years, not \(years); leave it empty if \(label.lowercased()) don’t lose value.",
                    ["label": .message(Message("packet.category.\(category)", label)), "things": .message(Message("packet.category.\(category)", label.lowercased())),
                     "least": .text("\(UsefulLifeTable.yearsRange.lowerBound)"), "most": .text("\(UsefulLifeTable.yearsRange.upperBound)"), "years": .text("\(years)")])
        case .overrideOutOfRange:
            Message("error.claim.acv-range", "An actual cash value must be from 0 to \(Money.maxMinorUnits.grouped) minor units. Enter a smaller amount.",
                    ["max": .text(Money.maxMinorUnits.grouped)])
        case .overrideWithoutReason:
            Message("error.claim.acv-reason", "Say why you set this line’s actual cash value by hand (for example “unopened, still boxed”); the adjuster will ask.")
        case .quantityLostOutOfRange(let quantityLost, let itemQuantity):
            Message("error.claim.quantity-range", "The quantity lost must be above 0 and at most \(itemQuantity.grouped), the quantity the item holds, not \(quantityLost.grouped).",
                    ["most": .text(itemQuantity.grouped), "sent": .text(quantityLost.grouped)])
        case .totalTooLarge:
            Message("error.claim.total-too-large", "This claim’s amounts add up to more than Homepwner can count. Split it into smaller claims.")
        }
    }
}

extension ValuationError {
    /// "televisions, electronics, …".
    fileprivate static func listed(_ categories: [String]) -> String { categories.joined(separator: ", ") }
}

extension Int64 {
    fileprivate var grouped: String { Int(self).grouped }
}
