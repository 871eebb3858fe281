import Claims
import Inventory
import Testing

/// A purchase date remembered roughly ("2019", "2019-06", "about 5 years ago") is depreciated from its
/// middle, and its age reads "about …" wherever it is shown.
@Suite struct RoughPurchaseDateValuationTests {
    typealias F = ValuationFixtures

    @Test func aYearCountsFromItsMiddle() throws {
        let tv = F.item("Samsung 65in OLED TV", replacementCost: 1_000_00, purchased: "2019")
        let line = try F.value(tv, lost: "2025-03-10")
        #expect(line.ageInMonths == 68, "from 2019-07-01 to 2025-03-10")
        #expect(line.ageIsRough)
        #expect(line.depreciationBasisPoints == 5667)  // 68 ÷ 120 months
        #expect(line.unitActualCashValue == 433_30)
        #expect(line.basis == "Televisions (category guessed), 10-year life; about 6 years old at the loss (bought “2019”, "
                + "counted from 2019-07-01, its middle, as 5 years 8 months): 56.67% depreciated.")
        #expect(!line.flags.contains { $0.needsAttention } && line.toDos.isEmpty, "a rough date is a date: nothing to add")
    }

    @Test func aMonthCountsFromItsFifteenthAndKeepsItsMonths() throws {
        let line = try F.value(F.item("Samsung TV", replacementCost: 1_000_00, purchased: "2019-06"), lost: "2025-03-10")
        #expect(line.ageInMonths == 68, "from 2019-06-15: the 10th of March is not yet 69 months")
        #expect(Depreciation.roughAgeText(months: 68, purchased: .month(year: 2019, month: 6)) == "about 5 years 8 months")
    }

    @Test func aboutFiveYearsAgoCountsFromTheDayItWasSaid() throws {
        let said = try PurchaseDate(parsing: "about 5 years before 2024-03-10", today: nil)
        var sofa = F.item("Sofa", replacementCost: 1_000_00)
        sofa.details.purchaseDate = said
        let line = try F.value(sofa, lost: "2025-03-10")
        #expect(line.ageInMonths == 72, "2019-03-10 to 2025-03-10, whatever day the claim is made")
        #expect(Depreciation.roughAgeText(months: 72, purchased: said) == "about 6 years")
    }

    @Test func aRoughAgeIsRoundedToWhatTheDateCanTell() {
        let year = PurchaseDate.year(2019)
        #expect(Depreciation.roughAgeText(months: 89, purchased: year) == "about 7 years")
        #expect(Depreciation.roughAgeText(months: 90, purchased: year) == "about 8 years", "half a year rounds up")
        #expect(Depreciation.roughAgeText(months: 12, purchased: year) == "about 1 year")
        #expect(Depreciation.roughAgeText(months: 5, purchased: year) == "about 5 months")
        #expect(Depreciation.roughAgeText(months: 0, purchased: year) == "under a month")
    }

    @Test func aYearThatMayBeBeforeTheLossIsNotBoughtAfterIt() throws {
        let thisYear = try F.value(F.item("Kettle", replacementCost: 50_00, purchased: "2025"), lost: "2025-03-10")
        #expect(thisYear.ageInMonths == 0 && !thisYear.flags.contains { $0.needsAttention },
                "its middle is after the loss, but its first day is not: counted from the loss, not flagged")
        let nextYear = try F.value(F.item("Kettle", replacementCost: 50_00, purchased: "2026"), lost: "2025-03-10")
        #expect(nextYear.flags.contains(.boughtAfterLoss(.year(2026))))
        #expect(nextYear.basis.contains("bought 2026, after the loss on 2025-03-10"))
    }

    @Test func anExactDateReadsAsBefore() throws {
        let line = try F.value(F.item("Samsung TV", replacementCost: 1_000_00, purchased: "2019-03-10"), lost: "2025-03-10")
        #expect(!line.ageIsRough)
        #expect(line.basis == "Televisions (category guessed), 10-year life; 6 years old at the loss: 60.00% depreciated.")
    }
}
