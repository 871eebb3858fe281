import Foundation
import HTTPTestClient
import Imaging
import Testing
import ToolRunner

/// `/api/v1/items/{id}/photos…`: several photos per item, as a client adds, describes, orders and
/// deletes them, and the single-photo API working on the primary.
@Suite struct ItemPhotosAPITests {
    typealias F = ItemImageFixtures
    /// Uploads say what they send: without accounts, a body of no type (or a form's, or text) needs
    /// the page's token, since another site's page could POST one.
    static let jpeg = ["Content-Type": "image/jpeg"]

    static func addPhoto(_ app: ItemImageTestApp, to id: Int64, _ bytes: [UInt8], kind: String? = nil) throws -> ItemPhotoModel {
        let response = try app.client.send("POST", "/api/v1/items/\(id)/photos" + (kind.map { "?kind=\($0)" } ?? ""),
                                           headers: ["Content-Type": "image/jpeg"], body: bytes)
        guard response.status == 201 else { throw TestAppError("POST photos answered \(response.status): \(response.text)") }
        return try response.decode(ItemPhotoModel.self)
    }

    static func item(_ app: ItemImageTestApp, _ id: Int64) throws -> ItemModel {
        try app.client.get("/api/v1/items/\(id)", as: ItemModel.self)
    }

