import Foundation
import HTTPTestClient
import Testing

/// Which suggestions the item page offers and where: a code is a barcode only when it is what a
/// person would type in the field, a value the field already holds is not offered again, and each
/// suggestion sits under the field it fills.
@Suite struct SuggestionFitTests {
    static let capture = SuggestionsTests.barcodes.deletingLastPathComponent()

    static func bytes(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: capture.appendingPathComponent(path)))
    }

    static func addPhoto(_ app: TestApp, to id: Int64, _ path: String, kind: String = "general") throws {
        let type = path.hasSuffix(".png") ? "image/png" : path.hasSuffix(".webp") ? "image/webp" : "image/jpeg"
        let response = try app.client.send("POST", "/api/v1/items/\(id)/photos?kind=\(kind)", headers: ["Content-Type": type], body: try bytes(path))
        guard response.status == 201 else { throw TestAppError("POST photos answered \(response.status): \(response.text)") }
    }

    @Test func aQRCodeOnAPlateOrALinkIsNotOfferedAsABarcodeButAProductCodeIs() throws {
        let app = try TestApp()
        let id = try app.createItem("Washer").id
        // A QR code with the plate's fields ("M:…;S:…"), one with a web address, a PDF417 of a
        // sentence, an Aztec code of a mailto: link: none is what the barcode field holds.
        for photo in ["plates/synthetic-plate-35.jpg", "plates/synthetic-plate-14.jpg",
                      "barcodes/derived-rot180-pdf417-3-04.png", "barcodes/zxcpp-aztec-2-13.webp"] {
            try Self.addPhoto(app, to: id, photo)
        }
        // A Code 128 on a plate and a QR code of one identifier are.
        try Self.addPhoto(app, to: id, "plates/synthetic-plate-07.jpg")
        try Self.addPhoto(app, to: id, "barcodes/derived-perspective-qrcode-6-10.png")
        let read = try SuggestionsTests.suggestions(app, of: id)
        #expect(read.suggestions.filter { $0.field == "barcode" }.map(\.value).sorted() == ["1234567890", "8283337497"])
    }

    @Test func aSuggestionTheFieldAlreadyHoldsAsAPersonWouldWriteItIsNotShown() throws {
        let app = try TestApp()
        let created = try app.client.json("POST", "/api/v1/items", [
            "name": "Heat pump", "serialNumber": "8283 337 497", "brand": "Sunbrae", "model": "hk 1/57-7 b", "barcode": "08283337497",
            "purchasePrice": "86.2", "purchaseDate": "2024-03-04",
        ])
        #expect(created.status == 201, "\(created.text)")
        let id = try #require((created.json as? [String: Any])?.id)
        try Self.addPhoto(app, to: id, "plates/synthetic-plate-07.jpg", kind: "serial")
        let receipt = try app.client.send("POST", "/api/v1/items/\(id)/documents?kind=receipt&name=Receipt", headers: ["Content-Type": "image/png"],
                                          body: try Self.bytes("receipts/own-receipt-us.png"))
        #expect(receipt.status == 201, "\(receipt.text)")
        let held: Set<String> = ["serialNumber", "brand", "model", "purchasePrice", "purchaseDate"]
        let read = try SuggestionsTests.suggestions(app, of: id)
        #expect(read.suggestions.filter { held.contains($0.field) }.map { "\($0.field)=\($0.value)" } == [])
        // They were read: emptied, the fields are offered them again.
        let emptied = try app.client.json("PATCH", "/api/v1/items/\(id)", ["serialNumber": "", "brand": "", "model": "", "barcode": "",
                                                                            "purchasePrice": NSNull(), "purchaseDate": NSNull()])
        #expect(emptied.status == 200, "\(emptied.text)")
        let again = try SuggestionsTests.suggestions(app, of: id).suggestions
        #expect(Set(again.map(\.field)).isSuperset(of: held), "\(again.map { "\($0.field)=\($0.value)" })")
    }

    @Test func eachSuggestionIsShownUnderTheFieldItFills() throws {
        let app = try TestApp()
        let id = try app.createItem("Heat pump").id
        try Self.addPhoto(app, to: id, "plates/synthetic-plate-07.jpg", kind: "serial")
        let read = try SuggestionsTests.suggestions(app, of: id)
        #expect(Set(read.suggestions.map(\.field)).isSuperset(of: ["serialNumber", "model"]))
        // The plate's Code 128 holds the serial: offered as the serial, not as the barcode.
        #expect(!read.suggestions.contains { $0.field == "barcode" && $0.value == "8283337497" })
        let page = try app.client.get("/items/\(id)", headers: ["Accept": "text/html"]).text
        let form = try #require(page.range(of: "<form class=\"item-form"))
        let formEnd = try #require(page.range(of: "</form>", range: form.upperBound..<page.endIndex))
        let inForm = page[form.upperBound..<formEnd.lowerBound]
        // Each under its field: after the field's input, before the next field's.
        for (field, value, next) in [("serialNumber", "8283337497", "item-replacementCost"), ("model", "HK 1/57-7 B", "item-barcode")] {
            let input = try #require(inForm.range(of: "id=\"item-\(field)\""), "\(field)")
            let end = try #require(inForm.range(of: "id=\"\(next)\"", range: input.upperBound..<inForm.endIndex), "\(next)")
            #expect(inForm[input.upperBound..<end.lowerBound].contains(value), "\(field)")
            #expect(inForm[input.upperBound..<end.lowerBound].contains("suggestion-crop"), "\(field)")
        }
        // Use and Dismiss post forms of their own (a form holds no form): their buttons name them.
        #expect(!inForm.contains("<form"))
        let named = HTMLInspection.tags("button", in: String(inForm)).compactMap { HTMLInspection.attribute("form", of: $0) }
        #expect(named.count >= 6)
        for formID in named { #expect(page.contains("<form id=\"\(formID)\"") || page.contains("id=\"\(formID)\""), "\(formID)") }
        #expect(!page.contains("item-suggestions card"))
    }
}
