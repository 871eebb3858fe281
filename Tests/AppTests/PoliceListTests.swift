import Foundation
import HTTPTestClient
import Testing
import ToolRunner

/// The police list after a theft: every line with its serial numbers, marks and value, as CSV and as a
/// PDF read back with poppler; a line without a serial number is listed and said to have none.
@Suite struct PoliceListTests {
    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(response.json as? [String: Any], "\(response.status) \(response.text)")
    }

    /// A laptop with two serial numbers (the machine and its charger), marks and a photo; a drill with
    /// neither serial nor photo, two of them.
    private func claim(in app: TestApp) throws -> Int {
        let client = app.client
        func id(_ response: TestResponse) throws -> Int { try #require(try object(response)["id"] as? Int) }
        let garage = try id(try client.json("POST", "/api/v1/locations", ["name": "Garage"]))
        let laptop = try id(try client.json("POST", "/api/v1/items", [
            "name": "Laptop", "brand": "Lenovo", "model": "ThinkPad X1 Carbon Gen 11", "serialNumber": "PF-4A2B9C-X1; ADLX65YLC3A-CHG",
            "distinguishingMarks": "“M. Okafor” engraved under the lid; a sticker of a red fox", "replacementCost": "1849.00", "locationId": garage,
        ] as [String: Any]))
        let photo = try client.send("POST", "/api/v1/items/\(laptop)/photos", headers: ["Content-Type": "image/jpeg"],
                                    body: try ItemImageFixtures.bytes("corpus/pillow/flower.jpg"))
        #expect(photo.status == 201, "\(photo.text)")
        let drill = try id(try client.json("POST", "/api/v1/items", [
            "name": "Cordless drill", "brand": "Makita", "quantity": 2, "replacementCost": "129.99", "locationId": garage,
        ] as [String: Any]))
        let created = try client.json("POST", "/api/v1/claims", [
            "name": "Garage break-in", "lossDate": "2026-10-02", "claimNumber": "TH-2207", "policyholder": "Maya Okafor",
            "address": "14 Alder Road\nSpringfield", "cause": "Burglary", "items": [["itemId": laptop], ["itemId": drill]],
        ] as [String: Any])
        #expect(created.status == 201, "\(created.text)")
        return try id(created)
    }

    @Test func theCSVListsEverySerialTheMarksAndTheValueAndSaysWhenThereIsNoSerial() throws {
        let app = try TestApp()
        let id = try claim(in: app)
        let response = try app.client.get("/api/v1/claims/\(id)/police-list.csv")
        #expect(response.status == 200 && response.header("Content-Type") == "text/csv; charset=utf-8")
        #expect(response.header("Content-Disposition") == "attachment; filename=\"claim-\(id)-garage-break-in-police-list.csv\"")
        #expect(response.text.hasPrefix("\u{FEFF}\"Line\""), "a byte-order mark, then the header")
        let rows = response.text.dropFirst().split(separator: "\r\n").map { line in line.dropFirst().dropLast().components(separatedBy: "\",\"") }
        #expect(rows.first == ["Line", "Item", "Brand", "Model", "Serial number", "Quantity", "Distinguishing marks", "Value (USD)", "Room",
                             "Police report number", "Police force or station"])
        #expect(rows.dropFirst().first == ["1", "Laptop", "Lenovo", "ThinkPad X1 Carbon Gen 11", "PF-4A2B9C-X1; ADLX65YLC3A-CHG", "1",
                                           "“M. Okafor” engraved under the lid; a sticker of a red fox", "1849.00", "Garage", "", ""])
        #expect(rows.dropFirst(2).first == ["2", "Cordless drill", "Makita", "", "No serial", "2", "", "259.98", "Garage", "", ""])
        #expect(rows.count == 3)
    }

    @Test func thePDFPrintsEachSerialWholeOnItsLineWithTheMainPhotoOnEitherPaper() throws {
        let app = try TestApp()
        let id = try claim(in: app)
        for (paper, size) in [("a4", "595 x 842"), ("letter", "612 x 792")] {
            let response = try app.client.get("/api/v1/claims/\(id)/police-list.pdf?paper=\(paper)")
            #expect(response.status == 200 && response.header("Content-Type") == "application/pdf", "\(response.text.prefix(300))")
            #expect(response.header("Content-Disposition") == "inline; filename=\"claim-\(id)-garage-break-in-police-list-\(paper).pdf\"")
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("police-list-\(UUID().uuidString).pdf")
            try Data(response.body).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let info = try ToolRun.output(of: "/usr/bin/pdfinfo", [file.path])
            let pages = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }?.dropFirst(6).trimmingCharacters(in: .whitespaces)
            #expect(info.contains("Page size:       \(size) pts") && pages == "1", "\(info)")
            // One picture: the laptop's photo; the drill has none.
            let images = try ToolRun.output(of: "/usr/bin/pdfimages", ["-list", file.path]).split(separator: "\n").dropFirst(2)
            #expect(images.count == 1, "\(images)")
            let text = try ToolRun.output(of: "/usr/bin/pdftotext", ["-layout", file.path, "-"])
            let lines = text.split(separator: "\n").map(String.init)
            for fact in ["Maya Okafor", "14 Alder Road", "2026-10-02", "Burglary", "TH-2207", "1. Laptop", "2. Cordless drill", "Lenovo", "Makita",
                         "$1,849.00", "$259.98", "engraved under the lid"] {
                #expect(text.contains(fact), "the list names \(fact)")
            }
            for serial in ["PF-4A2B9C-X1", "ADLX65YLC3A-CHG"] {
                #expect(lines.contains { $0.contains(serial) }, "\(serial) is whole on one line:\n\(text)")
            }
            #expect(lines.contains { $0.contains("No serial") }, "the drill says it has no serial")
        }
        #expect(try app.client.get("/api/v1/claims/\(id)/police-list.pdf?paper=tabloid").status == 400)
    }

    @Test func theMarksAreAnItemFieldKeptAndChecked() throws {
        let app = try TestApp()
        let created = try object(try app.client.json("POST", "/api/v1/items", ["name": "Bicycle", "distinguishingMarks": "  Blue tape on the top tube  "]))
        #expect(created["distinguishingMarks"] as? String == "Blue tape on the top tube")
        let id = try #require(created["id"] as? Int)
        let page = try app.client.get("/items/\(id)")
        #expect(page.text.contains("Distinguishing marks") && page.text.contains("Blue tape on the top tube"))
        let refused = try app.client.json("PATCH", "/api/v1/items/\(id)", ["distinguishingMarks": String(repeating: "x", count: 10_001)])
        #expect(refused.status == 422 && refused.text.contains("distinguishingMarks"), "\(refused.text)")
    }
}
