import Archive
import Foundation
import HTTPTestClient
import Database
import Inventory
import PDFPreview
import Testing
@testable import App

/// The Export page's two files: a Homebox CSV any Homebox imports, and our own zip of everything,
/// which a fresh Homepwner reads back with nothing lost.
@Suite struct ExportTests {
    /// An app on a data folder of its own, optionally with the demo's items, photos and receipts.
    final class ExportApp: Sendable {
        let folder: TestDataFolder
        let app: HomepwnerApp
        let client: HTTPTestClient

        init(demo: Bool, folder: TestDataFolder? = nil) throws {
            self.folder = try folder ?? TestDataFolder()
            var configuration = AppConfiguration(dataDirectory: self.folder.url)
            configuration.port = 0
            configuration.accessLog = false
            configuration.seedDemoContent = demo
            configuration.scanLibraryAtStart = false
            app = try HomepwnerApp(configuration: configuration)
            client = .inProcess(app)
        }

        deinit { app.shutdown() }

        func get(_ path: String) throws -> TestResponse {
            let response = try client.get(path)
            guard response.status == 200 else { throw TestAppError("GET \(path) answered \(response.status): \(response.text.prefix(300))") }
            return response
        }

        /// Our export of this app, written to a file in its folder.
        func exportedArchive() throws -> String {
            let path = folder.url.appendingPathComponent("export.zip").path
            try Data(try get("/api/v1/export?format=homepwner").body).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    static var today: String { CalendarDate(Date()).iso }

    // MARK: Homebox CSV

    @Test func theHomeboxCSVIsADatedAttachmentThatHomeboxReadsAndNoSpreadsheetRuns() throws {
        let app = try ExportApp(demo: false)
        let home = try app.client.json("POST", "/api/v1/locations", ["name": "Home"]).decode(IDModel.self).id
        let kitchen = try app.client.json("POST", "/api/v1/locations", ["name": "Kitchen", "parentId": home]).decode(IDModel.self).id
        try app.client.json("POST", "/api/v1/items", [
            "name": "=HYPERLINK(\"http://evil\",\"x\")", "locationId": kitchen, "tags": ["kitchen", "a;b"], "quantity": 3,
            "purchasePrice": "1299.5", "purchaseDate": "2021-03-14", "brand": "Breville", "model": "BES870", "serialNumber": "-42",
            "description": "Line one\nLine \"two\"", "customFields": ["Colour": "Walnut", "Condition": "mine"], "condition": "good",
            "replacementCost": "1499.99",
        ] as [String: Any]).expect(201)
        try app.client.json("POST", "/api/v1/items", ["name": "Loose Screws", "description": String(repeating: "ü", count: 900)]).expect(201)

        let response = try app.get("/api/v1/export?format=homebox-csv")
        #expect(response.header("Content-Type") == "text/csv; charset=utf-8")
        #expect(response.header("Content-Disposition") == "attachment; filename=\"homepwner-homebox-\(Self.today).csv\"")
        #expect(response.header("Cache-Control") == "no-store")
        // The cell as a spreadsheet gets it: quoted, the formula made text by a leading '.
        #expect(response.text.contains("\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\""))

        let table = CSV.parse(response.text)
        let header = try #require(table.first)
        #expect(Array(header.prefix(23)) == [
            "HB.import_ref", "HB.location", "HB.labels", "HB.asset_id", "HB.archived", "HB.name", "HB.quantity", "HB.description",
            "HB.insured", "HB.notes", "HB.purchase_price", "HB.purchase_from", "HB.purchase_time", "HB.manufacturer", "HB.model_number",
            "HB.serial_number", "HB.lifetime_warranty", "HB.warranty_expires", "HB.warranty_details", "HB.sold_to", "HB.sold_price",
            "HB.sold_time", "HB.sold_notes",
        ])
        #expect(table.count == 3 && table.allSatisfy { $0.count == header.count }, "every row has every column")
        func row(_ name: String) throws -> [String: String] {
            let cells = try #require(table.dropFirst().first { $0[5] == name }, "no row for \(name)")
            return Dictionary(uniqueKeysWithValues: zip(header, cells))
        }
        let evil = try row("'=HYPERLINK(\"http://evil\",\"x\")")
        #expect(evil["HB.location"] == "Home / Kitchen")
        #expect(evil["HB.labels"] == "a,b; kitchen", "a ; inside a tag would split it in Homebox")
        #expect(evil["HB.quantity"] == "3" && evil["HB.purchase_price"] == "1299.50" && evil["HB.purchase_time"] == "2021-03-14")
        #expect(evil["HB.manufacturer"] == "Breville" && evil["HB.model_number"] == "BES870")
        #expect(evil["HB.serial_number"] == "'-42", "a leading minus is a formula to a spreadsheet")
        #expect(evil["HB.description"] == "Line one\nLine \"two\"")
        #expect(evil["HB.field.Condition"] == "good" && evil["HB.field.Condition (custom)"] == "mine")
        #expect(evil["HB.field.Colour"] == "Walnut" && evil["HB.field.Replacement cost"] == "1499.99" && evil["HB.field.Currency"] == "USD")
        let loose = try row("Loose Screws")
        #expect(loose["HB.location"] == HomeboxCSVWords.english.noLocation, "Homebox refuses a row without a location")
        let description = try #require(loose["HB.description"])
        #expect(description.utf8.count <= 1000 && description.hasSuffix("…"), "Homebox stores at most 1,000 bytes")
    }

