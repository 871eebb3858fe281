import Archive
import Foundation
import HTTPTestClient
import PDFPreview
import Testing
import ToolRunner

/// The claim packet a user downloads: the PDF report read back with poppler's `pdftotext`, the same
/// figures as the schedule CSV to the cent, and the evidence archive whose manifest's checksums hold.
@Suite struct ClaimPacketTests {
    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(response.json as? [String: Any], "\(response.status) \(response.text)")
    }

    /// A claim of four lines in two rooms: photos (one with the camera's EXIF), a PDF receipt, a
    /// library photo linked as evidence, a line lost in part, an odd cent, 1.5 of 2.5 gallons.
    private func claim(in library: LibraryTestApp) throws -> (id: Int, camera: Int) {
        let client = library.client
        let kitchen = try #require(try object(try client.json("POST", "/api/v1/locations", ["name": "Kitchen"]))["id"] as? Int)
        let study = try #require(try object(try client.json("POST", "/api/v1/locations", ["name": "Study"]))["id"] as? Int)
        let camera = try #require(try object(try client.json("POST", "/api/v1/items", [
            "name": "Mirrorless Camera", "brand": "Canon", "model": "PowerShot S40", "serialNumber": "CN-40", "locationId": study,
            "purchaseDate": "2021-03-14", "purchasePrice": "1799.00", "replacementCost": "1899.99", "tags": ["camera"],
        ] as [String: Any]))["id"] as? Int)
        let plates = try #require(try object(try client.json("POST", "/api/v1/items", [
            "name": "Dinner plates", "quantity": 12, "locationId": kitchen, "purchaseDate": "2019-06-01", "replacementCost": "14.33",
        ] as [String: Any]))["id"] as? Int)
        let kettle = try #require(try object(try client.json("POST", "/api/v1/items", ["name": "Kettle", "locationId": kitchen, "purchasePrice": "45.50"] as [String: Any]))["id"] as? Int)
        let paint = try #require(try object(try client.json("POST", "/api/v1/items", [
            "name": "Wall paint", "quantity": 2.5, "quantityUnit": "gal", "locationId": kitchen, "replacementCost": "38.99",
        ] as [String: Any]))["id"] as? Int)
        let photo = try client.send("POST", "/api/v1/items/\(camera)/photos", headers: ["Content-Type": "image/jpeg"],
                                    body: try ItemImageFixtures.bytes("corpus/pillow/flower.jpg"))
        #expect(photo.status == 201, "\(photo.text)")
        let receipt = try client.send("POST", "/api/v1/items/\(camera)/documents?kind=receipt&name=Camera%20receipt", headers: ["Content-Type": "application/pdf"],
                                      body: SamplePDF.receipt(lines: ["Camera Shop", "PowerShot S40  1799.00"]))
        #expect(receipt.status == 201, "\(receipt.text)")
        let asset = try #require(try library.asset(named: "top.jpg")["id"] as? String)
        #expect(try client.json("POST", "/api/v1/items/\(camera)/evidence", ["assetId": asset]).status == 201)
        let claim = try object(try client.json("POST", "/api/v1/claims", [
            "name": "Kitchen fire", "lossDate": "2026-03-14", "claimNumber": "CL-114",
            "items": [["itemId": camera], ["itemId": plates, "quantityLost": 7], ["itemId": kettle], ["itemId": paint, "quantityLost": 1.5]],
        ] as [String: Any]))
        return (try #require(claim["id"] as? Int), camera)
    }

    @Test func theReportSaysWhatTheScheduleSaysToTheCentOnEitherPaper() throws {
        let library = try LibraryTestApp.standard()
        let (id, _) = try claim(in: library)
        let csv = try library.client.get("/api/v1/claims/\(id)/schedule.csv")
        #expect(csv.status == 200 && csv.header("Content-Type") == "text/csv; charset=utf-8")
        #expect(csv.text.hasPrefix("\u{FEFF}"), "a byte-order mark, for Excel")
        let rows = csv.text.dropFirst().split(separator: "\r\n").map { line in
            line.dropFirst().dropLast().components(separatedBy: "\",\"")
        }
        let header = try #require(rows.first)
        let columns = try ["Unit replacement cost pre-tax (USD)", "Line replacement cost pre-tax (USD)", "Unit actual cash value (USD)", "Line actual cash value (USD)"]
            .map { name in try #require(header.firstIndex(of: name), "the CSV has \(name)") }

        for (paper, size) in [("a4", "595 x 842"), ("letter", "612 x 792")] {
            let response = try library.client.get("/api/v1/claims/\(id)/report.pdf?paper=\(paper)")
            #expect(response.status == 200 && response.header("Content-Type") == "application/pdf")
            #expect(response.header("Content-Disposition")?.hasPrefix("inline; filename=\"claim-\(id)-kitchen-fire-report-\(paper).pdf\"") == true)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("claim-report-\(UUID().uuidString).pdf")
            try Data(response.body).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(try ToolRun.output(of: "/usr/bin/pdfinfo", [file.path]).contains("Page size:       \(size) pts"))
            let text = try ToolRun.output(of: "/usr/bin/pdftotext", ["-layout", file.path, "-"])
            // 1.5 of 2.5 gal at $38.99: $58.485, rounded half up once to $58.49, in the CSV and here alike (below).
            for fact in ["Kitchen fire", "CL-114", "Mar 14, 2026", "Mirrorless Camera", "Dinner plates", "Kettle", "Camera receipt", "Page 1 of",
                         "1.5 gal", "$58.49"] {
                #expect(text.contains(fact), "the report names \(fact)")
            }
            // Every line's unit and line amounts and the claim's totals, as the CSV has them (plain decimals there, money here).
            for row in rows.dropFirst() {
                for column in columns where column < row.count && !row[column].isEmpty {
                    let amount = Decimal(string: row[column]).map { NSDecimalNumber(decimal: $0).doubleValue } ?? -1
                    let shown = "$" + String(format: "%.2f", amount).replacingOccurrences(of: #"(\d)(?=(\d{3})+\.)"#, with: "$1,", options: .regularExpression)
                    #expect(text.contains(shown), "the report shows \(shown) (\(header[column]))")
                }
            }
        }
        #expect(try library.client.get("/api/v1/claims/\(id)/report.pdf?paper=tabloid").status == 400)
    }

    @Test func theEvidenceArchiveHoldsEveryOriginalWithChecksumsAndCaptureDates() throws {
        let library = try LibraryTestApp.standard()
        let (id, camera) = try claim(in: library)
        let response = try library.client.get("/api/v1/claims/\(id)/evidence.zip")
        #expect(response.status == 200 && response.header("Content-Type") == "application/zip")
        #expect(response.header("Content-Length") == nil, "streamed as it is made")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("claim-evidence-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = folder.appendingPathComponent("evidence.zip")
        try Data(response.body).write(to: zip)
        let unpacked = folder.appendingPathComponent("unpacked").path
        let entries = try ZipReader.extract(zipAt: zip.path, into: unpacked, limits: .inventory).map(\.path.description)
        #expect(entries.first == "README.txt" && entries.suffix(2) == ["manifest.csv", "manifest.json"])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: unpacked + "/manifest.json"))) as? [[String: Any]])
        #expect(listed.compactMap { $0["line"] == nil ? $0["path"] as? String : nil } == ["report-letter.pdf", "schedule.csv", "schedule.xlsx"], "the packet's own files")
        let manifest = listed.filter { $0["line"] != nil }
        #expect(manifest.count == 3, "a photo, a receipt, a library photo")
        for row in manifest {
            let path = try #require(row["path"] as? String)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: unpacked + "/" + path)))
            #expect(row["sha256"] as? String == (try ToolRun.sha256sum(bytes)), "\(path)'s checksum is the file's")
            #expect(row["bytes"] as? Int == bytes.count && row["itemId"] as? Int == camera && row["line"] as? Int == 1)
            #expect(path.hasPrefix("001 Mirrorless Camera/"))
        }
        let photo = try #require(manifest.first { $0["kind"] as? String == "photo" })
        #expect(photo["capturedAt"] as? String == "2003-12-14T12:01:44" && photo["camera"] as? String == "Canon PowerShot S40")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: unpacked + "/" + (photo["path"] as! String)))) == (try ItemImageFixtures.bytes("corpus/pillow/flower.jpg")),
                "the original, byte for byte")
        let receipt = try #require(manifest.first { $0["kind"] as? String == "receipt" })
        #expect(receipt["path"] as? String == "001 Mirrorless Camera/receipt-1 Camera receipt.pdf")
        let libraryPhoto = try #require(manifest.first { $0["kind"] as? String == "library photo" })
        #expect(libraryPhoto["capturedAt"] as? String != nil)
        let csv = try String(contentsOfFile: unpacked + "/manifest.csv", encoding: .utf8)
        #expect(csv.hasPrefix("\"Path\",\"SHA-256\"") && csv.contains(photo["sha256"] as! String))
    }

    /// A 12-megapixel phone photo printed whole would make a thousand-item report gigabytes: the
    /// report prints the 1024-px size, also for a photo stored before that size existed.
    @Test func theReportPrintsPhotosAtThePrintSizeNotTheOriginalOnes() throws {
        let workspace = try LibraryWorkspace()
        _ = try workspace.photo("Receipts/television-box.jpg", width: 1500, height: 3000, taken: "2021:11:26 10:00:00")
        let library = try LibraryTestApp(workspace: workspace)
        try library.waitUntilScanned(total: 1)
        let client = library.client
        let item = try #require(try object(try client.json("POST", "/api/v1/items", ["name": "Television"]))["id"] as? Int)
        let upload = try client.send("POST", "/api/v1/items/\(item)/photos", headers: ["Content-Type": "image/jpeg"],
                                     body: try ItemImageFixtures.picture(width: 3000, height: 2000))
        #expect(upload.status == 201, "\(upload.text)")
        let asset = try #require(try library.asset(named: "television-box.jpg")["id"] as? String)
        #expect(try client.json("POST", "/api/v1/items/\(item)/evidence", ["assetId": asset]).status == 201)
        let claim = try #require(try object(try client.json("POST", "/api/v1/claims", ["name": "Flood", "items": [["itemId": item]]] as [String: Any]))["id"] as? Int)
        func printedSizes() throws -> [String] {
            let response = try client.get("/api/v1/claims/\(claim)/report.pdf")
            #expect(response.status == 200)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("claim-report-\(UUID().uuidString).pdf")
            try Data(response.body).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            // pdfimages -list: page num type width height …, after two header lines.
            return try ToolRun.output(of: "/usr/bin/pdfimages", ["-list", file.path]).split(separator: "\n").dropFirst(2).map { line in
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                return "\(fields[3])x\(fields[4])"
            }.sorted()
        }
        let first = try printedSizes()
        #expect(first == ["1024x683", "512x1024"], "the item's photo and the library photo linked as evidence")
        let printed = try #require(FileManager.default.enumerator(atPath: workspace.data.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix("/report.jpg") })
        #expect(printed.count == 2)
        for file in printed { try FileManager.default.removeItem(atPath: workspace.data.appendingPathComponent(file).path) }
        let again = try printedSizes()
        #expect(again == ["1024x683", "512x1024"], "made again when the folder has no print sizes yet")
    }

    /// Whether one line of `text` holds all of `parts`, in this order.
    private static func line(in text: String, with parts: [String]) -> Bool {
        text.split(separator: "\n").contains { line in
            var rest = Substring(line)
            for part in parts {
                guard let range = rest.range(of: part) else { return false }
                rest = rest[range.upperBound...]
            }
            return true
        }
    }

    /// Sixty ordinary things in five rooms, one valued by hand: the schedule as an adjuster prints it.
    private func householdClaim(in app: TestApp) throws -> (id: Int, lines: [(name: String, serial: String)]) {
        let client = app.client
        func id(_ response: TestResponse) throws -> Int { try #require(try object(response)["id"] as? Int, "\(response.status) \(response.text)") }
        let home = try id(try client.json("POST", "/api/v1/locations", ["name": "Home"]))
        let rooms = try ["Kitchen", "Living room", "Main bedroom", "Garage", "Study"].map { name in
            try id(try client.json("POST", "/api/v1/locations", ["name": name, "parentId": home] as [String: Any]))
        }
        let things = ["Stand mixer", "Toaster", "Blender", "Coffee maker", "Floor lamp", "Bookcase", "Television", "Sofa", "Duvet", "Winter coat",
                      "Cordless drill", "Lawn mower", "Bicycle", "Laptop", "Office chair"]
        var lines: [(name: String, serial: String)] = []
        var claimed: [[String: Any]] = []
        for number in 1...60 {
            let name = "\(things[number % things.count]) \(number)", serial = "W\(104_300 + number)-B"
            let item = try id(try client.json("POST", "/api/v1/items", [
                "name": name, "brand": "KitchenAid", "model": "KSM150PS", "serialNumber": serial, "locationId": rooms[number % rooms.count],
                "purchaseDate": "2019-0\(number % 9 + 1)-1\(number % 10)", "purchasedFrom": "John Lewis", "purchasePrice": "\(200 + number).00",
                "replacementCost": "\(1_100 + number * 17).99",
            ] as [String: Any]))
            claimed.append(number == 3 ? ["itemId": item, "actualCashValueOverride": "450.00", "overrideReason": "Barely used"] : ["itemId": item])
            lines.append((name, serial))
        }
        let claim = try id(try client.json("POST", "/api/v1/claims", ["name": "House fire", "lossDate": "2026-03-14", "items": claimed] as [String: Any]))
        return (claim, lines)
    }

    @Test(arguments: [("a4", "595 x 842"), ("letter", "612 x 792")])
    func theSchedulePrintsOnTurnedPagesALineOfTextToARow(paper: String, upright: String) throws {
        let app = try TestApp()
        let (id, lines) = try householdClaim(in: app)
        let response = try app.client.get("/api/v1/claims/\(id)/report.pdf?paper=\(paper)")
        #expect(response.status == 200)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("claim-report-\(UUID().uuidString).pdf")
        try Data(response.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let pages = try ToolRun.output(of: "/usr/bin/pdftotext", ["-layout", file.path, "-"]).components(separatedBy: "\u{0C}").dropLast()
        // pdfinfo -f 1 -l N: "Page    3 size: 842 x 595 pts (A4)" for each page.
        let sizes = try ToolRun.output(of: "/usr/bin/pdfinfo", ["-f", "1", "-l", "\(pages.count)", file.path]).split(separator: "\n")
            .filter { $0.hasPrefix("Page ") && $0.contains(" size: ") }
            .map { $0.components(separatedBy: " size: ")[1].components(separatedBy: " pts")[0].trimmingCharacters(in: .whitespaces) }
        #expect(sizes.count == pages.count)
        let turned = upright.split(separator: " ").reversed().joined(separator: " ")
        let schedule = pages.indices.filter { Self.line(in: pages[$0], with: ["Line", "Room", "Qty", "Description", "Brand / model / serial", "Bought", "Age", "Depreciation", "ACV"]) }
        #expect(schedule.count == 2, "60 lines on two pages")
        for index in pages.indices {
            #expect(sizes[index] == (schedule.contains(index) ? turned : upright), "page \(index + 1): the schedule's pages turned, the others upright")
        }
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            // Each row whole on one line of text: its number, room, quantity, name, serial, purchase date, age and amounts.
            let row = schedule.flatMap { pages[$0].split(separator: "\n") }.filter { $0.drop { $0 == " " }.hasPrefix("\(number) ") }
            #expect(row.count == 1 && Self.line(in: String(row[0]), with: [line.name, "KitchenAid", "S/N", line.serial, "2019", "$", "%", "$"]),
                    "line \(number) on one line of text: \(row)")
        }
        for index in schedule {
            let text = pages[index].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let rows = text.filter { $0.first?.isNumber == true }
            let first = try #require(text.firstIndex { $0.first?.isNumber == true })
            // From the first row to the foot nothing but rows (and, last, the totals and the legend): no cell ran onto a second line.
            let rest = text[first...].filter { !$0.hasPrefix("Total") && !$0.hasPrefix("* ") && !$0.hasPrefix("Claim") && !$0.contains("Page ") }
            #expect(rest.count == rows.count, "page \(index + 1) holds rows only: \(rest.filter { $0.first?.isNumber != true })")
            if index == schedule.first { #expect(rows.count >= 25, "at least 25 rows on a full \(paper) page, not \(rows.count)") }
        }
        let last = try #require(schedule.last.map { pages[$0] })
        // Totals under original cost, replacement cost, depreciation and actual cash value; the mark on line 3 explained.
        #expect(Self.line(in: last, with: ["Total", "60", "$", "$", "$", "$"]))
        #expect(last.contains("* Actual cash value set by hand"))
        let three = schedule.flatMap { pages[$0].split(separator: "\n") }.first { $0.drop { $0 == " " }.hasPrefix("3 ") }
        #expect(three?.contains("$450.00*") == true, "the value set by hand is marked")
    }

    @Test func theCoverKeepsWhatNeedsAttentionOnItsFirstPageOnLetterWithEveryFactGiven() throws {
        let app = try TestApp()
        let client = app.client
        func id(_ response: TestResponse) throws -> Int { try #require(try object(response)["id"] as? Int, "\(response.status) \(response.text)") }
        let kitchen = try id(try client.json("POST", "/api/v1/locations", ["name": "Kitchen"]))
        let mixer = try id(try client.json("POST", "/api/v1/items", ["name": "Stand mixer", "locationId": kitchen, "purchaseDate": "2020-05-01", "replacementCost": "449.00"] as [String: Any]))
        let kettle = try id(try client.json("POST", "/api/v1/items", ["name": "Kettle", "locationId": kitchen, "purchasePrice": "45.50"] as [String: Any]))
        let sofa = try id(try client.json("POST", "/api/v1/items", ["name": "Sofa", "replacementCost": "1999.00", "purchaseDate": "2012-01-01"] as [String: Any]))
        let created = try client.json("POST", "/api/v1/claims", [
            "name": "Kitchen fire", "policyholder": "Alexandra Montgomery-Whitfield", "address": "1400 Fairview Avenue North\nApartment 12B\nSeattle, WA 98109",
            "insurer": "Example Mutual Insurance Company", "policyNumber": "HO-3 000 123 456", "policyStart": "2025-06-01", "policyEnd": "2026-05-31",
            "settlement": "replacementCost", "deductible": "1000.00", "otherInsurance": "None", "claimNumber": "CL-2026-0114", "lossDate": "2026-03-14",
            "lossKind": "fire", "cause": "A pan of oil caught fire on the stove and spread to the cabinets", "phone": "+1 206 555 0142",
            "email": "alexandra@example.com", "contactAddress": "Residence Inn, 800 Fairview Avenue North\nSeattle, WA 98109",
            "proofOfLossDue": "2026-05-13", "notes": "Adjuster visited on 18 March; the fire department's report is attached.", "contentsLimit": "150000.00",
            "items": [["itemId": mixer], ["itemId": kettle], ["itemId": sofa, "actualCashValueOverride": "300.00", "overrideReason": "Worn"]],
        ] as [String: Any])
        let claim = try id(created)
        let response = try client.get("/api/v1/claims/\(claim)/report.pdf?paper=letter")
        #expect(response.status == 200)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("claim-report-\(UUID().uuidString).pdf")
        try Data(response.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let cover = try #require(try ToolRun.output(of: "/usr/bin/pdftotext", ["-layout", file.path, "-"]).components(separatedBy: "\u{0C}").first)
        for text in ["Alexandra Montgomery-Whitfield", "Residence Inn", "Adjuster visited", "Balance", "In this claim", "1 line has no purchase date and so is not depreciated",
                     "1 line has no replacement cost, so its purchase price stands in for it"] {
            #expect(cover.contains(text), "page 1 shows \(text)")
        }
    }

    /// A bundle prints as one row of the schedule where its first line was, with its lines' numbers,
    /// the pieces and the sums (marked when a line's value was set by hand); each line keeps its page.
    @Test func aBundlePrintsAsOneRowOfTheScheduleAndItsLinesKeepTheirPages() throws {
        let app = try TestApp()
        let (id, lines) = try householdClaim(in: app)
        let claim = try object(try app.client.get("/api/v1/claims/\(id)"))
        let items = try #require(claim["items"] as? [[String: Any]])
        let bundled = try items[1...3].map { try #require($0["itemId"] as? Int) }
        let made = try app.client.json("POST", "/api/v1/claims/\(id)/bundles", ["name": "Lot of kitchen things", "lines": bundled] as [String: Any])
        #expect(made.status == 201, "\(made.text)")
        let bundle = try object(made)
        let response = try app.client.get("/api/v1/claims/\(id)/report.pdf?paper=a4")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("claim-bundle-\(UUID().uuidString).pdf")
        try Data(response.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let pages = try ToolRun.output(of: "/usr/bin/pdftotext", ["-layout", file.path, "-"]).components(separatedBy: "\u{0C}")
        let schedule = pages.filter { Self.line(in: $0, with: ["Line", "Room", "Qty", "Description", "Brand / model / serial", "Bought"]) }
        let rows = schedule.flatMap { $0.split(separator: "\n") }.map { $0.trimmingCharacters(in: .whitespaces) }
        let acv = try #require(bundle["actualCashValue"] as? String)
        let bundleRow = rows.filter { $0.hasPrefix("2–4 ") }
        #expect(bundleRow.count == 1 && Self.line(in: bundleRow[0], with: ["2–4", "3", "Lot of kitchen things", "6–7", "$", "$", "$"]),
                "one row for lines 2 to 4: \(bundleRow)")
        #expect(bundleRow.first?.hasSuffix("$" + Self.grouped(acv) + "*") == true, "its actual cash value, marked: line 3's was set by hand: \(bundleRow)")
        for number in 2...4 { #expect(!rows.contains { $0.hasPrefix("\(number) ") }, "line \(number) has no row of its own") }
        let after = try #require(rows.firstIndex { $0.hasPrefix("2–4 ") }) + 1
        #expect(rows[after].hasPrefix("5 "), "the row keeps to one line of text: \(rows[after])")
        #expect(rows.contains { $0.hasPrefix("1 ") } && rows.contains { $0.hasPrefix("5 ") })
        #expect(Self.line(in: schedule.last ?? "", with: ["Total", "60", "$", "$", "$", "$"]), "the totals are the claim's, as before")
        #expect(pages.joined().contains("A bundle’s lines are one row"))
        // Each bundled line keeps its own page, which names its bundle.
        let page = try #require(pages.first { $0.contains("3. \(lines[2].name)") })
        #expect(Self.line(in: page, with: ["In the bundle", "Lot of kitchen things (lines 2–4"]))
    }

    /// The claim page's method cites its sources by number and lists them, each a link to the guide,
    /// not as one long paragraph of titles and addresses.
    @Test func theClaimPageListsTheMethodsSourcesAsLinks() throws {
        let app = try TestApp()
        let (id, _) = try householdClaim(in: app)
        let html = try app.client.get("/claims/\(id)", headers: ["Accept": "text/html"]).text
        let sources = try #require(html.components(separatedBy: "<ol class=\"method-sources\">").dropFirst().first?.components(separatedBy: "</ol>").first)
        let links = sources.components(separatedBy: "<li><a href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(links.count >= 2 && links.allSatisfy { $0.hasPrefix("https://") }, "\(sources)")
        #expect(html.contains("[1]") && !html.contains("Sources: [1]"))
    }

    /// "1234.56" as the report prints it: "1,234.56".
    private static func grouped(_ decimal: String) -> String {
        let parts = decimal.split(separator: ".")
        return (Int(parts[0]) ?? 0).grouped + "." + parts[1]
    }
}
