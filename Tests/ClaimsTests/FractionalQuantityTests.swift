import Claims
import Inventory
import Testing

/// Claim lines that lose part of what an item holds, in its unit ("1.5 of 2.5 gal"): every line
/// figure is the unit figure times the quantity, rounded half up to the cent once per line, and the
/// schedule, its totals and the CSV agree to the cent.
@Suite struct FractionalQuantityTests {
    typealias F = ValuationFixtures

    static func paint() throws -> Item {
        var item = F.item("Wall paint", id: 1, quantity: try Quantity.parse("2.5"), replacementCost: 38_99, purchasePrice: 33_33,
                          purchased: "2023-03-10", tags: ["tools"])
        item.details.quantityUnit = QuantityUnit("gal")!
        return item
    }

    @Test func aFractionalLineIsTheUnitFiguresTimesItsQuantityRoundedOnce() throws {
        let line = try F.value(try Self.paint(), quantityLost: try Quantity.parse("1.5"), category: "tools")
        #expect(line.unitReplacementCost == 38_99)
        #expect(line.lineReplacementCost == 58_49)                          // 58.485, half up
        #expect(line.lineOriginalCost == 50_00)                             // 49.995, half up
        #expect(line.lineActualCashValue == (try Quantity.parse("1.5")).times(line.unitActualCashValue))
        #expect(line.lineDepreciation == line.lineReplacementCost - line.lineActualCashValue, "the line's columns add up")
        // Rounding once per line, not per unit: 1.5 × (unit ACV) is not 1.5 × a rounded depreciation subtracted.
        #expect(line.lineDepreciation + line.lineActualCashValue == line.lineReplacementCost)
    }

    @Test func theScheduleTheTotalsAndTheCSVAgreeToTheCent() throws {
        let paint = try Self.paint()
        let chairs = F.item("Dining chair", id: 2, quantity: 8, replacementCost: 149_99, purchased: "2020-01-05", tags: ["furniture"])
        var tape = F.item("Duct tape", id: 3, quantity: try Quantity.parse("0.75"), replacementCost: 12_34)
        tape.details.quantityUnit = QuantityUnit("roll")!
        let schedule = try ClaimSchedule(ClaimScheduleInput(lossDate: F.date("2025-03-10"), table: .defaults, lines: [
            .init(item: paint, room: "Garage", quantityLost: try Quantity.parse("1.5")),
            .init(item: chairs, room: "Dining", quantityLost: 6),
            .init(item: tape, room: "Garage", quantityLost: try Quantity.parse("0.75")),
        ]))
        #expect(schedule.lines.map(\.quantityLostOfHeldText) == ["1.5 of 2.5 gal", "6 of 8", "0.75 roll"])
        #expect(schedule.lines.map(\.quantityLostText) == ["1.5 gal", "6", "0.75 roll"])
        #expect(schedule.totals.quantity.text == "8.25")
        #expect(schedule.lines[2].valuation.lineReplacementCost == 9_26)  // 9.255, half up
        #expect(schedule.totals.replacementCost == schedule.lines.map(\.valuation.lineReplacementCost).reduce(0, +))
        #expect(schedule.totals.actualCashValue == schedule.lines.map(\.valuation.lineActualCashValue).reduce(0, +))

        let rows = ScheduleCSVTests.rows(ClaimScheduleCSV.make(schedule, currency: .usd))
        let header = rows[0]
        func column(_ name: String) -> Int { header.firstIndex(of: name)! }
        func cents(_ text: String) -> Int64 { Int64(text.replacingOccurrences(of: ".", with: ""))! }
        #expect(rows[1...3].map { $0[column("Quantity lost")] } == ["1.5", "6", "0.75"])
        #expect(rows[1...3].map { $0[column("Unit")] } == ["gal", "", "roll"])
        for (row, line) in zip(rows[1...3], schedule.lines) {
            let quantity = try Quantity.parse(row[column("Quantity lost")])
            for figure in ["replacement cost pre-tax", "actual cash value"] {
                #expect(cents(row[column("Line \(figure) (USD)")]) == quantity.times(cents(row[column("Unit \(figure) (USD)")])), "\(line.name) \(figure)")
            }
            #expect(cents(row[column("Line replacement cost pre-tax (USD)")]) == line.valuation.lineReplacementCost)
        }
        // The totals are a table of their own (the XLSX's second sheet): the whole claim's quantity and figures.
        let totals = schedule.totalsTable(currency: .usd)
        let whole = try #require(totals.rows.last)
        #expect(whole[2].text(currency: .usd) == "8.25")
        #expect(whole[8].text(currency: .usd) == Money(minorUnits: schedule.totals.actualCashValue, currency: .usd).decimalString)
    }

    @Test func aLineLosesAtMostWhatTheItemHoldsAndClosingLeavesTheRest() throws {
        let test = try TestClaims()
        defer { test.remove() }
        var input = ItemInput(name: "Wall paint")
        input.details.quantity = try Quantity.parse("2.5")
        input.details.quantityUnit = QuantityUnit("gal")
        input.details.replacementCost = .some(38_99)
        let paint = try test.items.create(input)
        let claim = try test.claims.create(ClaimInput(name: "Garage flood"))
        _ = try test.claims.addItems([paint.id], to: claim.id)
        #expect(try test.claims.claim(id: claim.id).lines.map(\.quantityLost.text) == ["2.5"], "a new line loses all of it")

        let tooMuch = try #require(throws: ClaimError.self) {
            try test.claims.updateLine(ClaimLineInput(itemID: paint.id, quantityLost: try Quantity.parse("3")), of: claim.id)
        }
        #expect(tooMuch.fieldMessages["quantityLost"] == "“Wall paint” holds 2.5 gal; the quantity lost is above 0 and at most 2.5, not 3.")
        _ = try test.claims.updateLine(ClaimLineInput(itemID: paint.id, quantityLost: try Quantity.parse("1.5")), of: claim.id)
        let sheet = try test.claims.sheet(id: claim.id)
        #expect(sheet.schedule.lines.map(\.quantityLostOfHeldText) == ["1.5 of 2.5 gal"])
        #expect(sheet.schedule.totals.replacementCost == 58_49)

        _ = try test.claims.close(id: claim.id, items: test.items)
        let left = try test.items.item(id: paint.id).details
        #expect(left.quantityText == "1 gal" && left.disposal == nil)
    }
}
