import Claims
import Inventory
import Testing

/// Sales tax on a claim: a rate as entered, tax on each line's pre-tax replacement cost rounded once
/// per line, and the totals the sum of the lines to the cent.
@Suite struct SalesTaxTests {
    typealias F = ValuationFixtures

    @Test func aRateIsReadAsTypedAndKeptExactly() {
        #expect(SalesTaxRate(percent: "8.875")?.millionths == 88_750)
        #expect(SalesTaxRate(percent: " 7 % ")?.millionths == 70_000)
        #expect(SalesTaxRate(percent: "0.5")?.percentText == "0.5")
        #expect(SalesTaxRate(percent: "10.2500")?.percentText == "10.25")
        #expect(SalesTaxRate(percent: "0")?.percentText == "0")
        for refused in ["", "8,875", "-1", "100", "8.87501", "8.", ".5", "eight", "1e1", "٨"] {
            #expect(SalesTaxRate(percent: refused) == nil, "\(refused)")
        }
    }

    @Test func taxIsRoundedHalfUpOnceForTheLine() throws {
        let rate = try #require(SalesTaxRate(percent: "6.25"))
        #expect(try rate.tax(on: 1_00) == 6)       // 6.25 cents
        #expect(try rate.tax(on: 2_00) == 13)      // 12.5 cents, half up
        #expect(try rate.tax(on: 0) == 0)
        #expect(try rate.tax(on: Money.maxMinorUnits) > 0)
    }

    @Test func theKitchenFireAt8875PercentToTheCent() throws {
        let rate = try #require(SalesTaxRate(percent: "8.875"))
        let schedule = try ClaimSchedule(ClaimScheduleInput(lossDate: F.date("2025-03-10"), table: .defaults, lines: [
            .init(item: F.item("Bosch dishwasher", id: 11, replacementCost: 899_00, purchased: "2019-03-10"), quantityLost: 1),
            .init(item: F.item("Dining chair", id: 12, quantity: 6, replacementCost: 129_99, purchased: "2021-09-10"), quantityLost: 4),
            .init(item: F.item("Le Creuset dutch oven", id: 13, replacementCost: 385_00, purchased: "2016-12-24"), quantityLost: 1),
            .init(item: F.item("Gold wedding ring", id: 14, replacementCost: 1_150_00, purchased: "2004-05-29"), quantityLost: 1),
        ], salesTaxRate: rate))
        // 79.78625, 46.14645 (on 4 × 129.99), 34.16875, 102.0625
        #expect(schedule.lines.map(\.tax) == [79_79, 46_15, 34_17, 102_06])
        #expect(schedule.lines[1].replacementCostWithTax == 519_96 + 46_15)
        #expect(schedule.totals.replacementCost == 2_953_96)
        // The lines' tax added up, not the total taxed once (262.1639… would round to 262.16).
        #expect(schedule.totals.tax == 262_17)
        #expect(schedule.totals.replacementCostWithTax == 3_216_13)
        // Depreciation and actual cash value are worked out on the pre-tax cost, as XactContents does.
        let untaxed = try ClaimSchedule(ClaimScheduleInput(lossDate: F.date("2025-03-10"), table: .defaults,
                                                            lines: schedule.lines.map { .init(item: F.item($0.name, id: $0.itemID, quantity: 6, replacementCost: $0.valuation.unitReplacementCost, purchased: $0.purchaseDate?.text), quantityLost: $0.quantityLost) }))
        #expect(untaxed.totals.actualCashValue == schedule.totals.actualCashValue)
        #expect(untaxed.totals.tax == 0 && untaxed.totals.replacementCostWithTax == untaxed.totals.replacementCost)

        let rows = ScheduleCSVTests.rows(ClaimScheduleCSV.make(schedule, currency: .usd))
        let header = rows[0]
        let tax = try #require(header.firstIndex(of: "Sales tax at 8.875% (USD)"))
        let withTax = try #require(header.firstIndex(of: "Line replacement cost with tax (USD)"))
        #expect(rows.dropFirst().map { $0[tax] } == ["79.79", "46.15", "34.17", "102.06"])
        #expect(rows[2][withTax] == "566.11")

        let totals = schedule.totalsTable(currency: .usd)
        #expect(totals.rows.last?.first == .text("Whole claim"))
        #expect(totals.rows.last?[5] == .money(262_17) && totals.rows.last?[6] == .money(3_216_13))
    }
}