    @Test func anUnknownOrMissingFormatIsRefusedWithItsCode() throws {
        let app = try ExportApp(demo: false)
        for query in ["?format=xlsx", "", "?format="] {
            let response = try app.client.get("/api/v1/export\(query)")
            #expect(response.status == 400 && response.text.contains("invalid-export-format") && response.text.contains("homebox-csv"), "\(query)")
        }
    }

    @Test func theExportPageOffersBothFiles() throws {
        let app = try ExportApp(demo: true)
        let page = try app.client.get("/export", headers: ["Accept": "text/html"])
        #expect(page.status == 200)
        #expect(page.text.contains("href=\"/api/v1/export?format=homepwner\"") && page.text.contains("href=\"/api/v1/export?format=homebox-csv\""))
        #expect(page.text.contains("\(DemoContent.items.count) items to export"))
        let places = try app.client.get("/locations", headers: ["Accept": "text/html"]).text
        #expect(places.contains("href=\"/export\""), "Places links to Export")
    }

    // MARK: Our own export

    @Test func ourExportReadsBackIntoAFreshAppWithEveryFieldPhotoAndDocumentIdentical() throws {
        let source = try ExportApp(demo: true)
        var items = try source.client.get("/api/v1/items").decode([ItemModel].self)
        let camera = try #require(items.first)
        try source.client.json("PATCH", "/api/v1/items/\(camera.id)", [
            "customFields": ["Lens": "RF 24-105mm", "Colour": "Black"], "barcode": "4549292157", "distinguishingMarks": "A scratch across the lens cap",
            "disposed": ["kind": "givenAway", "date": "2026-01-02", "notes": "To my niece"],
        ] as [String: Any]).expect(200)
        try source.client.json("PATCH", "/api/v1/items/\(items[2].id)", ["quantity": 0.75, "quantityUnit": "roll", "businessUse": true, "purchaseDate": "about 5 years ago"] as [String: Any]).expect(200)
        try source.client.json("PATCH", "/api/v1/items/\(items[1].id)", ["purchaseDate": "2019-06"]).expect(200)
        try source.client.send("POST", "/api/v1/items/\(items[1].id)/documents?kind=manual&name=Manual.txt", headers: ["Content-Type": "application/octet-stream"],
                               body: Array("Inflate to 6 bar.\n".utf8)).expect(201)
        // The same photo on two items is one file in the export.
        let shared = try source.client.get(try #require(camera.image?.originalURL)).body
        try source.client.send("POST", "/api/v1/items/\(items[2].id)/photos?kind=closeup", headers: ["Content-Type": "image/jpeg"], body: shared).expect(201)
        _ = try source.app.items.link(EvidenceLink(assetID: try #require(LibraryPhotoID("4be1c0d7a8f3e2b9c6d5a4f3e2b1c0d9")), takenAt: Date(timeIntervalSince1970: 1_556_994_607), camera: "Canon EOS R6",
                                                   lastPath: "/srv/photos/IMG_0412.jpg"), to: Item.ID(camera.id))
        try source.client.json("PATCH", "/api/v1/locations/1", ["notes": "The flat, second floor"]).expect(200)
        try source.client.json("PATCH", "/api/v1/settings", ["currency": "EUR", "offlineCopy": false] as [String: Any]).expect(200)
        try source.client.json("POST", "/api/v1/items/\(items[3].id)/move", ["position": 0]).expect(200)
        items = try source.client.get("/api/v1/items").decode([ItemModel].self)
        // A box, and an item packed into it: the box and where the item came from survive the trip.
        let box = try source.client.json("POST", "/api/v1/locations", ["name": "Moving box 1", "parentId": 1, "isBox": true] as [String: Any]).decode(IDModel.self)
        try source.client.json("PATCH", "/api/v1/items/\(items[1].id)", ["locationId": box.id]).expect(200)
        let packing = try #require(try source.app.items.packing(of: Item.ID(items[1].id)))

        let response = try source.client.get("/api/v1/export?format=homepwner")
        #expect(response.status == 200 && response.header("Content-Type") == "application/zip")
        #expect(response.header("Content-Disposition") == "attachment; filename=\"homepwner-export-\(Self.today).zip\"")
        let archive = try source.exportedArchive()
        #expect(try FileManager.default.contentsOfDirectory(atPath: source.folder.url.appendingPathComponent("tmp").path).isEmpty,
                "the file it was sent from is gone")

        let target = try TestDataFolder()
        let imported = try Importer(folder: DataFolder(target.url)).apply(fileAt: archive)
        #expect(imported.format == .homepwnerExport && imported.additions.count == items.count)
        #expect(imported.photos == items.map(\.photos.count).reduce(0, +) && imported.documents == items.map(\.documents.count).reduce(0, +))
        let copy = try ExportApp(demo: false, folder: target)
        for path in ["/api/v1/items", "/api/v1/items?disposed=true", "/api/v1/locations", "/api/v1/settings", "/api/v1/tags"] {
            #expect(try copy.get(path).text == (try source.get(path).text), "\(path) differs after the round trip")
        }
        for item in items {
            for photo in item.photos {
                #expect(try copy.get(photo.originalURL).body == (try source.get(photo.originalURL).body), "photo \(photo.id) of \(item.name)")
            }
            for document in item.documents {
                #expect(try copy.get(document.url).body == (try source.get(document.url).body), "document \(document.name)")
            }
        }
        #expect(try copy.app.items.packing(of: Item.ID(items[1].id)) == packing)
        let found = try copy.client.get("/api/v1/items?q=4549292157&disposed=true").decode([ItemModel].self)
        #expect(found.map(\.id) == [camera.id], "the search index was filled")
        // A new item gets an id after every imported one.
        let added = try copy.client.json("POST", "/api/v1/items", ["name": "New"]).decode(IDModel.self)
        #expect(added.id > items.map(\.id).max()!)
    }

