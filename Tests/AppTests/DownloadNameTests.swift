import Archive
import Foundation
import HTTPTestClient
import PDFPreview
import Testing

/// The name a document is saved under when it is downloaded comes from what its bytes are (the
/// stored type), never from the extension the uploader typed, and holds no bidi or invisible
/// character that could make it read as something else ("invoice‮fdp.exe" shows as "invoiceexe.pdf").
/// The same on every door: the item's file, the adjuster's link, the evidence zip.
@Suite struct DownloadNameTests {
    static func filename(in disposition: String?) -> String? {
        guard let disposition, let range = disposition.range(of: "filename*=UTF-8''") else { return nil }
        return disposition[range.upperBound...].removingPercentEncoding
    }

    @Test(arguments: [
        ("receipt.html", true, "receipt.html.pdf"),
        ("Scan.PDF", true, "Scan.pdf"),
        ("a.js", false, "a.js.txt"),
        ("notes.txt", false, "notes.txt"),
        ("invoice\u{202E}fdp.exe", false, "invoicefdp.exe.txt"),
        ("\u{200B}Bill\u{2066} of sale\u{2069}\u{200F}", false, "Bill of sale.txt"),
        ("..", false, "file.txt"),
    ])
    func aDocumentIsDownloadedUnderItsTypesExtension(name: String, isPDF: Bool, saved: String) throws {
        let app = try ItemImageTestApp()
        let id = try app.createItem("Television").id
        let document = try ItemDocumentsAPITests.add(app, to: id, isPDF ? SamplePDF.make() : Array("paid in full\n".utf8), name: name)
        #expect(document.name == name, "the name itself is kept as given")
        let disposition = try app.client.get(document.url).header("Content-Disposition")
        #expect(Self.filename(in: disposition) == saved, "\(disposition ?? "no Content-Disposition")")
        #expect(disposition?.contains("filename=\"\(saved)\"") == true, "the ASCII name too: \(disposition ?? "")")
    }

    @Test func theAdjustersLinkAndTheEvidenceZipNameItTheSameWay() throws {
        let fixture = try ClaimLinkFixture(accounts: false)
        let camera = fixture.camera.id
        // A plain-text POST carries the page's token, as the item page's script does.
        let (token, cookie) = try fixture.client.pageFormToken()
        let added = try fixture.client.send("POST", "/api/v1/items/\(camera)/documents?kind=other&name=invoice%E2%80%AEfdp.exe",
                                            headers: ["Content-Type": "text/plain", "X-CSRF-Token": token, "Cookie": cookie], body: Array("paid\n".utf8))
        #expect(added.status == 201, "\(added.text)")
        let documentID = try #require((added.json as? [String: Any])?.id)

        let shared = try fixture.client.get(fixture.shared(fixture.tokenA, "/items/\(camera)/documents/\(documentID)"))
        #expect(shared.status == 200)
        #expect(Self.filename(in: shared.header("Content-Disposition")) == "invoicefdp.exe.txt", "\(shared.header("Content-Disposition") ?? "")")

        for url in ["/api/v1/claims/\(fixture.claimA)/evidence.zip", fixture.shared(fixture.tokenA, "/evidence.zip")] {
            let zip = try fixture.client.get(url)
            #expect(zip.status == 200, "\(url)")
            #expect(Data(zip.body).range(of: Data("\u{202E}".utf8)) == nil, "\(url): no right-to-left override anywhere in the archive")
            let manifest = try Self.manifest(of: zip.body)
            let paths = manifest.compactMap { $0["path"] as? String }
            #expect(paths.contains("001 Camera/other-2 invoicefdp.exe.txt"), "\(url): \(paths)")
        }
    }

    /// The rows of an evidence zip's manifest.json.
    static func manifest(of zip: [UInt8]) throws -> [[String: Any]] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("download-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("evidence.zip")
        try Data(zip).write(to: file)
        _ = try ZipReader.extract(zipAt: file.path, into: folder.appendingPathComponent("out").path, limits: .inventory)
        let json = try Data(contentsOf: folder.appendingPathComponent("out/manifest.json"))
        return try #require(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
    }
}
