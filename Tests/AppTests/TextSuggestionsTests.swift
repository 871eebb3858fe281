import Foundation
import HTTPTestClient
import PDFPreview
import Testing

/// What is printed on a serial plate photo and on a receipt attached to an item, read by tesseract
/// in the background and offered as suggestions (the same API and page as codes), searchable.
@Suite struct TextSuggestionsTests {
    static let capture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/public/capture")

    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: capture.appendingPathComponent(name)))
    }

    static func addPhoto(_ app: TestApp, to id: Int64, _ bytes: [UInt8], kind: String) throws -> Int64 {
        let response = try app.client.send("POST", "/api/v1/items/\(id)/photos?kind=\(kind)", headers: ["Content-Type": "image/jpeg"], body: bytes)
        guard response.status == 201 else { throw TestAppError("POST photos answered \(response.status): \(response.text)") }
        return try #require((response.json as? [String: Any])?.id)
    }

    static func addReceipt(_ app: TestApp, to id: Int64, _ bytes: [UInt8], type: String) throws -> Int64 {
        let response = try app.client.send("POST", "/api/v1/items/\(id)/documents?kind=receipt&name=Receipt", headers: ["Content-Type": type], body: bytes)
        guard response.status == 201 else { throw TestAppError("POST documents answered \(response.status): \(response.text)") }
        return try #require((response.json as? [String: Any])?.id)
    }

    static func value(_ read: SuggestionsTests.Suggestions, _ field: String) -> String? {
        read.suggestions.first { $0.field == field }?.value
    }

    @Test func aSerialPlatePhotoIsReadForSerialModelAndBrandAndTheSerialIsSearchable() throws {
        let app = try TestApp()
        let id = try app.createItem("Heat pump").id
        let photoID = try Self.addPhoto(app, to: id, try Self.bytes("plates/synthetic-plate-07.jpg"), kind: "serial")
        let read = try SuggestionsTests.suggestions(app, of: id)
        #expect(Self.value(read, "serialNumber") == "8283337497")
        #expect(Self.value(read, "model") == "HK 1/57-7 B")
        #expect(Self.value(read, "brand") == "SUNBRAE")
        let serial = try #require(read.suggestions.first { $0.field == "serialNumber" })
        #expect(serial.source == .init(photoId: photoID, documentId: nil, assetId: nil))
        let region = try #require(serial.region)
        #expect(region.width > 0 && region.width < 1 && region.height > 0 && region.height < 0.5)
        // Never saved by itself; the search finds the serial seen only on the photo.
        #expect(try app.item(id)?.serialNumber == "")
        #expect(try app.client.get("/api/v1/items?q=8283337497", as: [ItemModel].self).map(\.id) == [id])
        // The item page shows it with the part of the photo it was read on.
        let page = try app.client.get("/items/\(id)", headers: ["Accept": "text/html"]).text
        #expect(page.contains("8283337497") && page.contains("suggestion-crop"))
    }

    @Test func aPhotoNotMarkedAsTheSerialPlateIsNotReadForText() throws {
        let app = try TestApp()
        let id = try app.createItem("Heat pump").id
        _ = try Self.addPhoto(app, to: id, try Self.bytes("plates/synthetic-plate-07.jpg"), kind: "general")
        // (The plate's barcode is still read, as on every photo.)
        #expect(try SuggestionsTests.suggestions(app, of: id).suggestions.allSatisfy { $0.field == "barcode" })
    }

    @Test func aDraftsPhotoIsReadForThePlateItShowsThoughNotMarkedAsOne() throws {
        let app = try TestApp()
        let room = try #require((try app.client.json("POST", "/api/v1/locations", ["name": "Utility room"]).json as? [String: Any])?.id)
        let made = try app.client.send("POST", "/api/v1/locations/\(room)/drafts", headers: ["Content-Type": "image/jpeg"],
                                       body: try Self.bytes("plates/synthetic-plate-07.jpg"))
        #expect(made.status == 201, "\(made.text)")
        let draft = try #require((made.json as? [String: Any])?.id)
        let read = try SuggestionsTests.suggestions(app, of: draft)
        #expect(Self.value(read, "serialNumber") == "8283337497")
        #expect(Self.value(read, "brand") == "SUNBRAE")
    }

    @Test func aReceiptImageAndAPDFReceiptAreReadForShopDateAndTotal() throws {
        let app = try TestApp()
        let id = try app.createItem("Drill").id
        let scan = try Self.addReceipt(app, to: id, try Self.bytes("receipts/own-receipt-us.png"), type: "image/png")
        let read = try SuggestionsTests.suggestions(app, of: id)
        #expect(Self.value(read, "purchaseDate") == "2024-03-04")
        #expect(Self.value(read, "purchasePrice") == "86.20")
        #expect(read.suggestions.allSatisfy { $0.source == .init(photoId: nil, documentId: scan, assetId: nil) })

        let other = try app.createItem("Saw").id
        let pdf = SamplePDF.receipt(lines: ["Harbour Hardware Ltd", "Date: 14.03.2024", "Cordless drill   899.00", "Total   EUR 1.234,50"])
        let typed = try Self.addReceipt(app, to: other, pdf, type: "application/pdf")
        let fromText = try SuggestionsTests.suggestions(app, of: other)
        #expect(Self.value(fromText, "purchaseDate") == "2024-03-14")
        #expect(Self.value(fromText, "purchasePrice") == "1234.50")
        #expect(fromText.suggestions.allSatisfy { $0.source.documentId == typed })
        // Use puts the date into the item.
        let used = try app.client.pageForm("/items/\(other)/suggestions/use", [("field", "purchaseDate"), ("value", "2024-03-14")])
        #expect(used.status == 303, "\(used.text)")
    }
}
