import Inventory

extension ClaimSchedule {
    /// "How the figures were worked out": the rule, the sources, the household's edits, the lives
    /// used and what needs attention, for the report's cover and the claim's page.
    static func method(table: UsefulLifeTable, lossDate: CalendarDate?, lines: [ClaimScheduleLine], owed: ClaimOwed) -> ScheduleMethod {
        let cap = "\(Depreciation.maximumBasisPoints / 100)%"
        // The three guides the years come from are cited by number; the jewellery note stays in the code.
        let references = Array(table.sources.prefix(3))
        let cited = references.indices.map { "[\($0 + 1)]" }.joined(separator: ", ")
        var paragraphs = [
            "Actual cash value is replacement cost less depreciation. Depreciation is straight line: the item’s age at the loss date, in whole months from its purchase date, as a share of the useful life of its category (a 10-year life takes 10% a year). It stops at \(cap), since an item that still worked keeps at least a tenth of its replacement cost. Where an item has no replacement cost, its purchase price stands in for it.",
            "Useful lives are Homepwner’s defaults from published contents depreciation guides (\(cited)). Jewellery, art, antiques and collectibles are not depreciated. Tax depreciation tables such as IRS Publication 946 are not used: they set how fast a business may deduct a cost, not how long household goods last.",
        ]
        let edited = table.editedEntries
        if !edited.isEmpty {
            let edits = edited.map { entry in
                "\(entry.label) \(ScheduleMethod.yearsText(entry.years)) (default \(ScheduleMethod.yearsText(entry.defaultYears)))"
            }
            paragraphs.append("The household changed these useful lives from the defaults: \(edits.joined(separator: "; ")).")
        }
        paragraphs.append("Condition is not applied automatically: the guides’ rates assume average wear and leave more or less wear to the adjuster. Where an item’s condition or anything else makes the table’s figure wrong, its actual cash value was set by hand and the reason is on its line.")
        paragraphs.append("Percentages are rounded to hundredths of a percent and each unit’s depreciation half up to the smallest unit of the currency. A line’s figures are the quantity lost times the unit figures, rounded half up to the smallest unit once per line where the quantity has decimals (1.5 gal), and its depreciation is its replacement cost less its actual cash value; totals are the sums of the lines.")
        paragraphs.append(settlementParagraph(owed.settlement))
        paragraphs.append("The amount claimed is the whole loss less the deductible (never more than the contents’ whole loss), held to the policy’s contents limit when one is given. Scheduled items are claimed against their riders, not as contents: at their replacement cost, up to the rider’s amount, without the deductible. The balance is the amount claimed less what was paid; a payment above what its line can be owed is flagged on the line.")

        let lives = table.entries.compactMap { entry -> ScheduleMethod.LifeUsed? in
            let count = lines.filter { table.entry(for: $0.valuation.category).category == entry.category }.count
            return count == 0 ? nil : ScheduleMethod.LifeUsed(label: entry.label, years: entry.years, defaultYears: entry.defaultYears, lineCount: count,
                                                              category: entry.category)
        }
        var method = ScheduleMethod(paragraphs: paragraphs, lives: lives, notes: notes(lossDate: lossDate, lines: lines, cap: cap), references: references)
        method.edited = edited.map { ScheduleMethod.LifeUsed(label: $0.label, years: $0.years, defaultYears: $0.defaultYears, lineCount: 0, category: $0.category) }
        method.settlement = owed.settlement
        return method
    }

    private static func notes(lossDate: CalendarDate?, lines: [ClaimScheduleLine], cap: String) -> [String] {
        var notes: [String] = []
        if lossDate == nil { notes.append("the claim has no loss date, so nothing is depreciated yet") }
        // What one line has, and what several have.
        let counted: [(ValuationFlag, String, String)] = [
            (.ageUnknown, "no purchase date and so is not depreciated", "no purchase date and so are not depreciated"),
            (.replacementCostFromPurchasePrice, "no replacement cost, so its purchase price stands in for it",
             "no replacement cost, so their purchase price stands in for it"),
            (.noValue, "neither a replacement cost nor a purchase price", "neither a replacement cost nor a purchase price"),
            (.capped, "reached the \(cap) maximum", "reached the \(cap) maximum"),
            (.overridden, "an actual cash value set by hand", "an actual cash value set by hand"),
        ]
        for (flag, one, several) in counted {
            let count = lines.filter { $0.valuation.flags.contains(flag) }.count
            if count > 0 { notes.append(count == 1 ? "1 line has \(one)" : "\(lineCount(count)) have \(several)") }
        }
        let boughtAfter = lines.filter { $0.valuation.flags.contains { if case .boughtAfterLoss = $0 { true } else { false } } }.count
        if boughtAfter > 0 { notes.append("\(lineCount(boughtAfter)) \(boughtAfter == 1 ? "has" : "have") a purchase date after the loss and \(boughtAfter == 1 ? "is" : "are") not depreciated") }
        let guessed = lines.filter(\.valuation.categoryGuessed).count
        if guessed > 0 { notes.append("\(lineCount(guessed)) \(guessed == 1 ? "has its" : "have their") category guessed from the item’s name and tags") }
        return notes
    }

    private static func settlementParagraph(_ settlement: Settlement) -> String {
        switch settlement {
        case .replacementCost:
            "The policy settles at replacement cost: each line counts at its replacement cost (once replaced, at what replacing it cost, up to its replacement cost and never below its actual cash value). The insurer pays the actual cash value first and the depreciation once the item is replaced: a line’s recoverable depreciation is what it counts for less its actual cash value or what was paid on it, whichever is more."
        case .actualCashValue:
            "The policy settles at actual cash value: each line counts at its actual cash value, and no depreciation is recovered on replacing it."
        }
    }

    private static func lineCount(_ count: Int) -> String { count == 1 ? "1 line" : "\(count.grouped) lines" }
}
