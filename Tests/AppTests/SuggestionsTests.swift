import Foundation
import HTTPTestClient
import Imaging
import Testing

/// What is printed on an item's photos, read in the background and offered for its fields
/// (`GET /api/v1/items/{id}/suggestions`, the item page's Use and Dismiss), never saved by itself.
@Suite struct SuggestionsTests {
    static let barcodes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/public/capture/barcodes")
    /// A UPC-A on a product photo (zxing-cpp's samples).
    static let upcPhoto = "zxcpp-upca-1-16.webp"
    static let upc = "456314319671"

    struct Suggestions: Decodable, Equatable {
        struct Source: Decodable, Equatable {
            let photoId: Int64?
            let documentId: Int64?
            let assetId: String?
        }
        struct Region: Decodable, Equatable {
            let x: Double, y: Double, width: Double, height: Double
        }
        struct Entry: Decodable, Equatable {
            let field: String
            let value: String
            let source: Source
            let region: Region?
        }
        let pending: Bool
        let suggestions: [Entry]
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: barcodes.appendingPathComponent(name)))
    }

    static func addPhoto(_ app: TestApp, to id: Int64, _ bytes: [UInt8], type: String = "image/webp") throws -> Int64 {
        let response = try app.client.send("POST", "/api/v1/items/\(id)/photos", headers: ["Content-Type": type], body: bytes)
        guard response.status == 201 else { throw TestAppError("POST photos answered \(response.status): \(response.text)") }
        return try #require((response.json as? [String: Any])?.id)
    }

    /// The item's suggestions once every photo is read (the wait's limit only stops a hung test).
    static func suggestions(_ app: TestApp, of id: Int64) throws -> Suggestions {
        let deadline = Date().addingTimeInterval(120)
        while true {
            let response = try app.client.get("/api/v1/items/\(id)/suggestions")
            guard response.status == 200 else { throw TestAppError("suggestions answered \(response.status): \(response.text)") }
            let suggestions = try response.decode(Suggestions.self)
            if !suggestions.pending { return suggestions }
            guard Date() < deadline else { throw TestAppError("the photos were still being read after 2 minutes") }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    @Test func aCodeOnAPhotoIsSuggestedForTheBarcodeFieldAndUsedOnlyWhenAsked() throws {
        let app = try TestApp()
        let id = try app.createItem("Blender").id
        let photoID = try Self.addPhoto(app, to: id, try Self.bytes(Self.upcPhoto))
        let read = try Self.suggestions(app, of: id)
        #expect(read.suggestions.map(\.field) == ["barcode"])
        let suggestion = try #require(read.suggestions.first)
        #expect(suggestion.value == Self.upc && suggestion.source == .init(photoId: photoID, documentId: nil, assetId: nil))
        let region = try #require(suggestion.region)
        #expect(region.x >= 0 && region.y >= 0 && region.width > 0.5 && region.x + region.width <= 1 && region.y + region.height <= 1)
        // Never saved by itself.
        #expect(try app.item(id)?.barcode == "")
        // The search field finds the item by the code seen only on its photo.
        let found = try app.client.get("/api/v1/items?q=\(Self.upc)", as: [ItemModel].self)
        #expect(found.map(\.id) == [id])
        // The item page shows it beside the photo, with the part of the photo it came from.
        let page = try app.client.get("/items/\(id)", headers: ["Accept": "text/html"]).text
        #expect(page.contains("Read on a photo") && page.contains(Self.upc) && page.contains("suggestion-crop"))
        // Use fills the field through the item's update; the suggestion is then no longer offered.
        let used = try app.client.pageForm("/items/\(id)/suggestions/use", [("field", "barcode"), ("value", Self.upc)])
        #expect(used.status == 303, "\(used.text)")
        #expect(try app.item(id)?.barcode == Self.upc)
        #expect(try Self.suggestions(app, of: id).suggestions.isEmpty)
    }

    @Test func aDismissedSuggestionStaysDismissedWhenTheCodeIsReadAgain() throws {
        let app = try TestApp()
        let id = try app.createItem("Blender").id
        _ = try Self.addPhoto(app, to: id, try Self.bytes(Self.upcPhoto))
        #expect(try Self.suggestions(app, of: id).suggestions.count == 1)
        let dismissed = try app.client.json("POST", "/api/v1/items/\(id)/suggestions/dismissals", ["field": "barcode", "value": Self.upc])
        #expect(dismissed.status == 204, "\(dismissed.text)")
        #expect(try Self.suggestions(app, of: id).suggestions.isEmpty)
        // Another photo showing the same code is read too: still not offered again, here or after a restart.
        _ = try Self.addPhoto(app, to: id, try Self.bytes(Self.upcPhoto))
        #expect(try Self.suggestions(app, of: id).suggestions.isEmpty)
        let restarted = try app.restarted()
        #expect(!(try Self.suggestions(restarted, of: id)).suggestions.contains { $0.value == Self.upc })
        // Dismissing names a field a suggestion fills.
        let wrong = try restarted.client.json("POST", "/api/v1/items/\(id)/suggestions/dismissals", ["field": "colour", "value": "red"])
        #expect(wrong.status == 422 && wrong.text.contains("barcode"), "\(wrong.text)")
    }

    @Test func dismissingACodeHidesItHoweverItIsWritten() throws {
        let app = try TestApp()
        let id = try app.createItem("Blender").id
        _ = try Self.addPhoto(app, to: id, try Self.bytes(Self.upcPhoto))
        #expect(try Self.suggestions(app, of: id).suggestions.count == 1)
        // Dismissed as the EAN-13 a shop's scanner shows (the UPC-A with a leading 0), with a space.
        let dismissed = try app.client.json("POST", "/api/v1/items/\(id)/suggestions/dismissals", ["field": "barcode", "value": "0\(Self.upc) "])
        #expect(dismissed.status == 204, "\(dismissed.text)")
        #expect(try Self.suggestions(app, of: id).suggestions.isEmpty)
    }

    @Test func aPhotoGoneTakesItsSuggestionsAndItsSearchWordsWithIt() throws {
        let app = try TestApp()
        let id = try app.createItem("Blender").id
        let photoID = try Self.addPhoto(app, to: id, try Self.bytes(Self.upcPhoto))
        #expect(try Self.suggestions(app, of: id).suggestions.count == 1)
        #expect(try app.client.send("DELETE", "/api/v1/items/\(id)/photos/\(photoID)").status == 204)
        #expect(try Self.suggestions(app, of: id).suggestions.isEmpty)
        // The index is made again from what is left (a restart re-reads nothing: the photo is gone).
        let restarted = try app.restarted()
        _ = try restarted.createItem("Toaster")
        let found = try restarted.client.get("/api/v1/items?q=\(Self.upc)", as: [ItemModel].self)
        #expect(found.isEmpty)
    }

    @Test func aPhotoOfVeryManyCodesGivesABoundedListAndAPhotoWithoutCodesNone() throws {
        let app = try TestApp()
        let tile = try RasterImage.decode(try Self.bytes("derived-perspective-qrcode-6-10.png"))
        let side = 10
        let page = RasterImage(width: tile.width * side, height: tile.height * side, bands: 1) { x, y in
            [tile.pixel(x: x % tile.width, y: y % tile.height)[0]]
        }
        let many = try app.createItem("Poster").id
        _ = try Self.addPhoto(app, to: many, try page.encoded(as: ".png"), type: "image/png")
        let manyRead = try Self.suggestions(app, of: many)
        // One text however many times it is printed.
        #expect(manyRead.suggestions.count == 1)
        let none = try app.createItem("Plain").id
        _ = try Self.addPhoto(app, to: none, try Self.bytes("pyzbar-empty.png"), type: "image/png")
        #expect(try Self.suggestions(app, of: none).suggestions.isEmpty)
    }
}
