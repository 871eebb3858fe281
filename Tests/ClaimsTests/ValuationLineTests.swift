import Claims
import Inventory
import Testing

/// One line's actual cash value as the household and the adjuster would read it.
@Suite struct ValuationLineTests {
    typealias F = ValuationFixtures

    @Test func aSixYearOldTVWithASevenYearLifeIsMostlyDepreciated() throws {
        let table = try UsefulLifeTable.defaults.replacing(["televisions": 7])
        let tv = F.item("Samsung 65in OLED TV", replacementCost: 1_299_99, purchased: "2019-03-10")
        let line = try F.value(tv, lost: "2025-03-10", table: table)
        #expect(line.category == "televisions")
        #expect(line.usefulLifeYears == 7)
        #expect(line.ageInMonths == 72)
        #expect(line.depreciationBasisPoints == 8571)  // 72 ÷ 84 months = 85.714…%
        #expect(line.unitDepreciation == 1_114_22)     // 129,999 × 0.8571 = 111,422.14 → 111,422
        #expect(line.unitActualCashValue == 185_77)
        #expect(line.basis == "Televisions (category guessed), 7-year life; 6 years old at the loss: 85.71% depreciated.")

        let withDefaults = try F.value(tv, lost: "2025-03-10")
        #expect(withDefaults.usefulLifeYears == 10)
        #expect(withDefaults.depreciationBasisPoints == 6000)
        #expect(withDefaults.unitActualCashValue == 520_00)  // 129,999 − 77,999 (77,999.4 rounds down)
    }

    @Test func aLampBoughtAfterTheLossIsNotDepreciatedAndFlagged() throws {
        let lamp = F.item("Floor lamp", replacementCost: 89_00, purchased: "2025-06-01")
        let line = try F.value(lamp, lost: "2025-03-10")
        #expect(line.ageInMonths == nil)
        #expect(line.unitDepreciation == 0)
        #expect(line.unitActualCashValue == 89_00)
        #expect(line.flags.contains(.boughtAfterLoss(.day(F.date("2025-06-01")))))
        #expect(line.flags.contains { $0.needsAttention })
        #expect(line.basis.contains("bought 2025-06-01, after the loss on 2025-03-10, so not depreciated."))
        #expect(line.toDos == ["Check the purchase date."] && !line.basis.contains("Check"), "the claimant's to-do, not the insurer's")
    }

    @Test func jewelleryKeepsItsFullValueHoweverOld() throws {
        let ring = F.item("Diamond engagement ring", replacementCost: 4_200_00, purchased: "2008-06-14")
        let line = try F.value(ring)
        #expect(line.category == "jewellery")
        #expect(line.usefulLifeYears == nil)
        #expect(line.depreciationBasisPoints == 0)
        #expect(line.unitActualCashValue == 4_200_00)
        #expect(line.flags.contains(.notDepreciated))
        #expect(line.basis.hasPrefix("Jewellery & watches (category guessed): not depreciated."))
    }

    @Test func depreciationStopsAtNinetyPercent() throws {
        let sofa = F.item("Three-seat sofa", replacementCost: 1_850_00, purchased: "2009-01-05")
        let line = try F.value(sofa)
        #expect(line.usefulLifeYears == 10)
        #expect(line.depreciationBasisPoints == 9000)
        #expect(line.unitDepreciation == 1_665_00)
        #expect(line.unitActualCashValue == 185_00)
        #expect(line.flags.contains(.capped))
        #expect(line.basis.contains("depreciation capped at 90%"))
    }

    @Test func aValueSetByHandWinsAndShowsItsReason() throws {
        let mixer = F.item("KitchenAid stand mixer", replacementCost: 449_00, purchased: "2017-03-10")
        let table = try F.value(mixer)
        #expect(table.depreciationBasisPoints == 8000)

        let line = try F.value(mixer, override: 300_00, reason: "Used twice, kept in its box")
        #expect(line.isOverridden)
        #expect(line.overrideReason == "Used twice, kept in its box")
        #expect(line.unitActualCashValue == 300_00)
        #expect(line.unitDepreciation == 149_00)
        #expect(line.depreciationBasisPoints == 3318)  // 14,900 ÷ 44,900 = 33.185…%
        #expect(line.basis.contains("Actual cash value set by hand (“Used twice, kept in its box”): 33.18% depreciated where the table gives 80.00%."))

        let above = try F.value(mixer, override: 500_00, reason: "Rare colour")
        #expect(above.unitActualCashValue == 449_00)
        #expect(above.unitDepreciation == 0)
        #expect(above.flags.contains(.overrideAboveReplacementCost))
    }

    @Test func aValueSetByHandNeedsAReason() {
        #expect(F.error { () throws(ValuationError) in try LineValuation.check(unitACVOverride: 300_00, reason: "  ") } == .overrideWithoutReason)
        #expect(F.error { () throws(ValuationError) in try LineValuation.check(unitACVOverride: -1, reason: "x") } == .overrideOutOfRange(-1))
        #expect(F.error { () throws(ValuationError) in try LineValuation.check(unitACVOverride: 300_00, reason: "Boxed") } == nil)
        #expect(ValuationError.overrideWithoutReason.message.contains("Say why"))
    }

