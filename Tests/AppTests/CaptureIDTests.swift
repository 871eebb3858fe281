import Foundation
import HTTPTestClient
import Inventory
import PDFPreview
import Testing
@testable import App

/// "Never twice" (issue 28): a photo, document, video or draft sent again with the same `Capture-Id` —
/// the outbox's retry after an answer it never saw — is answered as the first was, and stored once.
@Suite struct CaptureIDTests {
    typealias F = ItemImageFixtures

    static func send(_ app: ItemImageTestApp, _ path: String, _ body: [UInt8], type: String = "image/jpeg", capture: String?) throws -> TestResponse {
        var headers = ["Content-Type": type]
        if let capture { headers["Capture-Id"] = capture }
        return try app.client.send("POST", path, headers: headers, body: body)
    }

    @Test func aPhotoSentTwiceWithItsCaptureIdIsStoredOnceAndAnsweredAlike() throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Kettle").id
        let capture = UUID().uuidString
        let photo = try F.picture(width: 60, height: 40)
        let first = try Self.send(app, "/api/v1/items/\(item)/photos", photo, capture: capture)
        let again = try Self.send(app, "/api/v1/items/\(item)/photos", photo, capture: capture)
        #expect(first.status == 201 && again.status == 201, "\(again.text)")
        #expect(first.json as? NSDictionary == again.json as? NSDictionary, "the same photo, described alike")
        #expect(try Self.item(app, item).photos.count == 1)
        // A retry whose body did not even arrive whole is answered from what the first one made.
        let cut = try Self.send(app, "/api/v1/items/\(item)/photos", Array(photo.prefix(10)), capture: capture)
        #expect(cut.status == 201 && cut.json as? NSDictionary == first.json as? NSDictionary, "\(cut.text)")
        // Another capture of the same bytes is another photo, as without an id.
        #expect(try Self.send(app, "/api/v1/items/\(item)/photos", photo, capture: UUID().uuidString).status == 201)
        #expect(try Self.item(app, item).photos.count == 2)
    }

    /// The camera button's photo (the item's main photo, `PUT …/image`) sent twice is the main photo once.
    @Test func aMainPhotoSentTwiceReplacesThePrimaryOnce() throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Kettle").id
        _ = try Self.send(app, "/api/v1/items/\(item)/photos", try F.picture(width: 40, height: 40), capture: nil)
        let capture = UUID().uuidString
        let photo = try F.picture(width: 70, height: 50)
        let headers = ["Content-Type": "image/jpeg", "Capture-Id": capture]
        let first = try app.client.send("PUT", "/api/v1/items/\(item)/image", headers: headers, body: photo)
        let again = try app.client.send("PUT", "/api/v1/items/\(item)/image", headers: headers, body: photo)
        #expect(first.status == 200 && again.status == 200, "\(again.text)")
        #expect(try first.decode(ItemModel.self).image?.width == 70 && first.json as? NSDictionary == again.json as? NSDictionary)
        #expect(try Self.item(app, item).photos.count == 1, "the earlier main photo replaced once, not twice")
        let other = try app.createItem("Toaster").id
        let elsewhere = try app.client.send("PUT", "/api/v1/items/\(other)/image", headers: headers, body: photo)
        #expect(elsewhere.status == 409 && elsewhere.apiError?.code == "capture-id-reused", "\(elsewhere.text)")
    }

    @Test func aDraftADocumentAndAWalkthroughAreEachStoredOnce() throws {
        let app = try ItemImageTestApp()
        let room = try DraftsAPITests.room(app, "Garage")
        let draftCapture = UUID().uuidString
        let photo = try F.picture(width: 50, height: 50)
        let draft = try Self.send(app, "/api/v1/locations/\(room)/drafts", photo, capture: draftCapture)
        let draftAgain = try Self.send(app, "/api/v1/locations/\(room)/drafts", photo, capture: draftCapture)
        #expect(draft.status == 201 && draftAgain.status == 201, "\(draftAgain.text)")
        #expect(draftAgain.header("Location") == draft.header("Location") && draftAgain.header("Location") != nil)
        #expect(try app.client.get("/api/v1/items?draft=1", as: [ItemModel].self).count == 1)

        let item = try app.createItem("Drill").id
        let receipt = SamplePDF.make(pages: 1)
        let documentCapture = "receipt.2026-12-06_1"
        let path = "/api/v1/items/\(item)/documents?kind=receipt&name=Receipt"
        let document = try Self.send(app, path, receipt, type: "application/pdf", capture: documentCapture)
        let documentAgain = try Self.send(app, path, receipt, type: "application/pdf", capture: documentCapture)
        #expect(document.status == 201 && documentAgain.status == 201 && document.json as? NSDictionary == documentAgain.json as? NSDictionary)
        #expect(try Self.item(app, item).documents.count == 1)

        let video = try WalkthroughAPITests.bytes(WalkthroughAPITests.walk)
        let videoCapture = UUID().uuidString
        let walk = try Self.send(app, "/api/v1/locations/\(room)/walkthroughs", video, type: "video/mp4", capture: videoCapture)
        let walkAgain = try Self.send(app, "/api/v1/locations/\(room)/walkthroughs", video, type: "video/mp4", capture: videoCapture)
        #expect(walk.status == 201 && walkAgain.status == 201, "\(walkAgain.text)")
        #expect(walkAgain.header("Location") == walk.header("Location"))
        #expect(try app.app.items.walkthroughs(of: Location.ID(Int64(room))).count == 1)
    }

    @Test func anIdSentElsewhereOrWhatItMadeDeletedIsRefusedAndNothingIsStored() throws {
        let app = try ItemImageTestApp()
        let kettle = try app.createItem("Kettle").id, toaster = try app.createItem("Toaster").id
        let capture = UUID().uuidString
        let photo = try F.picture()
        #expect(try Self.send(app, "/api/v1/items/\(kettle)/photos", photo, capture: capture).status == 201)
        let elsewhere = try Self.send(app, "/api/v1/items/\(toaster)/photos", photo, capture: capture)
        #expect(elsewhere.status == 409 && elsewhere.apiError?.code == "capture-id-reused", "\(elsewhere.text)")
        #expect(elsewhere.apiError?.message.contains("of item \(kettle)") == true)
        #expect(try Self.item(app, toaster).photos.isEmpty == true)

        let photoID = try #require(try Self.item(app, kettle).photos.first?.id)
        #expect(try app.client.send("DELETE", "/api/v1/items/\(kettle)/photos/\(photoID)").status == 204)
        let late = try Self.send(app, "/api/v1/items/\(kettle)/photos", photo, capture: capture)
        #expect(late.status == 409 && late.apiError?.code == "capture-id-reused", "a late retry does not bring a deleted photo back")
        #expect(try Self.item(app, kettle).photos.isEmpty == true)

        for bad in ["", String(repeating: "a", count: 65), "has space", "semi;colon", "é"] {
            let refused = try Self.send(app, "/api/v1/items/\(kettle)/photos", photo, capture: bad)
            #expect(refused.status == 400 && refused.apiError?.code == "invalid-capture-id", "“\(bad)”: \(refused.text)")
        }
        #expect(try Self.item(app, kettle).photos.isEmpty == true)
    }

    static func item(_ app: ItemImageTestApp, _ id: Int64) throws -> ItemModel {
        try app.client.get("/api/v1/items/\(id)", as: ItemModel.self)
    }

    static func files(under folder: URL) -> Set<String> {
        Set(((FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []).filter { $0.split(separator: "/").count == 3 })
    }

    /// Two requests of one capture that both pass the check before the body is read: the second's
    /// transaction finds the first's record, rolls back and leaves no file behind.
    @Test func theSecondOfTwoRacingSendsStoresNothing() throws {
        let app = try ItemImageTestApp()
        let item = Item.ID(try app.createItem("Lamp").id)
        let items = app.app.items
        let capture = try #require(Capture(id: UUID().uuidString, sender: 1))
        let photo = try F.picture(width: 80, height: 60)
        let first = try items.addPhoto(to: item, capture: capture) { photo }
        let other = try F.picture(width: 81, height: 60)
        let filesBefore = Self.files(under: app.folder.url.appendingPathComponent("images"))
        #expect(throws: InventoryError.alreadyCaptured(.photo(first.id, of: item))) {
            _ = try items.addPhoto(to: item, capture: capture) { other }
        }
        #expect(try items.item(id: item).photos.map(\.id) == [first.id])
        #expect(Self.files(under: app.folder.url.appendingPathComponent("images")) == filesBefore, "the second photo's files are gone")
    }
}
