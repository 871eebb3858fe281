@testable import App
import Foundation
import HTTPTestClient
import Testing

/// Importing a Homebox export through the API and through the pages (file picker → preview → import).
@Suite struct ImportTests {
    static let html = ["Accept": "text/html"]
    static let csv = ["Content-Type": "text/csv"]

    /// Homebox's own test files (Tests/Fixtures/homebox).
    static func homebox(_ name: String) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/homebox")
        return try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// The page's form with the file, as a browser sends it (token and cookie included).
    private func upload(_ app: TestApp, _ path: String, file: [UInt8]?, name: String = "export.csv") throws -> TestResponse {
        let (token, cookie) = try app.client.pageFormToken()
        let boundary = "----homepwner-import-\(UUID().uuidString)"
        var parts: [(name: String, filename: String?, type: String?, body: [UInt8])] = [("csrf", nil, nil, Array(token.utf8))]
        parts.append(("file", file == nil ? "" : name, "text/csv", file ?? []))
        return try app.client.send("POST", path, headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)", "Cookie": cookie, "Accept": "text/html"],
                                   body: ItemImageFixtures.multipart(boundary: boundary, parts))
    }

    private func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test func aDryRunPreviewsAndTheImportWritesHomeboxsFile() throws {
        let app = try TestApp()
        let file = try Self.homebox("sysadminsmedia-v0.26.2/fields.csv")
        let preview = try app.client.send("POST", "/api/v1/import?dryRun=1", headers: Self.csv, body: file)
        #expect(preview.status == 200, "\(preview.text)")
        let previewed = try json(preview)
        #expect(previewed["dryRun"] as? Bool == true && previewed["rows"] as? Int == 3 && previewed["added"] as? Int == 3)
        #expect(previewed["locationsCreated"] as? Int == 1 && previewed["newLocations"] as? [String] == ["loc"])
        #expect(try app.items().isEmpty, "a dry run writes nothing")

        let imported = try json(try app.client.send("POST", "/api/v1/import", headers: Self.csv, body: file))
        #expect(imported["dryRun"] as? Bool == false && imported["added"] as? Int == 3 && (imported["errors"] as? [Any])?.isEmpty == true)
        let items = try app.items()
        #expect(items.map(\.name) == ["Item 1", "Item 2", "Item 3"])
        #expect(items[0].customFields == ["Custom Field 1": "Value 1[1]", "Custom Field 2": "Value 1[2]", "Custom Field 3": "Value 1[3]"])
        #expect(try app.client.get("/api/v1/locations").text.contains("\"path\":\"loc\""))
    }

    @Test func reimportingByRefUpdatesInsteadOfDuplicating() throws {
        let app = try TestApp()
        let file = Array("HB.import_ref,HB.name,HB.location,HB.tags\nr1,Drill,Home / Garage,Tools\nr2,Saw,Home / Garage,Tools\n".utf8)
        #expect(try json(try app.client.send("POST", "/api/v1/import", headers: Self.csv, body: file))["added"] as? Int == 2)
        let again = try json(try app.client.send("POST", "/api/v1/import", headers: Self.csv, body: file))
        #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 2 && again["locationsCreated"] as? Int == 0 && again["tagsCreated"] as? Int == 0)
        #expect(try app.names() == ["Drill", "Saw"])
    }

    @Test func aFileWithBadRowsIsRefusedWithEveryProblemAndNothingIsWritten() throws {
        let app = try TestApp()
        let file = Array("HB.name,HB.location,HB.quantity,HB.purchase_date\nGood,Home,1,2021-01-01\nHalf,Home,-1.5,\nOdd,Home,2,13/45/2021\n".utf8)
        let refused = try app.client.send("POST", "/api/v1/import", headers: Self.csv, body: file)
        #expect(refused.status == 422)
        let answer = try json(refused)
        #expect((answer["error"] as? [String: Any])?["code"] as? String == "invalid-import")
        let errors = try #require(answer["errors"] as? [[String: Any]])
        #expect(errors.map { $0["line"] as? Int } == [3, 4] && errors.map { $0["column"] as? String } == ["HB.quantity", "HB.purchase_date"])
        #expect(try app.items().isEmpty && app.client.get("/api/v1/locations").text == "[]")

        // Not a file at all: one problem for the whole file.
        let garbage = try app.client.send("POST", "/api/v1/import", headers: ["Content-Type": "application/octet-stream"], body: [0xFF, 0xFE, 0x41, 0])
        #expect(garbage.status == 422 && garbage.text.contains("UTF-16"))
        #expect(try app.client.send("POST", "/api/v1/import", headers: Self.csv, body: []).status == 400)
    }

    @Test func theAPITakesTheFileAsAMultipartField() throws {
        let app = try TestApp()
        let response = try upload(app, "/api/v1/import?dryRun=true", file: try Self.homebox("hay-kot-v0.10.3/types.csv"))
        #expect(response.status == 200, "\(response.text)")
        #expect(try json(response)["tagsCreated"] as? Int == 3)
    }

    @Test func thePagesPreviewThenImport() throws {
        let app = try TestApp()
        let start = try app.client.get("/import", headers: Self.html)
        #expect(start.status == 200 && start.text.contains("type=\"file\"") && start.text.contains("enctype=\"multipart/form-data\""))

        let uploaded = try upload(app, "/import", file: try Self.homebox("sysadminsmedia-v0.26.2/types.csv"), name: "homebox-items.csv")
        #expect(uploaded.status == 303)
        let previewURL = try #require(uploaded.header("Location"))
        #expect(previewURL.hasPrefix("/import/") && previewURL.count == "/import/".count + 32)
        let preview = try app.client.get(previewURL, headers: Self.html)
        #expect(preview.status == 200 && preview.text.contains("homebox-items.csv"))
        #expect(preview.text.contains("Items to add") && preview.text.contains("Import 3 Items") && preview.text.contains("Path / To / Location 3"))
        #expect(try app.items().isEmpty, "a preview writes nothing")

        let imported = try app.client.pageForm(previewURL, [], headers: Self.html)
        #expect(imported.status == 303 && imported.header("Location") == "/import?added=3&updated=0&locations=5&tags=3")
        #expect(try app.client.get(imported.header("Location") ?? "", headers: Self.html).text.contains("Added 3 items; made 5 places and 3 tags."))
        #expect(try app.names() == ["Item 1", "Item 2", "Item 3"])
        // The kept file goes with the import: the preview cannot be imported twice.
        #expect(try app.client.get(previewURL, headers: Self.html).status == 404)
        #expect(try app.client.pageForm(previewURL, [], headers: Self.html).status == 404)
        #expect(try app.names().count == 3)
    }

    @Test func thePreviewListsEveryBadRowAndOffersNoImport() throws {
        let app = try TestApp()
        let file = Array("HB.name,HB.location,HB.insured\nLamp,Home,maybe\n,Home,false\nRug,Home\n".utf8)
        let previewURL = try #require(try upload(app, "/import", file: file).header("Location"))
        let preview = try app.client.get(previewURL, headers: Self.html).text
        for expected in ["Line 2 · HB.insured", "Line 3 · HB.name", "Line 4", "Nothing will be imported until every row can be"] {
            #expect(preview.contains(expected), "\(expected)")
        }
        #expect(!preview.contains("data-action=\"import\""))
        // Sent anyway, the import is refused with the same problems, and writes nothing.
        let refused = try app.client.pageForm(previewURL, [], headers: Self.html)
        #expect(refused.status == 422 && refused.text.contains("Line 2 · HB.insured"))
        #expect(try app.items().isEmpty)
    }

    @Test func aKeptFileExpiresCanBeDiscardedAndTokensNameNothingElse() throws {
        let app = try TestApp()
        let file = Array("HB.name\nLamp\n".utf8)
        let first = try #require(try upload(app, "/import", file: file).header("Location"))
        let token = String(first.dropFirst("/import/".count))
        let kept = app.folder.url.appendingPathComponent("tmp/imports/\(token).upload")
        #expect(FileManager.default.fileExists(atPath: kept.path))
        #expect(((try FileManager.default.attributesOfItem(atPath: kept.path))[.posixPermissions] as? Int) == 0o600)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7_200)], ofItemAtPath: kept.path)
        let expired = try app.client.get(first, headers: Self.html)
        #expect(expired.status == 404 && expired.text.contains("no longer kept"))

        let second = try #require(try upload(app, "/import", file: file).header("Location"))
        #expect(!FileManager.default.fileExists(atPath: kept.path), "expired files are removed when another is kept")
        let discarded = try app.client.pageForm(second + "/discard", [], headers: Self.html)
        #expect(discarded.status == 303 && discarded.header("Location") == "/import")
        #expect(try app.client.get(second, headers: Self.html).status == 404)

        for bogus in ["/import/..%2F..%2Fhomepwner.sqlite", "/import/0123456789ABCDEF0123456789ABCDEF", "/import/abc"] {
            #expect(try app.client.get(bogus, headers: Self.html).status != 200, "\(bogus)")
        }
    }

    @Test func keptUploadsAreCappedInBytesTheOldestMakingRoom() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-pending-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var pending = PendingImports(folder: folder)
        pending.maxKeptBytes = 100
        let first = try pending.keep([UInt8](repeating: 1, count: 60), name: "first.zip")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-10)],
                                              ofItemAtPath: folder.appendingPathComponent("\(first).upload").path)
        let second = try pending.keep([UInt8](repeating: 2, count: 60), name: "second.zip")
        #expect(pending.upload(first) == nil, "the older upload made room")
        #expect(pending.upload(second)?.name == "second.zip")
    }

    @Test func anUploadWithoutAFileSaysWhatToDo() throws {
        let app = try TestApp()
        let response = try upload(app, "/import", file: nil)
        #expect(response.status == 400 && response.text.contains("Choose the file to import"))
    }

    @Test func thePlacesPageAndAnEmptyListLinkToTheImport() throws {
        let app = try TestApp()
        #expect(try app.client.get("/locations", headers: Self.html).text.contains("href=\"/import\""))
        #expect(try app.client.get("/", headers: Self.html).text.contains("Or import them from Homebox"))
    }
}
