import Claims
import Inventory
import Testing

/// A claim's schedule as the report, the CSV and the claim's page show it.
@Suite struct ScheduleTests {
    typealias F = ValuationFixtures
    typealias Line = ClaimScheduleInput.Line

    /// A kitchen fire: four lines in two rooms, one with a value set by hand, one replaced already.
    static func kitchenFire(table: UsefulLifeTable = .defaults) throws -> ClaimSchedule {
        try ClaimSchedule(ClaimScheduleInput(lossDate: F.date("2025-03-10"), table: table, lines: [
            Line(item: F.item("Bosch dishwasher", id: 11, replacementCost: 899_00, purchasePrice: 749_00, purchased: "2019-03-10",
                              description: "Series 6, stainless", brand: "Bosch", model: "SMS6ZCI00G", serial: "FD9902-118", from: "John Lewis"),
                 room: "House / Kitchen", quantityLost: 1, paid: 359_60),
            Line(item: F.item("Dining chair", id: 12, quantity: 6, replacementCost: 129_99, purchased: "2021-09-10"),
                 room: "House / Dining room", quantityLost: 4, replacedCost: 600_00, replacedDate: F.date("2025-04-02")),
            Line(item: F.item("Le Creuset dutch oven", id: 13, replacementCost: 385_00, purchased: "2016-12-24"),
                 room: "House / Kitchen", quantityLost: 1, unitACVOverride: 300_00, overrideReason: "Enamel like new; used a few times a year"),
            Line(item: F.item("Gold wedding ring", id: 14, replacementCost: 1_150_00, purchased: "2004-05-29"),
                 room: "", quantityLost: 1),
        ]))
    }

    @Test func linesAreNumberedInTheClaimsOrderWithTheAdjustersColumns() throws {
        let schedule = try Self.kitchenFire()
        #expect(schedule.lines.map(\.number) == [1, 2, 3, 4])
        #expect(schedule.lines.map(\.itemID) == [11, 12, 13, 14])
        let dishwasher = schedule.lines[0]
        #expect(dishwasher.description == "Bosch dishwasher — Series 6, stainless")
        #expect((dishwasher.brand, dishwasher.model, dishwasher.serialNumber) == ("Bosch", "SMS6ZCI00G", "FD9902-118"))
        #expect(dishwasher.purchasedFrom == "John Lewis")
        #expect(dishwasher.ageText == "6 years")
        #expect(dishwasher.valuation.categoryLabel == "Major appliances")
        #expect(dishwasher.valuation.depreciationBasisPoints == 4615)  // 72 of 156 months
        #expect(schedule.lines[1].quantityLost == 4)
        #expect(schedule.lines[2].valuation.overrideReason == "Enamel like new; used a few times a year")
        #expect(schedule.lines[3].valuation.lineDepreciation == 0)
    }

    @Test func roomsAndTotalsAreSumsOfTheLines() throws {
        let schedule = try Self.kitchenFire()
        #expect(schedule.rooms.map(\.room) == ["House / Kitchen", "House / Dining room", ""])
        #expect(schedule.rooms.map(\.lineCount) == [2, 1, 1])
        let lines = schedule.lines.map(\.valuation)
        #expect(schedule.totals.replacementCost == lines.reduce(0) { $0 + $1.lineReplacementCost })
        #expect(schedule.totals.depreciation == lines.reduce(0) { $0 + $1.lineDepreciation })
        #expect(schedule.totals.actualCashValue == lines.reduce(0) { $0 + $1.lineActualCashValue })
        #expect(schedule.totals.replacementCost == schedule.totals.depreciation + schedule.totals.actualCashValue)
        #expect(schedule.rooms.reduce(0) { $0 + $1.actualCashValue } == schedule.totals.actualCashValue)
        #expect(schedule.totals.quantity == 7)
        #expect(schedule.totals.paid == 359_60)
        #expect(schedule.totals.replacementCost == 899_00 + 4 * 129_99 + 385_00 + 1_150_00)
    }

    @Test func recoverableDepreciationFollowsReplacement() throws {
        let schedule = try Self.kitchenFire()
        let dishwasher = schedule.lines[0], chairs = schedule.lines[1]
        // Not replaced yet: the whole depreciation is still to come.
        #expect(dishwasher.recoverableDepreciation == dishwasher.valuation.lineDepreciation)
        // Replaced for $600 against $519.96 of replacement cost: all of the depreciation.
        #expect(chairs.recoverableDepreciation == chairs.valuation.lineReplacementCost - chairs.valuation.lineActualCashValue)

        let cheaper = try ClaimSchedule(ClaimScheduleInput(lossDate: F.date("2025-03-10"), table: .defaults, lines: [
            Line(item: F.item("Dining chair", quantity: 6, replacementCost: 129_99, purchased: "2021-09-10"),
                 quantityLost: 4, replacedCost: 400_00),
        ]))
        let line = cheaper.lines[0]
        #expect(line.recoverableDepreciation == 400_00 - line.valuation.lineActualCashValue)
    }

    @Test func theMethodNamesItsSourcesTheEditsAndWhatNeedsAttention() throws {
        let table = try UsefulLifeTable.defaults.replacing(["appliances-major": 10, "jewellery": 20])
        let schedule = try Self.kitchenFire(table: table)
        let text = schedule.method.joined(separator: "\n")
        #expect(text.contains("Claims Pages"))
        #expect(text.contains("https://njc-cnm.gc.ca/directive/d110/v234/s588/sv1/en"))
        #expect(text.contains("It stops at 90%"))
        #expect(text.contains("Major appliances 10 years (default 13 years); Jewellery & watches 20 years (default not depreciated)"))
        #expect(text.contains("1 line has an actual cash value set by hand"))
        #expect(text.contains("4 lines have their category guessed"))
    }

    @Test func withoutALossDateNothingIsDepreciatedAndTheReportSaysWhy() throws {
        let schedule = try ClaimSchedule(ClaimScheduleInput(lossDate: nil, table: .defaults, lines: [
            Line(item: F.item("Laptop", replacementCost: 1_499_00, purchased: "2020-01-01"), quantityLost: 1),
        ]))
        #expect(schedule.totals.depreciation == 0)
        #expect(schedule.lines[0].ageText == "no loss date")
        #expect(schedule.method.last?.contains("the claim has no loss date") == true)
    }

    @Test func totalsPastSixtyFourBitsAreRefusedNotWrapped() {
        let vault = F.item("Gold bars", quantity: Quantity.max, replacementCost: Money.maxMinorUnits)
        let lines = (1...10).map { _ in Line(item: vault, quantityLost: Quantity.max, category: "jewellery") }
        let error = F.error { () throws(ValuationError) in _ = try ClaimSchedule(ClaimScheduleInput(lossDate: nil, table: .defaults, lines: lines)) }
        #expect(error == .totalTooLarge)
    }
}

