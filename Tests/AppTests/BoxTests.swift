@testable import App
import Foundation
import HTTPTestClient
import Inventory
import Testing
import ToolRunner

/// Boxes through the API and the pages: marked a box, moved with what is inside (never into itself),
/// an item's page saying where it was packed from, and the claim's pack-out list in its JSON, on its
/// page and the adjuster's, in the report (read back with pdftotext) and on the workbook's "Pack-out" sheet.
@Suite struct BoxTests {
    static let html = ["Accept": "text/html"]

    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(response.json as? [String: Any], "\(response.status) \(response.text)")
    }

    private func place(_ app: TestApp, _ name: String, in parent: Int? = nil, box: Bool = false) throws -> Int {
        let made = try app.client.json("POST", "/api/v1/locations", ["name": name, "parentId": parent.map { $0 as Any } ?? NSNull(), "isBox": box])
        #expect(made.status == 201, "\(made.text)")
        return try #require(try object(made)["id"] as? Int)
    }

    private func item(_ app: TestApp, _ name: String, in place: Int) throws -> Int {
        try #require(try object(app.client.json("POST", "/api/v1/items", ["name": name, "locationId": place]))["id"] as? Int)
    }

    @Test func aBoxMovesFromItsPageWithWhatIsInsideAndTheAPIRefusesAMoveIntoItself() throws {
        let app = try TestApp()
        let kitchen = try place(app, "Kitchen"), garage = try place(app, "Garage")
        let box = try place(app, "Kitchen box 1", in: kitchen, box: true)
        let inner = try place(app, "Cutlery", in: box, box: true)
        #expect(try object(app.client.get("/api/v1/locations/\(box)"))["isBox"] as? Bool == true)
        let plates = try item(app, "Plates", in: kitchen)
        #expect(try app.client.json("PATCH", "/api/v1/items/\(plates)", ["locationId": box]).status == 200)

        let page = try app.client.get("/locations/\(box)", headers: Self.html)
        #expect(page.text.contains("Move this box") && page.text.contains("action=\"/locations/\(box)/move\""))
        #expect(!HTMLInspection.unescape(page.text).contains("<option value=\"\(inner)\""), "a box is not offered a place inside it")
        let moved = try app.client.pageForm("/locations/\(box)/move", [("parentId", String(garage))], headers: Self.html)
        #expect(moved.status == 303, "\(moved.status) \(moved.text.prefix(300))")
        let movedTo = try #require(moved.header("Location")?.split(separator: "#").first.map(String.init))
        #expect(movedTo == "/locations/\(box)?moved=1")
        let after = HTMLInspection.unescape(try app.client.get(movedTo, headers: Self.html).text)
        #expect(after.contains("Box \(LabelCode(place: Location.ID(Int64(box))).description) moved to Garage, with everything inside."), "\(after)")
        #expect(try object(app.client.get("/api/v1/locations/\(inner)"))["path"] as? String == "Garage / Kitchen box 1 / Cutlery")

        // Into itself or a box inside it: refused, saying why; nothing moves.
        let intoItself = try app.client.pageForm("/locations/\(box)/move", [("parentId", String(inner))], headers: Self.html)
        #expect(intoItself.status == 422 && HTMLInspection.unescape(intoItself.text).contains("“Kitchen box 1” can’t go inside “Garage / Kitchen box 1 / Cutlery”: that is inside it."),
                "\(intoItself.text.prefix(300))")
        for target in [box, inner] {
            let refused = try app.client.json("PATCH", "/api/v1/locations/\(box)", ["parentId": target])
            #expect(refused.status == 422 && HTMLInspection.unescape(refused.text).contains("that is inside it"), "\(refused.text)")
        }
        let wrongFlag = try app.client.json("PATCH", "/api/v1/locations/\(box)", ["isBox": "yes"])
        #expect(wrongFlag.status == 422 && wrongFlag.text.contains("isBox"), "\(wrongFlag.text)")
        #expect(try object(app.client.get("/api/v1/locations/\(box)"))["parentId"] as? Int == garage)

        // The plates' page says where they were packed from.
        let itemPage = HTMLInspection.unescape(try app.client.get("/items/\(plates)", headers: Self.html).text)
        #expect(itemPage.contains("Packed in box \(LabelCode(place: Location.ID(Int64(box))).description), “Kitchen box 1”, from Kitchen."), "\(itemPage)")
    }

    @Test func thePlaceFormsMakeAndUnmakeABox() throws {
        let app = try TestApp()
        let made = try app.client.pageForm("/locations", [("name", "Box 3"), ("parentId", ""), ("isBox", "on")], headers: Self.html)
        #expect(made.status == 303, "\(made.text.prefix(300))")
        let places = try #require(try app.client.get("/api/v1/locations").json as? [[String: Any]])
        let box = try #require(places.first { $0["name"] as? String == "Box 3" })
        #expect(box["isBox"] as? Bool == true)
        let id = try #require(box["id"] as? Int)
        #expect(HTMLInspection.unescape(try app.client.get("/locations", headers: Self.html).text).contains("aria-label=\"Box 3, a box\""))
        // Saved without the box ticked (a checkbox left unticked sends nothing): no longer a box, and no Move this box.
        #expect(try app.client.pageForm("/locations/\(id)", [("name", "Box 3"), ("parentId", ""), ("notes", "")], headers: Self.html).status == 303)
        #expect(try object(app.client.get("/api/v1/locations/\(id)"))["isBox"] as? Bool == false)
        #expect(!(try app.client.get("/locations/\(id)", headers: Self.html).text.contains("Move this box")))
    }

    @Test func theClaimsPackOutListIsInItsJSONItsPagesAndItsReport() throws {
        let app = try TestApp()
        let kitchen = try place(app, "Kitchen"), garage = try place(app, "Garage"), storage = try place(app, "Storage unit")
        let box = try place(app, "Kitchen box 1", in: kitchen, box: true)
        let plates = try item(app, "Dinner plates", in: kitchen), kettle = try item(app, "Kettle", in: kitchen)
        let rug = try item(app, "Rug", in: garage)
        for id in [plates, kettle] { #expect(try app.client.json("PATCH", "/api/v1/items/\(id)", ["locationId": box]).status == 200) }
        #expect(try app.client.json("PATCH", "/api/v1/locations/\(box)", ["parentId": storage]).status == 200)
        let claim = try #require(try object(app.client.json("POST", "/api/v1/claims", ["name": "Kitchen fire", "lossDate": "2026-03-14",
                                                                                         "items": [["itemId": rug], ["itemId": plates]]]))["id"] as? Int)
        let code = LabelCode(place: Location.ID(Int64(box))).description

        let list = try object(app.client.get("/api/v1/claims/\(claim)/pack-out"))
        let boxes = try #require(list["boxes"] as? [[String: Any]])
        #expect(boxes.count == 1 && boxes[0]["code"] as? String == code && boxes[0]["name"] as? String == "Kitchen box 1")
        #expect(boxes[0]["location"] as? String == "Storage unit" && boxes[0]["locationId"] as? Int == storage)
        let entries = try #require(boxes[0]["items"] as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == ["Dinner plates"], "only the claim's items")
        #expect(entries[0]["line"] as? Int == 2 && entries[0]["cameFrom"] as? String == "Kitchen" && entries[0]["cameFromId"] as? Int == kitchen)

        let page = HTMLInspection.unescape(try app.client.get("/claims/\(claim)", headers: Self.html).text)
        #expect(page.contains("Pack-out list") && page.contains("Box \(code), “Kitchen box 1”") && page.contains("Now in Storage unit"), "\(page)")
        #expect(page.contains("Line 2: Dinner plates") && page.contains("from Kitchen"))
        let link = try object(app.client.json("POST", "/api/v1/claims/\(claim)/links", ["expires": ClaimLinkInput.suggestedDay(now: Date()).iso]))
        let shared = HTMLInspection.unescape(try app.client.get(try #require(link["url"] as? String).replacingOccurrences(of: "http://127.0.0.1:\(app.app.port)", with: ""),
                                                                headers: Self.html).text)
        #expect(shared.contains("Pack-out list") && shared.contains("Box \(code), “Kitchen box 1”") && shared.contains("Line 2: Dinner plates"), "\(shared)")

        let report = try app.client.get("/api/v1/claims/\(claim)/report.pdf")
        #expect(report.status == 200)
        let pdf = FileManager.default.temporaryDirectory.appendingPathComponent("pack-out-\(UUID().uuidString).pdf")
        try Data(report.body).write(to: pdf)
        defer { try? FileManager.default.removeItem(at: pdf) }
        let text = try ToolRun.output(of: "/usr/bin/pdftotext", ["-layout", pdf.path, "-"])
        let lines = text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(text.contains("Pack-out list"), "\(text)")
        #expect(lines.contains { $0.hasPrefix("\(code) Kitchen box 1 Storage unit 2 Dinner plates Kitchen") }, "\(lines.filter { $0.contains(code) })")

        // The workbook has it on a sheet of its own (sheet 3: after Schedule and Totals, no living expenses here).
        let workbook = try app.client.get("/api/v1/claims/\(claim)/schedule.xlsx")
        let xlsx = pdf.deletingPathExtension().appendingPathExtension("xlsx")
        try Data(workbook.body).write(to: xlsx)
        defer { try? FileManager.default.removeItem(at: xlsx) }
        #expect(try ToolRun.output(of: "/usr/bin/unzip", ["-p", xlsx.path, "xl/workbook.xml"]).contains("name=\"Pack-out\""))
        let rows = try ToolRun.output(of: "/usr/bin/unzip", ["-p", xlsx.path, "xl/worksheets/sheet3.xml"])
        #expect(rows.contains(code) && rows.contains("Storage unit") && rows.contains("Dinner plates") && rows.contains("Kitchen"), "\(rows)")
    }
}