    @Test func threeOfFiveLostMakesEveryLineFigureThreeTimesTheUnit() throws {
        let chairs = F.item("Dining chair", quantity: 5, replacementCost: 129_99, purchasePrice: 99_95, purchased: "2021-08-21")
        let line = try F.value(chairs, quantityLost: 3)
        #expect(line.quantity == 3)
        #expect(line.lineReplacementCost == 3 * line.unitReplacementCost)
        #expect(line.lineDepreciation == 3 * line.unitDepreciation)
        #expect(line.lineActualCashValue == 3 * line.unitActualCashValue)
        #expect(line.lineOriginalCost == Int64(3 * 99_95))
        #expect(line.lineReplacementCost == line.lineDepreciation + line.lineActualCashValue)

        let tooMany = F.error { () throws(ValuationError) in try LineValuation.check(quantityLost: 6, of: chairs) }
        #expect(tooMany == .quantityLostOutOfRange(quantityLost: 6, itemQuantity: 5))
        #expect(tooMany?.message == "The quantity lost must be above 0 and at most 5, the quantity the item holds, not 6.")
    }

    @Test func oddCentsRoundHalfUp() throws {
        // 60 of 120 months: exactly 50%; half of 5 cents is 2.5, which rounds up to 3.
        let pen = F.item("Pen", replacementCost: 5, purchased: "2020-03-10")
        let line = try F.value(pen, category: "other")
        #expect(line.depreciationBasisPoints == 5000)
        #expect(line.unitDepreciation == 3)
        #expect(line.unitActualCashValue == 2)

        // 3 months of an 8-year life is 3.125%, which rounds up to 3.13%.
        #expect(Depreciation.basisPoints(ageInMonths: 3, usefulLifeYears: 8).basisPoints == 313)
        // 1.01 × 33.33% = 0.336633 → 0.34.
        #expect(Depreciation.share(3333, of: 101) == 34)
        #expect(Depreciation.share(9000, of: Money.maxMinorUnits) == 900_000_000_000)
    }

    @Test func yenHaveNoDecimals() throws {
        let jpy = Currency(code: "JPY")!
        let rice = F.item("Zojirushi rice cooker", replacementCost: 999, purchased: "2021-03-10")
        let line = try F.value(rice, category: "appliances-small", lost: "2026-03-10")  // 60 of 120 months
        #expect(line.unitDepreciation == 500)  // 499.5 yen rounds up
        #expect(line.unitActualCashValue == 499)
        #expect(Money(minorUnits: line.unitActualCashValue, currency: jpy).decimalString == "499")
    }

    @Test func noPurchaseDateLeavesTheLineUndepreciatedAndAsksForIt() throws {
        let desk = F.item("Oak desk", replacementCost: 640_00)
        let line = try F.value(desk)
        #expect(line.ageInMonths == nil)
        #expect(line.unitActualCashValue == 640_00)
        #expect(line.flags == [.ageUnknown])
        #expect(line.basis == "Furniture (category guessed), 15-year life; age unknown, so not depreciated.")
        #expect(line.toDos == ["Add the purchase date."])
    }

    @Test func noReplacementCostFallsBackToWhatWasPaid() throws {
        let drill = F.item("DeWalt cordless drill", purchasePrice: 159_00, purchased: "2020-03-10")
        let line = try F.value(drill)
        #expect(line.replacementCostBasis == .purchasePrice)
        #expect(line.unitReplacementCost == 159_00)
        #expect(line.flags.contains(.replacementCostFromPurchasePrice))
        #expect(line.basis.contains("the purchase price stands in for it"))

        let nothing = try F.value(F.item("Mystery box"))
        #expect(nothing.replacementCostBasis == LineValuation.ReplacementCostBasis.none)
        #expect(nothing.lineActualCashValue == 0)
        #expect(nothing.flags.contains(.noValue))
    }

    @Test func ageCountsWholeMonths() {
        #expect(Depreciation.ageInMonths(purchased: F.date("2024-01-31"), lost: F.date("2024-02-29")) == 1)
        #expect(Depreciation.ageInMonths(purchased: F.date("2024-01-30"), lost: F.date("2024-02-28")) == 0)
        #expect(Depreciation.ageInMonths(purchased: F.date("2019-03-11"), lost: F.date("2025-03-10")) == 71)
        #expect(Depreciation.ageInMonths(purchased: F.date("2025-03-10"), lost: F.date("2025-03-10")) == 0)
        #expect(Depreciation.ageInMonths(purchased: F.date("2025-03-11"), lost: F.date("2025-03-10")) == nil)
        #expect(Depreciation.ageText(months: 74) == "6 years 2 months")
        #expect(Depreciation.ageText(months: 12) == "1 year")
        #expect(Depreciation.ageText(months: 1) == "1 month")
        #expect(Depreciation.ageText(months: 0) == "under a month")
    }

    @Test func theLargestAmountsDoNotWrap() throws {
        let vault = F.item("Gold bars", quantity: Quantity.max, replacementCost: Money.maxMinorUnits, purchased: "2000-01-01")
        let line = try F.value(vault, quantityLost: Quantity.max, category: "other")
        #expect(line.lineReplacementCost == Money.maxMinorUnits * 1_000_000)
        #expect(line.lineDepreciation + line.lineActualCashValue == line.lineReplacementCost)
    }
}