    @Test func anInventoryThatIsNotEmptyIsRefusedAndKeptAsItWas() throws {
        let source = try ExportApp(demo: true)
        let archive = try source.exportedArchive()
        let target = try ExportApp(demo: false)
        try target.client.json("POST", "/api/v1/items", ["name": "Mine"]).expect(201)
        let zip = try [UInt8](Data(contentsOf: URL(fileURLWithPath: archive)))
        let preview = try target.client.send("POST", "/api/v1/import?dryRun=1", headers: ["Content-Type": "application/zip"], body: zip)
        #expect(preview.status == 200 && preview.text.contains("\"format\":\"homepwner\"") && preview.text.contains("already holds 1 item and 0 places"))
        let refused = try target.client.send("POST", "/api/v1/import", headers: ["Content-Type": "application/zip"], body: zip)
        #expect(refused.status == 422 && refused.text.contains("only into an empty inventory"))
        #expect(try target.client.get("/api/v1/items").decode([ItemModel].self).map(\.name) == ["Mine"])
    }

    /// An import of `archive` into a new data folder is refused with a problem `check` accepts, and
    /// leaves no item, place, photo, document or unpacked file behind.
    static func expectNothingImported(_ archive: String, sourceLocation: SourceLocation = #_sourceLocation,
                                      _ check: (ImportProblem) -> Bool) throws {
        let target = try TestDataFolder()
        do {
            _ = try Importer(folder: DataFolder(target.url)).apply(fileAt: archive)
            Issue.record("the import succeeded", sourceLocation: sourceLocation)
        } catch let refused as ImportRefused {
            #expect(refused.plan.problems.count == 1, sourceLocation: sourceLocation)
            let accepted = refused.plan.problems.allSatisfy { check($0) }
            #expect(accepted, "\(refused.plan.problems)", sourceLocation: sourceLocation)
        }
        let manager = FileManager.default
        // Files, that is: the store's two-letter folders may stay, empty, as after any delete.
        for folder in ["images", "documents", "videos", "tmp"] {
            let root = target.url.appendingPathComponent(folder).path
            let files = ((try? manager.subpathsOfDirectory(atPath: root)) ?? []).filter { path in
                var isFolder: ObjCBool = false
                return !manager.fileExists(atPath: "\(root)/\(path)", isDirectory: &isFolder) || !isFolder.boolValue
            }
            #expect(files.isEmpty, "\(folder) holds \(files)", sourceLocation: sourceLocation)
        }
        #expect(try manager.contentsOfDirectory(atPath: target.url.appendingPathComponent("tmp").path).isEmpty, sourceLocation: sourceLocation)
        let app = try ExportApp(demo: false, folder: target)
        #expect(try app.client.get("/api/v1/items").decode([ItemModel].self).isEmpty, sourceLocation: sourceLocation)
        #expect(try app.client.get("/api/v1/locations").decode([LocationModel].self).isEmpty, sourceLocation: sourceLocation)
    }