    @Test func addedPhotosAreListedInOrderAndTheFirstIsTheImage() throws {
        let app = try ItemImageTestApp()
        let id = try app.createItem("Camera").id
        let bytes = try F.bytes("photo-1.jpg")
        let first = try Self.addPhoto(app, to: id, bytes)
        #expect(first.kind == "general")
        #expect(first.width == 1600 && first.height == 1200 && first.contentType == "image/jpeg")
        let hash = try ToolRun.sha256sum(bytes)
        #expect(first.thumbnailURL == "/images/\(hash)/thumb-80.jpg" && first.originalURL == "/images/\(hash)/original.jpg")
        #expect(try app.client.get(first.originalURL).body == bytes)
        let serial = try Self.addPhoto(app, to: id, try F.picture(), kind: "serial")
        #expect(serial.kind == "serial")
        let item = try Self.item(app, id)
        #expect(item.photos == [first, serial])
        #expect(item.image == ItemImageModel(width: first.width, height: first.height, contentType: first.contentType,
                                             thumbnailURL: first.thumbnailURL, screenURL: first.screenURL, originalURL: first.originalURL))
        // The list says the same.
        let list = try app.client.get("/api/v1/items", as: [ItemModel].self)
        #expect(list.first?.photos == [first, serial])
    }

    @Test func aLibraryPhotoCanBeAddedAsACopy() throws {
        let library = try LibraryTestApp.standard()
        let lisbon = try #require(try library.group("Lisbon", kind: "album").string("id"))
        let assetID = try #require(try library.assets(lisbon).first?.string("id"))
        let item = try library.client.json("POST", "/api/v1/items", ["name": "Tram ticket"])
        let id = try #require((item.json as? [String: Any])?.id)
        let response = try library.client.json("POST", "/api/v1/items/\(id)/photos?kind=closeup", ["assetId": assetID])
        #expect(response.status == 201, "\(response.text)")
        let photo = try response.decode(ItemPhotoModel.self)
        #expect(photo.kind == "closeup")
        #expect(try library.client.get(photo.thumbnailURL).status == 200)
    }

    @Test func orderingChoosesThePrimaryAndDeletingThePrimaryPromotesTheNext() throws {
        let app = try ItemImageTestApp()
        let id = try app.createItem("Bike").id
        let photos = try (1...3).map { seed in try Self.addPhoto(app, to: id, try F.picture(width: 40 + seed, height: 30)) }
        let response = try app.client.json("PUT", "/api/v1/items/\(id)/photos/order", ["ids": [photos[2].id, photos[0].id, photos[1].id]])
        #expect(response.status == 200, "\(response.text)")
        let ordered = try response.decode(ItemModel.self)
        #expect(ordered.photos.map(\.id) == [photos[2].id, photos[0].id, photos[1].id])
        #expect(ordered.image?.width == 43)
        #expect(try app.client.send("DELETE", "/api/v1/items/\(id)/photos/\(photos[2].id)").status == 204)
        let after = try Self.item(app, id)
        #expect(after.photos.map(\.id) == [photos[0].id, photos[1].id])
        #expect(after.image?.width == 41, "the next photo is the primary")
        // The single-photo API works on the primary: DELETE removes it, PUT replaces it.
        let removed = try app.client.send("DELETE", "/api/v1/items/\(id)/image").decode(ItemModel.self)
        #expect(removed.photos.map(\.id) == [photos[1].id] && removed.image?.width == 42)
        let replaced = try app.putImage(id, try F.picture(width: 50, height: 30))
        #expect(replaced.status == 200)
        let now = try replaced.decode(ItemModel.self)
        #expect(now.photos.count == 1 && now.image?.width == 50)
        let added = try app.putImage(try app.createItem("Empty").id, try F.picture(width: 51, height: 30)).decode(ItemModel.self)
        #expect(added.photos.count == 1 && added.image?.width == 51, "PUT on an item without photos gives it its first")
    }

    @Test func aWrongOrderNamesWhatIsWrongAndChangesNothing() throws {
        let app = try ItemImageTestApp()
        let id = try app.createItem("Lens").id
        let photos = try (1...2).map { seed in try Self.addPhoto(app, to: id, try F.picture(width: 40 + seed, height: 30)) }
        let before = try Self.item(app, id)
        let cases: [(Any, String)] = [
            (["ids": [photos[0].id]], "\(photos[1].id) is missing"),
            (["ids": [photos[0].id, photos[1].id, 999]], "999 is not one of its photos"),
            (["ids": [photos[0].id, photos[1].id, photos[0].id]], "\(photos[0].id) is listed more than once"),
            (["ids": "all"], "{\"ids\""),
            (["ids": [photos[0].id, "x"]], "whole numbers"),
        ]
        for (body, says) in cases {
            let response = try app.client.json("PUT", "/api/v1/items/\(id)/photos/order", body)
            #expect(response.status == 422 && response.errorCode == "invalid-photo-order", "\(body): \(response.text)")
            #expect(response.errorMessage?.contains(says) == true, "\(response.errorMessage ?? "")")
        }
        #expect(try Self.item(app, id) == before)
    }

    @Test func aPhotosKindIsChangedAndABadKindIsNamed() throws {
        let app = try ItemImageTestApp()
        let id = try app.createItem("Watch").id
        let photo = try Self.addPhoto(app, to: id, try F.picture())
        let changed = try app.client.json("PATCH", "/api/v1/items/\(id)/photos/\(photo.id)", ["kind": "serial"])
        #expect(changed.status == 200)
        #expect(try changed.decode(ItemPhotoModel.self).kind == "serial")
        #expect(try Self.item(app, id).photos.first?.kind == "serial")
        let bad = try app.client.json("PATCH", "/api/v1/items/\(id)/photos/\(photo.id)", ["kind": "selfie"])
        #expect(bad.status == 422 && bad.apiError?.code == "invalid-photo" && bad.apiError?.fields?["kind"]?.contains("selfie") == true)
        let badQuery = try app.client.send("POST", "/api/v1/items/\(id)/photos?kind=selfie", headers: Self.jpeg, body: try F.picture())
        #expect(badQuery.status == 422 && badQuery.errorCode == "invalid-photo")
        #expect(try Self.item(app, id).photos.count == 1)
    }

    @Test func photosOfAnotherItemOrNoneAreNotFound() throws {
        let app = try ItemImageTestApp()
        let (a, b) = (try app.createItem("A").id, try app.createItem("B").id)
        let photo = try Self.addPhoto(app, to: a, try F.picture())
        for (method, path) in [("DELETE", "/api/v1/items/\(b)/photos/\(photo.id)"), ("DELETE", "/api/v1/items/\(a)/photos/12345"),
                               ("DELETE", "/api/v1/items/\(a)/photos/x")] {
            let response = try app.client.send(method, path)
            #expect(response.status == 404 && response.errorCode == "photo-not-found", "\(path): \(response.text)")
        }
        let missingItem = try app.client.send("POST", "/api/v1/items/999/photos", headers: Self.jpeg, body: try F.picture())
        #expect(missingItem.status == 404 && missingItem.errorCode == "item-not-found")
        #expect(try Self.item(app, a).photos == [photo])
    }

    @Test func aDamagedOrUnacceptedPhotoAddsNothing() throws {
        let app = try ItemImageTestApp()
        let id = try app.createItem("Lamp").id
        _ = try Self.addPhoto(app, to: id, try F.bytes("photo-2.jpg"))
        let before = try Self.item(app, id)
        let folders = app.imageFolders()
        #expect(try app.client.send("POST", "/api/v1/items/\(id)/photos", headers: Self.jpeg, body: try F.bytes("truncated.jpg")).status == 422)
        #expect(try app.client.send("POST", "/api/v1/items/\(id)/photos", headers: Self.jpeg, body: Array("<svg/>".utf8)).status == 415)
        #expect(try app.client.send("POST", "/api/v1/items/\(id)/photos", headers: Self.jpeg, body: []).status == 400)
        #expect(try Self.item(app, id) == before)
        #expect(app.imageFolders() == folders && app.hiddenEntries().isEmpty)
    }
}
