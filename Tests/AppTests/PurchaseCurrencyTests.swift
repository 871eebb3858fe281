import Foundation
import HTTPTestClient
import Testing
import ToolRunner

/// Purchases paid in pounds and yen, converted into the inventory's dollars at the ECB's rates of their
/// purchase days (the real history, imported through the API), and the same cents on every page and
/// file: the item's JSON, the claim's page, its CSV schedule and its PDF report.
@Suite struct PurchaseCurrencyTests {
    static let ecb = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/public/ecb")

    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(response.json as? [String: Any], "\(response.status) \(response.text)")
    }

    @Test func aConversionReconcilesToTheCentAcrossJSONPageCSVAndPDF() throws {
        let app = try TestApp()
        let client = app.client
        // Before any rates: the error names the currency and the day, and what to do.
        let early = try client.json("POST", "/api/v1/items", ["name": "Kettle", "purchaseDate": "2019-03-14",
                                                               "purchasePaid": ["amount": "129.99", "currency": "GBP"]] as [String: Any])
        #expect(early.status == 422 && early.text.contains("No ECB rate for GBP on or before 2019-03-14: enter the rate, or import the ECB’s rates"), "\(early.text)")

        let history = [UInt8](try Data(contentsOf: Self.ecb.appendingPathComponent("eurofxref-hist.zip")))
        let imported = try object(try client.send("POST", "/api/v1/exchange-rates", headers: ["Content-Type": "application/zip"], body: history))
        #expect(imported["daysInFile"] as? Int == 7126 && imported["newDays"] as? Int == 7126 && imported["last"] as? String == "2026-10-30")
        let again = try object(try client.send("POST", "/api/v1/exchange-rates", headers: ["Content-Type": "application/zip"], body: history))
        #expect(again["newDays"] as? Int == 0 && again["ratesAdded"] as? Int == 0 && again["daysHeld"] as? Int == 7126)
        let refused = try client.send("POST", "/api/v1/exchange-rates", headers: ["Content-Type": "text/csv"], body: Array("Date,USD,\n2019-03-14,0,\n".utf8))
        #expect(refused.status == 422 && refused.text.contains("invalid-exchange-rates") && refused.text.contains("Row 2 (2019-03-14)"), "\(refused.text)")

        // 2019-03-14: USD 1.1295, GBP 0.85228, JPY 126.09 per euro. £129.99 × (1.1295 / 0.85228 = 1.32527) = $172.2718… → $172.27;
        let kettle = try object(try client.json("POST", "/api/v1/items", ["name": "Kettle", "purchaseDate": "2019-03-14",
                                                                           "purchasePaid": ["amount": "129.99", "currency": "GBP"]] as [String: Any]))
        #expect(kettle["purchasePrice"] as? String == "172.27")
        let paid = try #require(kettle["purchasePaid"] as? [String: Any])
        #expect(paid["amount"] as? String == "129.99" && paid["currency"] as? String == "GBP" && paid["rate"] as? String == "1.32527"
                && paid["rateDate"] as? String == "2019-03-14" && paid["fromECB"] as? Bool == true)
        // Sent back as fetched, nothing changes.
        let sentBack = try object(try client.json("PATCH", "/api/v1/items/\(kettle.id)", ["purchasePaid": paid, "purchasePrice": "172.27"] as [String: Any]))
        #expect((sentBack["purchasePaid"] as? NSDictionary) == (paid as NSDictionary) && sentBack["purchasePrice"] as? String == "172.27")
        let camera = try object(try client.json("POST", "/api/v1/items", ["name": "Camera", "purchaseDate": "2019-03-16",
                                                                           "purchasePaid": ["amount": "12345", "currency": "JPY"]] as [String: Any]))
        // A Saturday: Friday's rates (2019-03-15: USD 1.1308, JPY 126.16) → 0.00896322; ¥12,345 → $110.6509… → $110.65.
        #expect(camera["purchasePrice"] as? String == "110.65", "\(camera)")
        #expect((camera["purchasePaid"] as? [String: Any])?["rateDate"] as? String == "2019-03-15")
        let fractional = try client.json("POST", "/api/v1/items", ["name": "Yen with sen", "purchasePaid": ["amount": "12.5", "currency": "JPY", "rate": "0.009"]] as [String: Any])
        #expect(fractional.status == 422 && fractional.text.contains("purchasePaid.amount"), "\(fractional.text)")

        let created = try client.json("POST", "/api/v1/claims", [
            "name": "Burglary", "lossDate": "2026-03-14", "items": [["itemId": kettle.id], ["itemId": camera.id]],
        ] as [String: Any])
        #expect(created.status == 201, "\(created.text)")
        let claimID = try object(created).id
        let claim = try object(try client.get("/api/v1/claims/\(claimID)"))
        let lines = try #require(claim["items"] as? [[String: Any]])
        #expect(lines.compactMap { ($0["valuation"] as? [String: Any])?["unitOriginalCost"] as? String } == ["172.27", "110.65"])
        #expect(lines.compactMap { ($0["purchasePaid"] as? [String: Any])?["amount"] as? String } == ["129.99", "12345"], "each line says what was paid")
        let total = try #require((claim["totals"] as? [String: Any])?["replacementCost"] as? String)
        #expect(total == "282.92")

        // The claim's page: each line's conversion beside it, and the total.
        let page = try client.get("/claims/\(claimID)").text
        #expect(page.contains("Paid £129.99 at 1.32527 (ECB, Mar 14, 2019) → $172.27"), "\(page)")
        #expect(page.contains("Paid ¥12,345 at 0.00896322 (ECB, Mar 15, 2019) → $110.65"))
        #expect(page.contains("$282.92"))

        // The CSV schedule: the amount paid, its currency, the rate and its day, and original costs that add up to the total.
        let csv = String(decoding: try client.get("/api/v1/claims/\(claimID)/schedule.csv").body.dropFirst(3), as: UTF8.self)
        let rows = csv.split(separator: "\r\n").map { $0.dropFirst().dropLast().components(separatedBy: "\",\"") }
        let header = try #require(rows.first)
        func column(_ name: String) throws -> [String] {
            let index = try #require(header.firstIndex(of: name), "\(header)")
            return rows.dropFirst().map { $0[index] }
        }
        #expect(try column("Unit amount paid") == ["129.99", "12345"])
        #expect(try column("Currency paid") == ["GBP", "JPY"])
        #expect(try column("Exchange rate (USD for 1)") == ["1.32527", "0.00896322"])
        #expect(try column("Rate date") == ["2019-03-14", "2019-03-15"])
        #expect(try column("Rate source") == ["ECB", "ECB"])
        let originals = try column("Line original cost (USD)")
        #expect(originals == ["172.27", "110.65"])
        let cents = originals.map { Int($0.replacingOccurrences(of: ".", with: ""))! }.reduce(0, +)
        #expect(cents == 28292)

        // The PDF report: the same conversions, and the same total.
        let report = try client.get("/api/v1/claims/\(claimID)/report.pdf?paper=letter")
        #expect(report.status == 200)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("currency-report-\(UUID().uuidString).pdf")
        try Data(report.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try ToolRun.output(of: "/usr/bin/pdftotext", [file.path, "-"])
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("£129.99 at 1.32527 (ECB, Mar 14, 2019) → $172.27"), "\(flat)")
        #expect(flat.contains("¥12,345 at 0.00896322 (ECB, Mar 15, 2019) → $110.65"))
        #expect(flat.contains("$172.27 (£129.99 at 1.32527, Mar 14, 2019)"), "the schedule's original cost, with what was paid")
        #expect(flat.contains("$282.92"))
    }

    @Test func theItemPageShowsTheConversionAndItsFormConvertsAgain() throws {
        let app = try TestApp()
        let client = app.client
        let rates = [UInt8](try Data(contentsOf: Self.ecb.appendingPathComponent("eurofxref-daily.xml")))
        #expect(try client.send("POST", "/api/v1/exchange-rates", headers: ["Content-Type": "application/xml"], body: rates).status == 200)
        // 2026-10-30: USD 1.1172, GBP 0.83380 → 1.33989; £50.00 → $66.9945 → $66.99.
        let item = try object(try client.json("POST", "/api/v1/items", ["name": "Teapot", "purchaseDate": "2026-11-01",
                                                                         "purchasePaid": ["amount": "50", "currency": "GBP"]] as [String: Any]))
        #expect(item["purchasePrice"] as? String == "66.99", "\(item)")
        let page = try client.get("/items/\(item.id)").text
        #expect(page.contains("Paid £50.00 at 1.33989 (ECB, Oct 30, 2026) → $66.99"), "\(page)")
        #expect(page.contains("name=\"purchasePaidCurrency\""))
        // The form: paid in pounds, its rate left to the ECB; then a day before any rate, refused beside the currency.
        func form(_ purchaseDate: String, _ version: String) -> [(String, String)] {
            [("name", "Teapot"), ("quantity", "1"), ("purchasePrice", "66.99"), ("purchaseDate", purchaseDate), ("purchasePaidCurrency", "GBP"),
             ("purchasePaidAmount", "£40"), ("purchasePaidRate", ""), ("purchasePaidRateDate", ""), ("version", version)]
        }
        let html = ["Accept": "text/html"]
        let saved = try client.pageForm("/items/\(item.id)", form("2026-10-31", try #require(HTMLInspection.value(ofInput: "version", in: page))))
        #expect(saved.status == 303, "\(saved.text.prefix(400))")
        let stored = try object(try client.get("/api/v1/items/\(item.id)"))
        #expect(stored["purchasePrice"] as? String == "53.60", "\(stored)") // 40 × 1.33989 = 53.5956
        let again = try client.get("/items/\(item.id)", headers: html).text
        let refused = try client.pageForm("/items/\(item.id)", form("1998-12-31", try #require(HTMLInspection.value(ofInput: "version", in: again))))
        #expect(refused.status == 422)
        #expect(refused.text.contains("No ECB rate for GBP on or before 1998-12-31: enter the rate, or import the ECB’s rates"), "\(refused.text)")
        #expect(HTMLInspection.value(ofInput: "purchasePaidAmount", in: refused.text) == "£40")

        // The settings page's form: the daily CSV (a day already held), then a file with a rate of 0, refused on the page.
        func upload(_ bytes: [UInt8]) throws -> TestResponse {
            let boundary = "rates-boundary"
            let part = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"eurofxref.csv\"\r\nContent-Type: text/csv\r\n\r\n".utf8)
                + bytes + Array("\r\n--\(boundary)--\r\n".utf8)
            return try client.pageFormUpload("/settings/exchange-rates", body: part, contentType: "multipart/form-data; boundary=\(boundary)")
        }
        let daily = try upload([UInt8](try Data(contentsOf: Self.ecb.appendingPathComponent("eurofxref.csv"))))
        #expect(daily.status == 303 && daily.header("Location") == "/settings/exchange-rates?days=1&new=0", "\(daily.status) \(daily.text.prefix(300))")
        let empty = try upload([])
        #expect(empty.status == 400 && empty.text.contains("No file was sent. Choose the ECB’s eurofxref-hist.zip"), "\(empty.status)")
        let zero = try upload(Array("Date, USD, \n30 October 2026, 0, \n".utf8))
        #expect(zero.status == 422 && zero.text.contains("Row 2 (2026-10-30): the USD rate “0” must be above 0. Nothing was imported."), "\(zero.text)")

        // The settings page tells what is held.
        let settings = try client.get("/settings/exchange-rates").text
        #expect(settings.contains("for 1 day, from Oct 30, 2026 to Oct 30, 2026"), "\(settings)")
        let german = try client.get("/settings/exchange-rates?lang=de&days=1&new=0").text
        #expect(german.contains("für 1 Tag, vom 30.10.2026 bis zum 30.10.2026") || german.contains("für 1 Tag, vom 30. Okt. 2026 bis zum 30. Okt. 2026"))
        #expect(german.contains("Die Datei enthielt Kurse für 1 Tag; keiner davon war neu."))
    }

    @Test func thePurchasePaidComesBackFromBothExports() throws {
        let source = try TestApp()
        let item = try object(try source.client.json("POST", "/api/v1/items", [
            "name": "Lamp", "purchaseDate": "2019-03-14", "purchasePaid": ["amount": "129.99", "currency": "GBP", "rate": "1.3", "rateDate": "2019-03-13"],
        ] as [String: Any]))
        #expect(item["purchasePrice"] as? String == "168.99")
        let paid = try #require(item["purchasePaid"] as? [String: Any]) as NSDictionary
        for format in ["homebox-csv", "homepwner"] {
            let file = try source.client.get("/api/v1/export?format=\(format)").body
            let target = try TestApp()
            let imported = try target.client.send("POST", "/api/v1/import", headers: ["Content-Type": format == "homepwner" ? "application/zip" : "text/csv"], body: file)
            #expect(imported.status == 200, "\(format): \(imported.text)")
            let items = try #require(try target.client.get("/api/v1/items").json as? [[String: Any]])
            let lamp = try #require(items.first { $0["name"] as? String == "Lamp" }, "\(format)")
            #expect(lamp["purchasePrice"] as? String == "168.99", "\(format)")
            #expect((lamp["purchasePaid"] as? NSDictionary) == paid, "\(format): \(lamp)")
        }
    }
}
