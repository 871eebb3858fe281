import Inventory

extension LineValuation {
    /// The line's reasoning in words, for the schedule's basis column and the insurer's copy:
    /// "Televisions, 10-year life; 6 years 2 months old at the loss: 61.67% depreciated."; and apart
    /// from it, what the claimant should do about the line ("Add the purchase date."), which is for
    /// the claimant's own pages only.
    static func basis(entry: UsefulLife, guessed: Bool, ageInMonths: Int?, purchased: PurchaseDate?, lossDate: CalendarDate?, flags: [ValuationFlag],
                      tableBasisPoints: Int, basisPoints: Int, overrideReason: String) -> (basis: String, toDos: [String]) {
        var sentences: [String] = [], toDos: [String] = []
        let category = entry.label + (guessed ? " (category guessed)" : "")

        if entry.years == nil {
            sentences.append("\(category): not depreciated.")
        } else if let years = entry.years {
            let life = "\(category), \(years)-year life"
            if flags.contains(.lossDateUnknown) {
                sentences.append("\(life); the claim has no loss date, so no depreciation is worked out.")
                toDos.append("Add the loss date.")
            } else if flags.contains(.ageUnknown) {
                sentences.append("\(life); age unknown, so not depreciated.")
                toDos.append("Add the purchase date.")
            } else if let purchased = flags.lazy.compactMap(\.purchaseAfterLoss).first, let lossDate {
                sentences.append("\(life); bought \(purchased.text), after the loss on \(lossDate.iso), so not depreciated.")
                toDos.append("Check the purchase date.")
            } else if let ageInMonths {
                var age = "\(Depreciation.ageText(months: ageInMonths)) old at the loss"
                if let purchased, purchased.isRough {
                    age = "\(Depreciation.roughAgeText(months: ageInMonths, purchased: purchased)) old at the loss (bought “\(purchased.text)”, "
                        + "counted from \(purchased.reckoningDay.iso)\(purchased.isRelative ? "" : ", its middle"), as \(Depreciation.ageText(months: ageInMonths)))"
                }
                if flags.contains(.capped) {
                    sentences.append("\(life); \(age): depreciation capped at \(Depreciation.maximumBasisPoints / 100)%, since a working item keeps at least a tenth of its value.")
                } else {
                    sentences.append("\(life); \(age): \(Depreciation.percentText(tableBasisPoints)) depreciated.")
                }
            }
        }
        if flags.contains(.replacementCostFromPurchasePrice) {
            sentences.append("No replacement cost, so the purchase price stands in for it.")
            toDos.append("Add today’s price for a new one.")
        }
        if flags.contains(.noValue) {
            sentences.append("No replacement cost or purchase price.")
            toDos.append("Add one of them.")
        }
        if flags.contains(.overridden) {
            let reason = overrideReason.contains { !$0.isWhitespace } ? "“\(overrideReason)”" : "no reason given"
            var sentence = "Actual cash value set by hand (\(reason)): \(Depreciation.percentText(basisPoints)) depreciated where the table gives \(Depreciation.percentText(tableBasisPoints))."
            if flags.contains(.overrideAboveReplacementCost) {
                sentence += " The value set was above the replacement cost, so the replacement cost is used."
            }
            sentences.append(sentence)
        }
        return (sentences.joined(separator: " "), toDos)
    }
}

extension ValuationFlag {
    fileprivate var purchaseAfterLoss: PurchaseDate? {
        if case .boughtAfterLoss(let date) = self { return date }
        return nil
    }
}
