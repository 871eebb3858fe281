@testable import App
import Foundation
import HomeboxBackupFixture
import HTTPTestClient
import Imaging
import PDFPreview
import Testing

/// A Homebox backup zip through the one import door, as the API and the pages take it; and every
/// hostile zip refused there with a clear message and nothing written.
@Suite struct HomeboxBackupImportAPITests {
    static let zipHeaders = ["Content-Type": "application/zip"]
    static let photo = try! SamplePhoto.jpeg(emoji: "🛠", width: 320, height: 240, colors: ([200, 80, 40], [40, 80, 200]))
    static let receipt = SamplePDF.receipt(lines: ["Hardware Store", "Cordless drill  129.99"])

    /// A small backup: a drill in the garage with one photo and one receipt.
    static func backup(_ edit: (inout HomeboxBackupFixture, String) -> Void = { _, _ in }) -> HomeboxBackupFixture {
        var backup = HomeboxBackupFixture()
        let drill = backup.item("Cordless Drill", in: backup.location("Garage"), ["manufacturer": "Makita", "purchase_price": 129.99])
        backup.attachment("photo", title: "drill.jpg", mimeType: "image/jpeg", photo, primary: true, on: drill)
        backup.attachment("receipt", title: "receipt.pdf", mimeType: "application/pdf", receipt, on: drill)
        edit(&backup, drill)
        return backup
    }

