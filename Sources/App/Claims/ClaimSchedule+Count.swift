import Claims
import Inventory
import Localization

extension ClaimSchedule {
    /// How much a claim holds, worded alike on the claims list, the claim's page and the report's
    /// cover: "17 lines, 36 items"; lines alone when a line is counted in a unit (gallons and pieces do
    /// not add up to a number of items).
    var countText: String { countText(words: Localization.bundled.localizer(for: .template)) }

    /// The same in `words`' language, with its plurals.
    func countText(words: Localizer) -> String {
        let lines = MessageArgument.count(self.lines.count)
        let quantity = totals.quantity
        guard self.lines.allSatisfy(\.quantityUnit.isPieces), quantity.isWhole else { return words.text("claim.count.lines", ["lines": lines]) }
        return words.text("claim.count.lines-items", ["lines": lines, "items": .integer(quantity.tenThousandths / Quantity.scale)])
    }
}
