import Claims
import Inventory
import Localization

/// What needs attention in a claim, a sentence each, in `words`' language (the packet's cover's "In
/// this claim"): the same findings as `ScheduleMethod.notes`, counted from the lines' valuation flags.
enum ClaimMethodNotes {
    static func sentences(_ schedule: ClaimSchedule, lossDate: CalendarDate?, words: Localizer) -> [String] {
        let lines = schedule.lines
        func count(_ matches: (ClaimScheduleLine) -> Bool) -> Int { lines.filter(matches).count }
        var notes: [String] = []
        if lossDate == nil { notes.append(words.text("packet.note.no-loss-date")) }
        let cap = "\(Depreciation.maximumBasisPoints / 100)"
        let counted: [(String, Int)] = [
            ("age-unknown", count { $0.valuation.flags.contains(.ageUnknown) }),
            ("price-stands-in", count { $0.valuation.flags.contains(.replacementCostFromPurchasePrice) }),
            ("no-value", count { $0.valuation.flags.contains(.noValue) }),
            ("capped", count { $0.valuation.flags.contains(.capped) }),
            ("set-by-hand", count { $0.valuation.flags.contains(.overridden) }),
            ("bought-after-loss", count { $0.valuation.flags.contains { if case .boughtAfterLoss = $0 { true } else { false } } }),
            ("category-guessed", count(\.valuation.categoryGuessed)),
        ]
        for (key, lineCount) in counted where lineCount > 0 {
            notes.append(words.text("packet.note." + key, ["count": .count(lineCount)].merging(key == "capped" ? ["cap": .text(cap)] : [:]) { $1 }))
        }
        return notes
    }
}