    /// Our export with its manifest changed by `edit`, and the file `replace` names replaced.
    static func tampered(_ archive: String, in folder: URL, edit: (inout [String: Any]) -> Void = { _ in },
                         replacing replace: (path: String, bytes: [UInt8])? = nil) throws -> String {
        let unpacked = folder.appendingPathComponent("unpacked-\(UUID().uuidString)").path
        let entries = try ZipReader.extract(zipAt: archive, into: unpacked, limits: .inventory)
        let output = folder.appendingPathComponent("tampered-\(UUID().uuidString).zip").path
        FileManager.default.createFile(atPath: output, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        defer { try? handle.close() }
        let writer = try ZipWriter(fileDescriptor: handle.fileDescriptor)
        for entry in entries where !entry.isDirectory {
            let path = entry.path.description
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(unpacked)/\(path)")))
            if path == InventoryManifest.fileName {
                var manifest = try JSONSerialization.jsonObject(with: Data(bytes)) as! [String: Any]
                edit(&manifest)
                bytes = Array(try JSONSerialization.data(withJSONObject: manifest))
            }
            if let replace, replace.path == path { bytes = replace.bytes }
            try writer.add(bytes, as: path)
        }
        try writer.finish()
        return output
    }

    @Test func aDamagedOrHostileExportImportsNothing() throws {
        let source = try ExportApp(demo: true)
        let archive = try source.exportedArchive()
        let scratch = source.folder.url
        let manifest = try JSONSerialization.jsonObject(with: Data(try ExportApp.read(InventoryManifest.fileName, of: archive, in: scratch))) as! [String: Any]
        let photoFile = try #require(((manifest["items"] as? [[String: Any]])?.last?["photos"] as? [[String: Any]])?.first?["file"] as? String)

        // A photo whose bytes are not the ones its SHA-256 names.
        try Self.expectNothingImported(try Self.tampered(archive, in: scratch, replacing: (photoFile, Array("not the photo".utf8)))) {
            $0.column == photoFile && $0.message.contains("SHA-256")
        }
        // An item that breaks a rule a person's item keeps (a name), after every photo was checked.
        try Self.expectNothingImported(try Self.tampered(archive, in: scratch, edit: { manifest in
            var items = manifest["items"] as! [[String: Any]]
            items[items.count - 1]["name"] = "   "
            manifest["items"] = items
        })) { $0.column == "homepwner.json" && $0.message.contains("item \(DemoContent.items.count)") && $0.message.contains("Name") }
        // A link to a library photo whose assetId is no library photo's id (a path, here).
        try Self.expectNothingImported(try Self.tampered(archive, in: scratch, edit: { manifest in
            var items = manifest["items"] as! [[String: Any]]
            items[items.count - 1]["evidence"] = [["assetId": "../../etc/passwd", "takenAt": NSNull(), "camera": NSNull(), "path": "/srv/photos/a.jpg",
                                                   "added": "2026-11-29T14:03:07.000Z"]]
            manifest["items"] = items
        })) { $0.column == "homepwner.json" && $0.message.contains("assetId") }
        // A place inside a place that is not there.
        try Self.expectNothingImported(try Self.tampered(archive, in: scratch, edit: { manifest in
            var locations = manifest["locations"] as! [[String: Any]]
            locations[locations.count - 1]["parentId"] = 999
            manifest["locations"] = locations
        })) { $0.column == "homepwner.json" && $0.message.contains("999") }
        // A newer format, a zip of something else, a zip bomb.
        try Self.expectNothingImported(try Self.tampered(archive, in: scratch, edit: { $0["formatVersion"] = 99 })) { $0.message.contains("format 99") }
        let other = scratch.appendingPathComponent("other.zip").path
        FileManager.default.createFile(atPath: other, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: other))
        let writer = try ZipWriter(fileDescriptor: handle.fileDescriptor)
        try writer.add(Array("hello".utf8), as: "readme.txt")
        try writer.finish()
        try handle.close()
        try Self.expectNothingImported(other) { $0.message.contains("neither homepwner.json") && $0.message.contains("Homebox backup zip") }
        let bomb = scratch.appendingPathComponent("bomb.zip").path
        let zeros = scratch.appendingPathComponent("zeros").path
        FileManager.default.createFile(atPath: zeros, contents: Data(count: 300 << 20))
        FileManager.default.createFile(atPath: bomb, contents: nil)
        let bombHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: bomb))
        let bombWriter = try ZipWriter(fileDescriptor: bombHandle.fileDescriptor)
        try bombWriter.addFile(at: zeros, as: "homepwner.json", compress: true)
        try bombWriter.finish()
        try bombHandle.close()
        try Self.expectNothingImported(bomb) { $0.message == ArchiveError.compressionRatioTooHigh(limit: 100).description }
    }
}

