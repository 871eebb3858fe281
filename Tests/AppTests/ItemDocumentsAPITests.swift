import Foundation
import HTTPTestClient
import Inventory
import Imaging
import PDFPreview
import Testing
import ToolRunner

/// `/api/v1/items/{id}/documents…`: receipts and manuals kept byte for byte, sniffed, limited, and
/// never served as a page of our origin.
@Suite struct ItemDocumentsAPITests {
    typealias F = ItemImageFixtures
    static let documentKeys: Set<String> = ["id", "kind", "name", "contentType", "size", "sha256", "url", "thumbnailURL"]

    static func upload(_ app: ItemImageTestApp, to id: Int64, _ bytes: [UInt8], query: String, contentType: String = "application/octet-stream") throws -> TestResponse {
        try app.client.send("POST", "/api/v1/items/\(id)/documents?\(query)", headers: ["Content-Type": contentType], body: bytes)
    }

    static func add(_ app: ItemImageTestApp, to id: Int64, _ bytes: [UInt8], kind: String = "receipt", name: String = "Receipt") throws -> ItemDocumentModel {
        let escaped = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
        let response = try upload(app, to: id, bytes, query: "kind=\(kind)&name=\(escaped)")
        guard response.status == 201 else { throw TestAppError("POST documents answered \(response.status): \(response.text)") }
        return try response.decode(ItemDocumentModel.self)
    }

    static func documentFolders(_ app: ItemImageTestApp) -> Set<String> {
        let root = app.folder.url.appendingPathComponent("documents").path
        let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        return Set(paths.filter { $0.split(separator: "/").count == 2 }.map { String($0.split(separator: "/")[1]) })
    }

    @Test func aPDFIsKeptByteForByteWithAThumbnailOfItsFirstPage() throws {
        let app = try ItemImageTestApp()
        let id = try app.createItem("Television").id
        let pdf = SamplePDF.make(pages: 2)
        let response = try Self.upload(app, to: id, pdf, query: "kind=receipt&name=Till%20receipt.pdf", contentType: "application/pdf")
        #expect(response.status == 201, "\(response.text)")
        #expect(Set(try #require(response.json as? [String: Any]).keys) == Self.documentKeys)
        let document = try response.decode(ItemDocumentModel.self)
        #expect(document.kind == "receipt" && document.name == "Till receipt.pdf" && document.contentType == "application/pdf")
        let sha256 = try ToolRun.sha256sum(pdf)
        #expect(document.size == pdf.count && document.sha256 == sha256)
        let file = try app.client.get(document.url)
        #expect(file.status == 200 && file.body == pdf)
        #expect(file.header("Content-Type") == "application/pdf")
        #expect(file.header("Content-Disposition") == "attachment; filename=\"Till receipt.pdf\"; filename*=UTF-8''Till%20receipt.pdf")
        #expect(file.header("X-Content-Type-Options") == "nosniff")
        #expect(file.header("Content-Security-Policy") == "sandbox; default-src 'none'")
        let thumbnail = try app.client.get(try #require(document.thumbnailURL))
        #expect(thumbnail.status == 200 && thumbnail.header("Content-Type") == "image/png")
        let picture = try RasterImage.decode(thumbnail.body)
        #expect(picture.height == 256 && picture.width == 181)
        #expect(picture.pixel(x: 90, y: 20).prefix(3).allSatisfy { $0 < 40 }, "the page's black bar is drawn")
        #expect(try ItemPhotosAPITests.item(app, id).documents == [document])
    }

    @Test func aRealPDFFromElsewhereIsKept() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/public/pillow/trailer_loop.pdf")))
        let app = try ItemImageTestApp()
        let document = try Self.add(app, to: try app.createItem("Scan").id, bytes, kind: "other", name: "Scan")
        #expect(try app.client.get(document.url).body == bytes)
    }

    @Test func aDamagedPDFIsKeptWithoutAThumbnail() throws {
        let app = try ItemImageTestApp()
        let pdf = SamplePDF.make()
        let damaged = Array(pdf.prefix(pdf.count / 3))
        let document = try Self.add(app, to: try app.createItem("Fridge").id, damaged, kind: "warranty", name: "Warranty")
        #expect(document.thumbnailURL == nil && document.contentType == "application/pdf")
        #expect(try app.client.get(document.url).body == damaged)
    }

