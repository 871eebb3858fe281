import Archive
import Foundation
import HTTPTestClient
import PDFPreview
import Testing
import ToolRunner

/// A claim's additional living expenses through the API and the claim's page, and in the packet: the
/// report's own part with totals by category (read back with pdftotext), the workbook's "ALE" sheet and
/// the evidence zip's receipts, all to the cent.
@Suite struct ClaimExpenseTests {
    static let folio = SamplePDF.receipt(lines: ["Hotel Marigold", "3 nights  567.00"])

    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(response.json as? [String: Any], "\(response.status) \(response.text)")
    }

    private func claim(in app: TestApp) throws -> Int {
        let created = try app.client.json("POST", "/api/v1/claims", ["name": "Kitchen fire", "lossDate": "2026-03-14", "claimNumber": "KF-1"])
        return try #require(try object(created)["id"] as? Int)
    }

    /// A hotel with its folio, meals, and a second hotel stay: 945.01 of hotel, 48.37 of meals.
    private func ledger(in app: TestApp, claim id: Int) throws {
        let base = "/api/v1/claims/\(id)/expenses"
        let hotel = try app.client.json("POST", base, ["category": "hotel", "date": "2026-03-15", "description": "Hotel Marigold, 3 nights", "amount": "567.00"])
        let hotelID = try #require(try object(hotel)["id"] as? Int)
        #expect(hotel.status == 201 && hotel.header("Location") == "\(base)/\(hotelID)", "\(hotel.text)")
        let receipt = try app.client.send("PUT", "\(base)/\(hotelID)/receipt?name=folio.pdf", headers: ["Content-Type": "application/pdf"], body: Self.folio)
        #expect(receipt.status == 200, "\(receipt.text)")
        #expect(try object(app.client.json("POST", base, ["category": "meals", "date": "2026-03-16", "description": "Dinners above the usual", "amount": "48.37"])).isEmpty == false)
        #expect(try app.client.json("POST", base, ["category": "hotel", "date": "2026-03-18", "description": "Hotel Marigold, 2 nights", "amount": "378.01"]).status == 201)
    }

    @Test func theLedgerGoesThroughTheAPIWithItsReceiptsAndTotalsByCategory() throws {
        let app = try TestApp()
        let id = try claim(in: app)
        try ledger(in: app, claim: id)
        let base = "/api/v1/claims/\(id)/expenses"
        let all = try object(try app.client.get(base))
        let expenses = try #require(all["expenses"] as? [[String: Any]])
        let ids = try expenses.map { try #require($0["id"] as? Int) }
        #expect(expenses.map { $0["amount"] as? String } == ["567.00", "48.37", "378.01"])
        let totals = try #require(all["totals"] as? [String: Any])
        let byCategory = try #require(totals["byCategory"] as? [[String: Any]])
        #expect(byCategory.map { $0["category"] as? String } == ["hotel", "meals"])
        #expect(byCategory.map { $0["amount"] as? String } == ["945.01", "48.37"] && totals["total"] as? String == "993.38")
        let receipt = try #require(expenses[0]["receipt"] as? [String: Any])
        #expect(receipt["name"] as? String == "folio.pdf" && receipt["contentType"] as? String == "application/pdf")
        let file = try app.client.get(try #require(receipt["url"] as? String))
        #expect(file.status == 200 && file.body == Self.folio && file.header("Content-Type") == "application/pdf")
        #expect(expenses[1]["receipt"] is NSNull)

        // What is wrong is named, field by field; nothing is added.
        let wrong = try app.client.json("POST", base, ["category": "spa", "date": "2026-02-30", "description": "", "amount": "-5", "tip": "1"])
        #expect(wrong.status == 422)
        // Every field at once: what could not be read beside what is missing; a negative amount in the words 0 gets.
        for message in ["category must be “hotel”, “rent”, “meals”, “mileage”, “storage”, “moving”, “laundry”, “utilities” or “other”; “spa” is not one.",
                        "Unknown field “tip”.", "Say what the expense was", "The amount must be above zero (a refund is not an expense)."] {
            #expect(HTMLInspection.unescape(wrong.text).contains(message), "\(wrong.text)")
        }
        #expect(!wrong.text.contains("0 or more"), "0 is refused too: \(wrong.text)")
        let typed = try app.client.json("POST", base, ["category": "meals", "date": "2026-03-13", "description": "Lunch", "amount": "0"])
        #expect(typed.status == 422 && typed.text.contains("before the loss") && typed.text.contains("above zero"), "\(typed.text)")
        let gif = try app.client.send("PUT", "\(base)/\(ids[1])/receipt", headers: ["Content-Type": "image/gif"],
                                      body: Array("GIF89a".utf8) + Array(repeating: 0, count: 20))
        #expect(gif.status == 422 && gif.text.contains("The receipt must be a PDF, JPEG or PNG, not GIF."), "\(gif.text)")
        #expect(try app.client.get("\(base)/999").status == 404)
        #expect(try app.client.get("\(base)/\(ids[1])/receipt").text.contains("claim-expense-not-found"))

        let changed = try app.client.json("PATCH", "\(base)/\(ids[1])", ["amount": "50.00"])
        #expect(try object(changed)["amount"] as? String == "50.00")
        #expect(try app.client.send("DELETE", "\(base)/\(ids[2])").status == 204)
        #expect((try object(try app.client.get(base))["totals"] as? [String: Any])?["total"] as? String == "617.00")

        #expect(try app.client.json("POST", "/api/v1/claims/\(id)/close", [String: Any]()).status == 200)
        let closed = try app.client.json("POST", base, ["category": "meals", "date": "2026-03-20", "description": "Lunch", "amount": "9.00"])
        #expect(closed.status == 409 && closed.text.contains("claim-closed"))
        #expect(try app.client.send("DELETE", "\(base)/\(ids[0])").status == 409)
    }

    @Test func theClaimsPageAddsAnExpenseWithItsReceiptAndKeepsWhatWasTypedWhenSomethingIsWrong() throws {
        let app = try TestApp()
        let id = try claim(in: app)
        let boundary = "----homepwner-expense"
        func post(_ fields: [(String, String)], receipt: [UInt8]?) throws -> TestResponse {
            var parts: [(name: String, filename: String?, type: String?, body: [UInt8])] = fields.map { ($0.0, nil, nil, Array($0.1.utf8)) }
            if let receipt { parts.append(("receipt", "folio.pdf", "application/pdf", receipt)) }
            return try app.client.pageFormUpload("/claims/\(id)/expenses", body: ItemImageFixtures.multipart(boundary: boundary, parts),
                                                 contentType: "multipart/form-data; boundary=\(boundary)")
        }
        let added = try post([("category", "hotel"), ("date", "2026-03-15"), ("description", "Hotel Marigold"), ("amount", "1,234.56")], receipt: Self.folio)
        #expect(added.status == 303, "\(added.status) \(added.text.prefix(400))")
        let page = HTMLInspection.unescape(try app.client.get(try #require(added.header("Location")), headers: ["Accept": "text/html"]).text)
        #expect(page.contains("Expense added."))
        #expect(page.contains("<dt>Hotel or lodging (1)</dt><dd>$1,234.56</dd>") && page.contains("<dt>Total</dt><dd>$1,234.56</dd>"), "\(page)")
        #expect(page.contains("Receipt: folio.pdf"))

        let refused = try post([("category", ""), ("date", "2026-03-15"), ("description", "Dinner"), ("amount", "12.3.4")], receipt: nil)
        #expect(refused.status == 422)
        let again = HTMLInspection.unescape(refused.text)
        #expect(again.contains("Check the fields marked below; the expense was not added."))
        #expect(again.contains("Choose what the expense was for from the list.") || again.contains("Choose what the expense was for"), "\(again)")
        #expect(HTMLInspection.value(ofInput: "description", in: refused.text) == "Dinner", "what was typed is kept")
        let wrongFile = try post([("category", "meals"), ("date", "2026-03-16"), ("description", "Dinner"), ("amount", "12.00")], receipt: Array("hello".utf8))
        #expect(wrongFile.status == 422 && HTMLInspection.unescape(wrongFile.text).contains("The receipt must be a PDF, JPEG or PNG"))
        #expect((try object(try app.client.get("/api/v1/claims/\(id)/expenses"))["expenses"] as? [Any])?.count == 1)
    }

    @Test func theReportTheWorkbookAndTheEvidenceCarryTheLedger() throws {
        let app = try TestApp()
        let id = try claim(in: app)
        try ledger(in: app, claim: id)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("claim-expenses-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let report = try app.client.get("/api/v1/claims/\(id)/report.pdf")
        #expect(report.status == 200)
        let pdf = folder.appendingPathComponent("report.pdf")
        try Data(report.body).write(to: pdf)
        let text = try ToolRun.output(of: "/usr/bin/pdftotext", ["-layout", pdf.path, "-"])
        let lines = text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(text.contains("Additional living expenses by category"), "\(text)")
        #expect(lines.contains { $0.hasPrefix("Hotel or lodging 2 $945.01") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Meals above normal 1 $48.37") })
        #expect(lines.contains { $0.hasPrefix("Total 3 $993.38") })
        #expect(lines.contains { $0.contains("Hotel Marigold, 3 nights") && $0.contains("folio.pdf") && $0.hasSuffix("$567.00") })
        #expect(text.contains("Receipts of the living expenses"))

        let workbook = try app.client.get("/api/v1/claims/\(id)/schedule.xlsx")
        let xlsx = folder.appendingPathComponent("schedule.xlsx")
        try Data(workbook.body).write(to: xlsx)
        let book = try ToolRun.output(of: "/usr/bin/unzip", ["-p", xlsx.path, "xl/workbook.xml"])
        #expect(book.contains("name=\"ALE\"") && book.contains("name=\"ALE totals\""), "\(book)")
        let strings = try ToolRun.output(of: "/usr/bin/unzip", ["-p", xlsx.path, "xl/worksheets/sheet3.xml", "xl/worksheets/sheet4.xml"])
        #expect(strings.contains("Hotel Marigold, 3 nights") && strings.contains("All living expenses"))

        let evidence = try app.client.get("/api/v1/claims/\(id)/evidence.zip")
        let zip = folder.appendingPathComponent("evidence.zip")
        try Data(evidence.body).write(to: zip)
        let unpacked = folder.appendingPathComponent("unpacked").path
        let entries = try ZipReader.extract(zipAt: zip.path, into: unpacked, limits: .inventory).map(\.path.description)
        let receipt = try #require(entries.first { $0.hasPrefix("living-expenses/") }, "\(entries)")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: unpacked + "/" + receipt))) == Self.folio)
        let manifest = try String(contentsOfFile: unpacked + "/manifest.csv", encoding: .utf8)
        #expect(manifest.contains(receipt) && manifest.contains("living expense receipt"))
    }
}
