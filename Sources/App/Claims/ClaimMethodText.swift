import Claims
import Inventory
import Localization

/// How a claim's figures were worked out, in `words`' language: the method's paragraphs, each line's
/// reasoning ("How"), ages, percentages, useful lives and categories' names, in the words of the
/// language's insurers (`docs/glossary.md`). The `Claims` module's English (`ScheduleMethod.paragraphs`,
/// `LineValuation.basis`) is what the template gives here word for word; this says it in the others.
struct ClaimMethodText {
    let words: Localizer
    let format: DisplayFormat

    init(words: Localizer) {
        self.words = words
        format = DisplayFormat(words: words)
    }

    private func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("packet." + key, arguments) }

    /// The cap on depreciation as a number ("90"), the message giving its percent sign.
    private var cap: String { format.decimal(String(Depreciation.maximumBasisPoints / 100)) }

    /// "How the figures were worked out": the rule, the sources (cited "[1], [2], [3]"), the household's
    /// changed lives, condition, rounding, how the policy settles, and what is claimed.
    func paragraphs(_ method: ScheduleMethod) -> [String] {
        let cited = method.references.indices.map { "[\($0 + 1)]" }.joined(separator: ", ")
        var paragraphs = [say("method.rule", ["cap": .text(cap)]), say("method.sources", ["cited": .text(cited)])]
        if !method.edited.isEmpty {
            let edits = method.edited.map { life in
                say("method.edit", ["category": .text(category(life.category, label: life.label)), "years": .text(years(life.years)),
                                    "default": .text(years(life.defaultYears))])
            }
            paragraphs.append(say("method.edited", ["edits": .text(edits.joined(separator: "; "))]))
        }
        paragraphs.append(say("method.condition"))
        paragraphs.append(say("method.rounding"))
        paragraphs.append(say("method.settlement.\(method.settlement.rawValue)"))
        paragraphs.append(say("method.claimed"))
        return paragraphs
    }

    /// "8 years", "not depreciated".
    func years(_ years: Int?) -> String {
        guard let years else { return say("life.not-depreciated") }
        return say("age.years", ["count": .count(years)])
    }

    /// "8 years (default 10)": a life of the useful lives' table.
    func lifeText(_ life: ScheduleMethod.LifeUsed) -> String {
        life.years == life.defaultYears ? years(life.years)
            : say("life.changed", ["life": .text(years(life.years)), "default": .text(life.defaultYears.map(format.integer) ?? say("life.not-depreciated"))])
    }

    /// A category's name in this language; its own label for a category the catalogue does not name.
    func category(_ id: String, label: String) -> String {
        let key = "packet.category." + id
        let name = words.text(key)
        return name == key ? label : name
    }

    /// "61.67%", "61,67 %": a share in basis points, always with two decimals so a column lines up.
    func percent(_ basisPoints: Int) -> String {
        let hundredths = basisPoints % 100
        return say("percent", ["number": .text(format.decimal("\(basisPoints / 100)." + (hundredths < 10 ? "0" : "") + "\(hundredths)"))])
    }

    /// "6 years 2 months", "1 year", "11 months", "under a month".
    func age(months: Int) -> String {
        let years = months / 12, rest = months % 12
        switch (years, rest) {
        case (0, 0): return say("age.under-a-month")
        case (0, _): return say("age.months", ["count": .count(rest)])
        case (_, 0): return say("age.years", ["count": .count(years)])
        default: return say("age.years-months", ["years": .text(say("age.years", ["count": .count(years)])), "months": .text(say("age.months", ["count": .count(rest)]))])
        }
    }

    /// A rough age to the precision the purchase date has: "about 7 years", "about 6 years 2 months" (`Depreciation.roughAgeText`).
    func roughAge(months: Int, purchased: PurchaseDate) -> String {
        if case .month = purchased { return say("age.about", ["age": .text(age(months: months))]) }
        let years = (months + 6) / 12
        if years == 0 { return months == 0 ? say("age.under-a-month") : say("age.about", ["age": .text(age(months: months))]) }
        return say("age.about", ["age": .text(say("age.years", ["count": .count(years)]))])
    }

    /// A line's age as the schedule's column gives it when not in tenths of years (`ClaimScheduleLine.ageText`):
    /// "about 7 years", or why there is none.
    func ageText(_ line: ClaimScheduleLine) -> String {
        if let months = line.valuation.ageInMonths {
            if let purchased = line.purchaseDate, purchased.isRough { return roughAge(months: months, purchased: purchased) }
            return age(months: months)
        }
        if line.valuation.flags.contains(.lossDateUnknown) { return say("age.no-loss-date") }
        return line.purchaseDate == nil ? say("age.unknown") : say("age.bought-after-loss")
    }

    /// A day in a sentence: the ISO form US English has always written there, the language's own elsewhere.
    private func day(_ day: CalendarDate) -> String { format.local == nil ? day.iso : format.day(day) }

    /// A purchase date as the household gave it ("2019"), in the language's form where it has one.
    private func purchase(_ date: PurchaseDate) -> String { format.local == nil ? date.text : format.purchase(date) }

    /// The line's reasoning ("How" on its page), as `LineValuation.basis` gives it in English:
    /// "Televisions, 10-year life; 6 years 2 months old at the loss: 61.67% depreciated.".
    func basis(_ line: ClaimScheduleLine, lossDate: CalendarDate?) -> String {
        let valuation = line.valuation, flags = valuation.flags
        var sentences: [String] = []
        var category = category(valuation.category, label: valuation.categoryLabel)
        if valuation.categoryGuessed { category = say("basis.category-guessed", ["category": .text(category)]) }
        let tableBasisPoints = Depreciation.basisPoints(ageInMonths: valuation.ageInMonths ?? 0, usefulLifeYears: valuation.usefulLifeYears).basisPoints
        if let years = valuation.usefulLifeYears {
            let life = say("basis.life", ["category": .text(category), "count": .count(years)])
            let boughtAfter = flags.lazy.compactMap { flag -> PurchaseDate? in if case .boughtAfterLoss(let date) = flag { date } else { nil } }.first
            if flags.contains(.lossDateUnknown) {
                sentences.append(say("basis.no-loss-date", ["life": .text(life)]))
            } else if flags.contains(.ageUnknown) {
                sentences.append(say("basis.age-unknown", ["life": .text(life)]))
            } else if let boughtAfter, let lossDate {
                sentences.append(say("basis.bought-after-loss", ["life": .text(life), "bought": .text(purchase(boughtAfter)), "loss": .text(day(lossDate))]))
            } else if let months = valuation.ageInMonths {
                var old = say("basis.old", ["age": .text(age(months: months))])
                if let purchased = line.purchaseDate, purchased.isRough {
                    old = say(purchased.isRelative ? "basis.old-rough-relative" : "basis.old-rough",
                              ["age": .text(roughAge(months: months, purchased: purchased)), "bought": .text(purchased.text),
                               "from": .text(day(purchased.reckoningDay)), "exact": .text(age(months: months))])
                }
                sentences.append(flags.contains(.capped) ? say("basis.capped", ["life": .text(life), "old": .text(old), "cap": .text(cap)])
                                                         : say("basis.depreciated", ["life": .text(life), "old": .text(old), "percent": .text(percent(tableBasisPoints))]))
            }
        } else {
            sentences.append(say("basis.not-depreciated", ["category": .text(category)]))
        }
        if flags.contains(.replacementCostFromPurchasePrice) { sentences.append(say("basis.price-stands-in")) }
        if flags.contains(.noValue) { sentences.append(say("basis.no-value")) }
        if flags.contains(.overridden) {
            let given = valuation.overrideReason ?? ""
            let reason = given.contains { !$0.isWhitespace } ? say("basis.quoted", ["text": .text(given)]) : say("basis.no-reason")
            var sentence = say("basis.set-by-hand", ["reason": .text(reason), "percent": .text(percent(valuation.depreciationBasisPoints)),
                                                     "table": .text(percent(tableBasisPoints))])
            if flags.contains(.overrideAboveReplacementCost) { sentence += " " + say("basis.above-replacement-cost") }
            sentences.append(sentence)
        }
        return sentences.joined(separator: " ")
    }
}