    @Test func imagesAndTextAreKeptTooAndAnImageGetsAThumbnail() throws {
        let app = try ItemImageTestApp()
        let id = try app.createItem("Sofa").id
        let photo = try F.bytes("photo-1.jpg")
        let scan = try Self.add(app, to: id, photo, kind: "appraisal", name: "Appraisal scan")
        #expect(scan.contentType == "image/jpeg")
        let thumbnail = try app.client.get(try #require(scan.thumbnailURL))
        #expect(thumbnail.header("Content-Type") == "image/jpeg")
        #expect(try RasterImage.decode(thumbnail.body).width == 256)
        let text = Array("Sofa, 3 seats. Paid £1,299 — thank you!\n".utf8)
        let note = try Self.add(app, to: id, text, kind: "other", name: "Note from the shop")
        #expect(note.contentType == "text/plain; charset=utf-8" && note.thumbnailURL == nil)
        #expect(try app.client.get(note.url).body == text)
    }

    /// In UTF-8 as given, but for what a file system refuses (Windows: `"`), and as an ASCII stand-in.
    @Test func aNameIsSentBackInTheDownload() throws {
        let app = try ItemImageTestApp()
        let name = "Reçu \"final\"; 100% €.txt"
        let document = try Self.add(app, to: try app.createItem("Oven").id, Array("paid\n".utf8), name: name)
        #expect(document.name == name)
        let disposition = try #require(try app.client.get(document.url).header("Content-Disposition"))
        #expect(disposition == "attachment; filename=\"Re_u final _ 100_ _.txt\"; filename*=UTF-8''Re%C3%A7u%20final%20%3B%20100%25%20%E2%82%AC.txt")
    }

    /// What a browser could run as a page of our site is refused, whatever it is sent as; text that
    /// merely mentions markup is kept, and served as an inert download.
    @Test(arguments: [
        ("HTML sent as text", "text/plain", "<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>"),
        ("HTML after blank lines", "text/plain", "\n\n  <html><img src=x onerror=alert(1)></html>"),
        ("SVG", "image/svg+xml", "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>"),
        ("XML", "application/xml", "\u{FEFF}<?xml version=\"1.0\"?><x/>"),
    ])
    func markupIsRefused(label: String, contentType: String, body: String) throws {
        // An API client with a token may POST text/plain (no other site's page can add the token).
        let secured = try SecuredApp()
        let client = try secured.token(for: "eddie")
        let id = try #require(try client.json("POST", "/api/v1/items", ["name": "Laptop"]).json as? [String: Any]).id
        let response = try client.send("POST", "/api/v1/items/\(id)/documents?kind=receipt&name=r.txt", headers: ["Content-Type": contentType],
                                       body: Array(body.utf8))
        #expect(response.status == 415, "\(label): \(response.text)")
        #expect(response.errorCode == "unsupported-document-type")
        #expect(response.errorMessage?.contains("PDF") == true && response.errorMessage?.contains("plain UTF-8 text") == true)
        #expect(try secured.app.items.item(id: Item.ID(id)).documents.isEmpty)
        let folder = secured.folder.appendingPathComponent("documents").path
        #expect(((FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []).isEmpty)
    }

    @Test(arguments: [
        ("an ELF program", [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] as [UInt8]),
        ("a zip archive", Array("PK\u{03}\u{04}".utf8) + [0, 0, 0, 0]),
        ("text with a NUL", Array("abc\u{0}def".utf8)),
        ("Latin-1 text", [0x63, 0x61, 0x66, 0xE9]),
    ])
    func otherFilesAreRefused(label: String, bytes: [UInt8]) throws {
        let app = try ItemImageTestApp()
        let response = try Self.upload(app, to: try app.createItem("Drill").id, bytes, query: "name=x")
        #expect(response.status == 415, "\(label): \(response.text)")
    }

    @Test func textThatMentionsMarkupIsKeptAndServedInert() throws {
        let app = try ItemImageTestApp()
        let text = Array("Order 1234\n<script>alert(1)</script>\n".utf8)
        let document = try Self.add(app, to: try app.createItem("Phone").id, text, name: "order.html")
        let file = try app.client.get(document.url)
        #expect(file.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(file.header("Content-Disposition")?.hasPrefix("attachment;") == true)
        #expect(file.header("Content-Security-Policy") == "sandbox; default-src 'none'")
        #expect(file.header("X-Content-Type-Options") == "nosniff")
    }

    @Test func namesAndKindsThatBreakARuleAreNamed() throws {
        let app = try ItemImageTestApp()
        let id = try app.createItem("Desk").id
        let cases: [(String, String, String)] = [
            ("kind=receipt", "name", "required"),
            ("kind=receipt&name=%20%20", "name", "empty"),
            ("kind=receipt&name=" + String(repeating: "a", count: 201), "name", "200"),
            ("kind=receipt&name=two%0Alines", "name", "line breaks"),
            ("kind=invoice&name=Invoice", "kind", "invoice"),
        ]
        for (query, field, says) in cases {
            let response = try Self.upload(app, to: id, Array("paid\n".utf8), query: query)
            #expect(response.status == 422 && response.errorCode == "invalid-document", "\(query): \(response.text)")
            #expect(response.apiError?.fields?[field]?.contains(says) == true, "\(query): \(response.text)")
        }
        #expect(try Self.add(app, to: id, Array("paid\n".utf8), name: String(repeating: "a", count: 200)).name.count == 200)
        // Without a kind, it is "other".
        let plain = try Self.upload(app, to: id, Array("paid\n".utf8), query: "name=Note")
        #expect(try plain.decode(ItemDocumentModel.self).kind == "other")
        #expect(try Self.upload(app, to: id, [], query: "name=Empty").errorCode == "empty-body")
    }

    @Test func aDocumentOverTheLimitIsRefusedNamingTheLimit() throws {
        let app = try ItemImageTestApp()
        let id = try app.createItem("Piano").id
        var big = Array("%PDF-1.7\n".utf8)
        big += [UInt8](repeating: 0x20, count: 25_000_001 - big.count)
        let response = try Self.upload(app, to: id, big, query: "kind=manual&name=Manual")
        #expect(response.status == 413)
        #expect(response.errorMessage?.contains("25 MB") == true, "\(response.errorMessage ?? "")")
        #expect(try ItemPhotosAPITests.item(app, id).documents.isEmpty && Self.documentFolders(app).isEmpty)
    }

    @Test func deletingDocumentsAndItemsRemovesFilesNobodyUses() throws {
        let app = try ItemImageTestApp()
        let (tv, radio) = (try app.createItem("TV").id, try app.createItem("Radio").id)
        let receipt = SamplePDF.make()
        let first = try Self.add(app, to: tv, receipt)
        let second = try Self.add(app, to: radio, receipt, name: "Same receipt")
        let manual = try Self.add(app, to: tv, Array("Press play.\n".utf8), kind: "manual", name: "Manual")
        #expect(Self.documentFolders(app) == [first.sha256, manual.sha256])
        #expect(try app.client.send("DELETE", "/api/v1/items/\(tv)/documents/\(first.id)").status == 204)
        #expect(Self.documentFolders(app) == [first.sha256, manual.sha256], "the radio still has the receipt")
        #expect(try app.client.get(first.url).status == 404)
        #expect(try app.client.get(second.url).body == receipt)
        #expect(try app.client.send("DELETE", "/api/v1/items/\(tv)").status == 204)
        #expect(Self.documentFolders(app) == [second.sha256])
        #expect(try app.client.send("DELETE", "/api/v1/items/\(radio)/documents/\(second.id)").status == 204)
        #expect(Self.documentFolders(app).isEmpty)
        let missing = try app.client.send("DELETE", "/api/v1/items/\(radio)/documents/\(second.id)")
        #expect(missing.status == 404 && missing.errorCode == "document-not-found")
    }
}
