import Foundation
import HTTPTestClient
import PDFPreview
import Testing

/// Photos and documents from the item's page without scripts: several photos in one form, what each
/// shows, which is the main one, deleting; attaching and deleting a receipt.
@Suite struct ItemMediaPageTests {
    typealias F = ItemImageFixtures
    static let html = ["Accept": "text/html,application/xhtml+xml"]

    /// A form post with files, as the page's own forms send it (token and cookie included).
    private func upload(_ app: TestApp, _ path: String, _ parts: [(name: String, filename: String?, type: String?, body: [UInt8])]) throws -> TestResponse {
        let (token, cookie) = try app.client.pageFormToken()
        let boundary = "----homepwner-test-\(UUID().uuidString)"
        let body = F.multipart(boundary: boundary, [(name: "csrf", filename: nil, type: nil, body: Array(token.utf8))] + parts)
        return try app.client.send("POST", path, headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)", "Cookie": cookie,
                                                           "Accept": "text/html"], body: body)
    }

    @Test func severalPhotosAreAddedAtOnceThenDescribedReorderedAndDeleted() throws {
        let app = try TestApp()
        let item = try app.createItem("Camera")
        let added = try upload(app, "/items/\(item.id)/photos", [
            (name: "photos", filename: "front.jpg", type: "image/jpeg", body: try F.bytes("photo-1.jpg")),
            (name: "photos", filename: "plate.jpg", type: "image/jpeg", body: try F.bytes("photo-2.jpg")),
        ])
        #expect(added.status == 303 && added.header("Location") == "/items/\(item.id)#photo-panel", "\(added.text.prefix(300))")
        var stored = try #require(try app.item(item.id))
        #expect(stored.photos.count == 2 && stored.image?.width == stored.photos[0].width)
        let plate = stored.photos[1].id

        #expect(try app.client.pageForm("/items/\(item.id)/photos/\(plate)", [("action", "kind"), ("kind", "serial")]).status == 303)
        #expect(try app.client.pageForm("/items/\(item.id)/photos/\(plate)", [("action", "kind"), ("kind", "serial"), ("action", "primary")]).status == 303)
        stored = try #require(try app.item(item.id))
        #expect(stored.photos.map(\.id).first == plate && stored.photos.first?.kind == "serial")
        #expect(!stored.readiness.gaps.contains("no-close-up"), "a serial-plate photo fills that gap")

        let page = try app.client.get("/items/\(item.id)", headers: Self.html).text
        #expect(page.contains("2 photos") && page.contains("Main · Serial plate"))

        #expect(try app.client.pageForm("/items/\(item.id)/photos/\(plate)", [("action", "delete")]).status == 303)
        #expect(try app.item(item.id)?.photos.count == 1)
    }

    @Test func aReceiptIsAttachedUnderItsNameAndDeleted() throws {
        let app = try TestApp()
        let item = try app.createItem("Camera")
        let pdf = SamplePDF.receipt(lines: ["Camera Shop", "Total $2,499.00"])
        let attached = try upload(app, "/items/\(item.id)/documents", [
            (name: "kind", filename: nil, type: nil, body: Array("receipt".utf8)),
            (name: "documentName", filename: nil, type: nil, body: []),
            (name: "document", filename: "receipt-2021.pdf", type: "application/pdf", body: pdf),
        ])
        #expect(attached.status == 303 && attached.header("Location") == "/items/\(item.id)#documents", "\(attached.text.prefix(300))")
        let stored = try #require(try app.item(item.id))
        let document = try #require(stored.documents.first)
        #expect(document.name == "receipt-2021.pdf" && document.kind == "receipt" && document.thumbnailURL != nil)
        #expect(!stored.readiness.gaps.contains("no-proof-of-value"))
        let page = try app.client.get("/items/\(item.id)", headers: Self.html).text
        #expect(page.contains("receipt-2021.pdf") && page.contains("Receipt · "))
        let file = try app.client.get(document.url)
        #expect(file.body == pdf && file.header("Content-Disposition")?.hasPrefix("attachment") == true)

        #expect(try app.client.pageForm("/items/\(item.id)/documents/\(document.id)/delete", []).status == 303)
        #expect(try app.item(item.id)?.documents.isEmpty == true)
    }

    @Test func anEmptyFormOrAHostileFileIsRefusedSayingWhatToDo() throws {
        let app = try TestApp()
        let item = try app.createItem("Camera")
        let none = try upload(app, "/items/\(item.id)/photos", [])
        #expect(none.status == 400 && none.text.contains("No photos were chosen"))
        let html = try upload(app, "/items/\(item.id)/documents", [
            (name: "document", filename: "receipt.html", type: "text/html", body: Array("<script>alert(1)</script>".utf8)),
        ])
        #expect(html.status == 415)
        #expect(try app.item(item.id)?.documents.isEmpty == true)
    }
}
