import Archive
import Foundation
import HTTPTestClient
import Testing
import ToolRunner

/// The schedule as files an insurer's software takes unchanged: the CSV (a byte-order mark, lines
/// only, a carrier's layout when asked) and the XLSX (values only, a sheet for the lines and one for
/// the totals), with the claim's sales tax, all agreeing to the cent.
@Suite struct ClaimScheduleExportTests {
    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(response.json as? [String: Any], "\(response.status) \(response.text)")
    }

    /// Two rooms, an odd cent, a part of a quantity and a name with an umlaut; 8.875 % sales tax.
    private func claim(in app: TestApp) throws -> Int {
        let client = app.client
        func id(_ response: TestResponse) throws -> Int { try #require(try object(response)["id"] as? Int) }
        let home = try id(try client.json("POST", "/api/v1/locations", ["name": "Home"]))
        let kitchen = try id(try client.json("POST", "/api/v1/locations", ["name": "Kitchen", "parentId": home] as [String: Any]))
        let study = try id(try client.json("POST", "/api/v1/locations", ["name": "Study", "parentId": home] as [String: Any]))
        let knife = try id(try client.json("POST", "/api/v1/items", [
            "name": "Wüsthof chef’s knife", "description": "Classic 20 cm", "brand": "Wüsthof", "locationId": kitchen, "condition": "good",
            "purchaseDate": "2019-09-14", "purchasePrice": "139.00", "replacementCost": "169.95",
        ] as [String: Any]))
        let plates = try id(try client.json("POST", "/api/v1/items", [
            "name": "=Dinner plates", "quantity": 12, "locationId": kitchen, "purchaseDate": "2019-06-01", "replacementCost": "14.33",
        ] as [String: Any]))
        let camera = try id(try client.json("POST", "/api/v1/items", [
            "name": "Mirrorless camera", "brand": "Canon", "model": "PowerShot S40", "locationId": study, "purchaseDate": "2021-03-14",
            "replacementCost": "1899.99",
        ] as [String: Any]))
        let created = try client.json("POST", "/api/v1/claims", [
            "name": "Kitchen fire", "lossDate": "2026-03-14", "salesTaxRate": "8.875",
            "items": [["itemId": knife], ["itemId": plates, "quantityLost": 7], ["itemId": camera]],
        ] as [String: Any])
        #expect(created.status == 201, "\(created.text)")
        return try id(created)
    }

    static func rows(_ text: String) -> [[String]] {
        text.split(separator: "\r\n").map { line in line.dropFirst().dropLast().components(separatedBy: "\",\"") }
    }

    @Test func theTaxRateIsKeptAndCountedPerLineToTheCent() throws {
        let app = try TestApp()
        let id = try claim(in: app)
        let claim = try object(try app.client.get("/api/v1/claims/\(id)"))
        #expect(claim["salesTaxRate"] as? String == "8.875")
        let lines = try #require(claim["items"] as? [[String: Any]])
        let taxes = lines.compactMap { ($0["valuation"] as? [String: Any])?["lineTax"] as? String }
        // 169.95 × 8.875 % = 15.0830…; 7 × 14.33 = 100.31 → 8.9025…; 1899.99 → 168.6241…
        #expect(taxes == ["15.08", "8.90", "168.62"])
        let totals = try #require(claim["totals"] as? [String: Any])
        #expect(totals["replacementCost"] as? String == "2170.25")
        #expect(totals["tax"] as? String == "192.60")
        #expect(totals["replacementCostWithTax"] as? String == "2362.85")

        // The report's cover says the same.
        let report = try app.client.get("/api/v1/claims/\(id)/report.pdf?paper=letter")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tax-report-\(UUID().uuidString).pdf")
        try Data(report.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try ToolRun.output(of: "/usr/bin/pdftotext", ["-layout", file.path, "-"])
        #expect(text.contains("Sales tax at 8.875%") && text.contains("$192.60") && text.contains("$2,362.85"))

        let refused = try app.client.json("PATCH", "/api/v1/claims/\(id)", ["salesTaxRate": "8,875"])
        #expect(refused.status == 422 && refused.text.contains("salesTaxRate"), "\(refused.text)")
        let cleared = try object(try app.client.json("PATCH", "/api/v1/claims/\(id)", ["salesTaxRate": NSNull()]))
        #expect(cleared["salesTaxRate"] is NSNull && (cleared["totals"] as? [String: Any])?["tax"] as? String == "0.00")
    }

    @Test func theCSVHasAByteOrderMarkLinesOnlyAndACarriersLayoutWhenAsked() throws {
        let app = try TestApp()
        let id = try claim(in: app)
        let response = try app.client.get("/api/v1/claims/\(id)/schedule.csv")
        #expect(response.status == 200 && response.header("Content-Type") == "text/csv; charset=utf-8")
        #expect(Array(response.body.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let rows = Self.rows(String(decoding: response.body.dropFirst(3), as: UTF8.self))
        #expect(rows.count == 4, "a header and three lines, no totals row")
        let header = rows[0]
        func cell(_ row: Int, _ name: String) throws -> String { rows[row][try #require(header.firstIndex(of: name), "\(name)")] }
        #expect(try cell(1, "Name") == "Wüsthof chef’s knife" && cell(1, "Description") == "Classic 20 cm")
        #expect(try cell(1, "Room") == "Kitchen" && cell(1, "Room path") == "Home / Kitchen")
        #expect(try cell(1, "Condition") == "Good" && cell(1, "Purchase date") == "2019-09-14")
        #expect(try cell(1, "Age (years)") == "6.5" && cell(1, "Age") == "6 years 6 months")
        #expect(try cell(2, "Name") == "'=Dinner plates", "a formula stays text")
        #expect(try cell(2, "Sales tax at 8.875% (USD)") == "8.90" && cell(2, "Line replacement cost with tax (USD)") == "109.21")

        let claimXperience = try app.client.get("/api/v1/claims/\(id)/schedule.csv?profile=claimxperience")
        #expect(claimXperience.status == 200)
        #expect(claimXperience.header("Content-Disposition") == "attachment; filename=\"claim-\(id)-kitchen-fire-schedule-claimxperience.csv\"")
        let pasted = Self.rows(String(decoding: claimXperience.body.dropFirst(3), as: UTF8.self))
        #expect(pasted[0].first == "Item description" && pasted[0].last == "Room")
        #expect(pasted[3] == ["Mirrorless camera", "Canon", "PowerShot S40", "1", "5.0", "1899.99", "", "No", "Study"])
        #expect(try app.client.get("/api/v1/claims/\(id)/schedule.csv?profile=schedule-of-loss").status == 200)

        let unknown = try app.client.get("/api/v1/claims/\(id)/schedule.csv?profile=xactimate")
        #expect(unknown.status == 400 && unknown.text.contains("invalid-schedule-profile"))
        #expect(unknown.text.contains("full, claimxperience, schedule-of-loss") && unknown.text.contains("xactimate"))
    }

    @Test func theWorkbookHoldsTheCSVsValuesWithoutAFormula() throws {
        let app = try TestApp()
        let id = try claim(in: app)
        let response = try app.client.get("/api/v1/claims/\(id)/schedule.xlsx")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        #expect(response.header("Content-Disposition") == "attachment; filename=\"claim-\(id)-kitchen-fire-schedule.xlsx\"")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schedule-xlsx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(response.body).write(to: folder.appendingPathComponent("schedule.xlsx"))
        let unpacked = folder.appendingPathComponent("unpacked").path
        let entries = try ZipReader.extract(zipAt: folder.appendingPathComponent("schedule.xlsx").path, into: unpacked, limits: .inventory)
            .map(\.path.description)
        #expect(entries.contains("xl/worksheets/sheet1.xml") && entries.contains("xl/worksheets/sheet2.xml"))
        let book = try String(contentsOfFile: unpacked + "/xl/workbook.xml", encoding: .utf8)
        #expect(book.contains("name=\"Schedule\"") && book.contains("name=\"Totals\""))

        let schedule = try Self.cells(unpacked + "/xl/worksheets/sheet1.xml")
        let totals = try Self.cells(unpacked + "/xl/worksheets/sheet2.xml")
        #expect(schedule.formulas == 0 && totals.formulas == 0)
        #expect(schedule.rows.count == 4 && totals.rows.count == 4, "one header row; three lines; two rooms and the whole claim")

        // Every cell of the CSV is in the sheet: the same text, or the same number to the cent.
        let csv = Self.rows(String(decoding: try app.client.get("/api/v1/claims/\(id)/schedule.csv").body.dropFirst(3), as: UTF8.self))
        let header = csv[0]
        #expect(schedule.rows[0] == header)
        for (rowIndex, row) in csv.enumerated().dropFirst() {
            for (column, text) in row.enumerated() {
                let value = schedule.rows[rowIndex][column]
                if header[column].hasSuffix("date") || header[column] == "Replaced on" {
                    #expect(text.isEmpty == value.isEmpty, "\(header[column])")
                } else if let number = Decimal(string: text), !text.isEmpty, text.allSatisfy({ $0.isNumber || $0 == "." }) {
                    #expect(Decimal(string: value) == number, "\(header[column]) row \(rowIndex): \(value) vs \(text)")
                } else {
                    // The CSV neutralises a leading "="; the sheet's text is the text as it is.
                    #expect(value == (text.hasPrefix("'=") ? String(text.dropFirst()) : text), "\(header[column]) row \(rowIndex)")
                }
            }
        }
        #expect(totals.rows[3].first == "Whole claim")
        let totalsHeader = totals.rows[0]
        func total(_ name: String) throws -> String { totals.rows[3][try #require(totalsHeader.firstIndex(of: name), "\(name)")] }
        #expect(try Decimal(string: total("Replacement cost pre-tax (USD)")) == Decimal(string: "2170.25"))
        #expect(try Decimal(string: total("Sales tax at 8.875% (USD)")) == Decimal(string: "192.6"))
        #expect(try Decimal(string: total("Replacement cost with tax (USD)")) == Decimal(string: "2362.85"))
    }

    /// A sheet's rows of cell values (inline strings or numbers), and how many formulas it holds.
    static func cells(_ path: String) throws -> (rows: [[String]], formulas: Int) {
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        let formulas = xml.components(separatedBy: "<f>").count - 1 + xml.components(separatedBy: "<f ").count - 1
        var rows: [[String]] = []
        for rowXML in xml.components(separatedBy: "<row ").dropFirst() {
            var row: [String] = []
            for cellXML in rowXML.components(separatedBy: "<c r=\"").dropFirst() {
                let reference = String(cellXML.prefix { $0 != "\"" })
                let column = reference.prefix { $0.isLetter }.unicodeScalars.reduce(0) { $0 * 26 + Int($1.value) - 64 } - 1
                while row.count < column { row.append("") }
                func between(_ open: String, _ close: String) -> String? {
                    guard let start = cellXML.range(of: open), let end = cellXML.range(of: close, range: start.upperBound..<cellXML.endIndex) else { return nil }
                    return String(cellXML[start.upperBound..<end.lowerBound])
                }
                let text = between("<t>", "</t>") ?? between("<t xml:space=\"preserve\">", "</t>") ?? between("<v>", "</v>") ?? ""
                row.append(text.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
                    .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\""))
            }
            rows.append(row)
        }
        let width = rows.first?.count ?? 0
        return (rows.map { $0 + Array(repeating: "", count: max(0, width - $0.count)) }, formulas)
    }
}