    private func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    /// Nothing of an import is left: no item, place, stored photo or document, no unpacked or uploaded file.
    static func expectNothingWritten(_ app: TestApp, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try app.items().isEmpty, "\(label)", sourceLocation: sourceLocation)
        #expect(try app.client.get("/api/v1/locations").text == "[]", "\(label)", sourceLocation: sourceLocation)
        let manager = FileManager.default
        for folder in ["images", "documents", "tmp"] {
            let root = app.folder.url.appendingPathComponent(folder).path
            let files = ((try? manager.subpathsOfDirectory(atPath: root)) ?? []).filter { path in
                var isFolder: ObjCBool = false
                return manager.fileExists(atPath: "\(root)/\(path)", isDirectory: &isFolder) && !isFolder.boolValue
            }
            #expect(files.isEmpty, "\(label): \(folder) holds \(files)", sourceLocation: sourceLocation)
        }
    }

    @Test func aBackupIsPreviewedThenImportedWithItsPhotoAndReceipt() throws {
        let app = try TestApp()
        let zip = try Self.backup().bytes(in: app.folder.url)
        let preview = try app.client.send("POST", "/api/v1/import?dryRun=1", headers: Self.zipHeaders, body: zip)
        #expect(preview.status == 200, "\(preview.text)")
        let previewed = try json(preview)
        #expect(previewed["format"] as? String == "homebox-zip" && previewed["rows"] as? Int == 1 && previewed["added"] as? Int == 1)
        #expect(previewed["photos"] as? Int == 1 && previewed["documents"] as? Int == 1 && previewed["newLocations"] as? [String] == ["Garage"])
        try Self.expectNothingWritten(app, "a preview")

        let imported = try json(try app.client.send("POST", "/api/v1/import", headers: Self.zipHeaders, body: zip))
        #expect(imported["dryRun"] as? Bool == false && imported["added"] as? Int == 1 && imported["photos"] as? Int == 1)
        let drill = try #require(try app.items().first)
        #expect(drill.name == "Cordless Drill" && drill.photos.count == 1 && drill.documents.map(\.kind) == ["receipt"])
        #expect(try app.client.get(drill.photos[0].originalURL).body == Self.photo)
        #expect(try app.client.get(drill.documents[0].url).body == Self.receipt && drill.documents[0].name == "receipt.pdf")
    }

    @Test func thePagesPreviewABackupWithItsPhotosAndDocumentsThenImportIt() throws {
        let app = try TestApp()
        let (token, cookie) = try app.client.pageFormToken()
        let boundary = "----homepwner-import-\(UUID().uuidString)"
        let body = ItemImageFixtures.multipart(boundary: boundary, [("csrf", nil, nil, Array(token.utf8)),
                                                                    ("file", "homebox-backup.zip", "application/zip", try Self.backup().bytes(in: app.folder.url))])
        let uploaded = try app.client.send("POST", "/import", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)", "Cookie": cookie,
                                                                        "Accept": "text/html"], body: body)
        let previewURL = try #require(uploaded.header("Location"))
        let preview = try app.client.get(previewURL, headers: ["Accept": "text/html"]).text
        for expected in ["homebox-backup.zip", "A Homebox backup (v0.26 and later)", "data-count=\"photos\"", "Photos to add", "Documents to add",
                         "Import 1 Item"] {
            #expect(preview.contains(expected), "\(expected)")
        }
        let page = try #require(start(of: "data-count=\"photos\"", in: preview))
        #expect(page.contains("<dd>1</dd>"))
        let imported = try app.client.pageForm(previewURL, [], headers: ["Accept": "text/html"])
        #expect(imported.header("Location") == "/import?added=1&updated=0&locations=1&tags=0&photos=1&documents=1")
        #expect(try app.client.get(imported.header("Location") ?? "", headers: ["Accept": "text/html"]).text
            .contains("Added 1 item, with 1 photo and 1 document; made 1 place."))
        #expect(try app.items().first?.photos.count == 1)
    }

    /// The text from `marker` on, a little of it.
    private func start(of marker: String, in text: String) -> String? {
        text.range(of: marker).map { String(text[$0.lowerBound...].prefix(200)) }
    }

    static let archiveFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ArchiveTests/Fixtures")

    @Test func hostileZipsAreRefusedWithAClearMessageAndNothingIsWritten() throws {
        let app = try TestApp()
        let readme = app.folder.url.appendingPathComponent("readme.zip").path
        try HomeboxBackupFixture.zip([("readme.txt", Array("hello".utf8))], to: readme)
        var cases: [(String, [UInt8], String)] = try [
            ("bomb.zip", "as a zip bomb does"), ("lying-bomb.zip", "as a zip bomb does"), ("dotdot.zip", "climbs out of its folder"),
            ("dotdot-inside.zip", "climbs out of its folder"), ("absolute.zip", "is an absolute path"), ("symlink.zip", "a symbolic link"),
            ("device.zip", "a device, FIFO or socket"), ("duplicate.zip", "twice"),
        ].map { name, expected in (name, try [UInt8](Data(contentsOf: Self.archiveFixtures.appendingPathComponent(name))), expected) }
        cases.append(("a zip of something else", try [UInt8](Data(contentsOf: URL(fileURLWithPath: readme))), "neither homepwner.json"))
        cases.append(("a backup missing a file", try Self.backup { backup, drill in
            backup.attachment("manual", title: "manual.pdf", mimeType: "application/pdf", nil, on: drill)
        }.bytes(in: app.folder.url), "is not in the zip"))
        cases.append(("a backup whose photo is a PDF", try Self.backup { backup, drill in
            backup.attachment("photo", title: "scan.jpg", mimeType: "image/jpeg", Self.receipt, on: drill)
        }.bytes(in: app.folder.url), "“scan.jpg” of “Cordless Drill” is not a photo Homepwner can use"))
        cases.append(("a backup whose receipt is HTML", try Self.backup { backup, drill in
            backup.attachment("receipt", title: "r.html", mimeType: "text/html", Array("<html><script>x</script>".utf8), on: drill)
        }.bytes(in: app.folder.url), "not a kind of file Homepwner keeps as a document"))
        try FileManager.default.removeItem(atPath: readme)
        for (label, zip, expected) in cases {
            let preview = try app.client.send("POST", "/api/v1/import?dryRun=1", headers: Self.zipHeaders, body: zip)
            #expect(preview.status == 200 && preview.text.contains(expected), "\(label) preview: \(preview.text.prefix(400))")
            let refused = try app.client.send("POST", "/api/v1/import", headers: Self.zipHeaders, body: zip)
            #expect(refused.status == 422 && refused.errorCode == "invalid-import", "\(label): \(refused.status)")
            #expect(refused.errorMessage?.contains(expected) == true || refused.text.contains(expected), "\(label): \(refused.text.prefix(400))")
            #expect(refused.errorMessage?.contains("Nothing was imported") == true, "\(label): \(refused.errorMessage ?? "")")
            try Self.expectNothingWritten(app, label)
        }
    }

    @Test func aZipTooLargeIsRefusedBeforeItIsReadAndTheLimitIsNamed() throws {
        let app = try TestApp()
        let head = "POST /api/v1/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/zip\r\nContent-Length: 1000000001\r\n\r\n"
        let response = try app.client.sendRaw(Array(head.utf8), timeout: 5)
        #expect(response.status == 413 && response.errorMessage?.contains("1 GB") == true, "\(response.text)")
        // The Import page says so before a file is chosen.
        #expect(try app.client.get("/import", headers: ["Accept": "text/html"]).text.contains("Up to 1 GB"))
    }
}