extension ExportTests.ExportApp {
    /// One file of a zip, unpacked beside it.
    static func read(_ name: String, of archive: String, in folder: URL) throws -> [UInt8] {
        let unpacked = folder.appendingPathComponent("read-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: unpacked) }
        _ = try ZipReader.extract(zipAt: archive, into: unpacked, limits: .inventory)
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(unpacked)/\(name)")))
    }
}

private struct IDModel: Decodable { let id: Int64 }

extension TestResponse {
    /// Throws unless the answer has `status`.
    @discardableResult
    func expect(_ status: Int) throws -> TestResponse {
        guard self.status == status else { throw TestAppError("answered \(self.status), not \(status): \(text.prefix(300))") }
        return self
    }
}

/// RFC 4180 as Go's encoding/csv reads it (Homebox's reader): quoted cells with doubled quotes and
/// line breaks inside, CRLF or LF between records.
enum CSV {
    static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], cell = "", quoted = false
        var characters = Array(text.unicodeScalars)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { cell.unicodeScalars.append(characters.removeFirst()) } else { quoted = false }
                } else if character == "\r", characters.first == "\n" {
                    continue
                } else {
                    cell.unicodeScalars.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(cell)
                cell = ""
            } else if character == "\n" || character == "\r" {
                if character == "\r", characters.first == "\n" { characters.removeFirst() }
                row.append(cell)
                rows.append(row)
                row = []
                cell = ""
            } else {
                cell.unicodeScalars.append(character)
            }
        }
        if !cell.isEmpty || !row.isEmpty { rows.append(row + [cell]) }
        return rows
    }
}
