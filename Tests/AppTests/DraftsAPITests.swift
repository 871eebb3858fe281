import Foundation
import HTTPTestClient
import Testing
@testable import App

/// Drafts in the JSON API: each photo taken while walking a room becomes an item without a name
/// (`POST /api/v1/locations/{id}/drafts`), listed with `?draft=1`, named with the usual update
/// (which makes it an item like any other), merged into another item, or discarded.
@Suite struct DraftsAPITests {
    typealias F = ItemImageFixtures
    static let jpeg = ["Content-Type": "image/jpeg"]

    static func room(_ app: ItemImageTestApp, _ name: String) throws -> Int {
        let response = try app.client.json("POST", "/api/v1/locations", ["name": name])
        guard response.status == 201, let id = (response.json as? [String: Any])?["id"] as? Int else {
            throw TestAppError("POST locations answered \(response.status): \(response.text)")
        }
        return id
    }

    static func draft(_ app: ItemImageTestApp, in room: Int, _ bytes: [UInt8]) throws -> ItemModel {
        let response = try app.client.send("POST", "/api/v1/locations/\(room)/drafts", headers: jpeg, body: bytes)
        guard response.status == 201 else { throw TestAppError("POST drafts answered \(response.status): \(response.text)") }
        return try response.decode(ItemModel.self)
    }

    @Test func aPhotoInARoomBecomesADraftThatNamingMakesAnItem() throws {
        let app = try ItemImageTestApp()
        let kitchen = try Self.room(app, "Kitchen")
        let named = try app.createItem("Toaster").id
        let response = try app.client.send("POST", "/api/v1/locations/\(kitchen)/drafts", headers: Self.jpeg, body: try F.picture(width: 60, height: 40))
        #expect(response.status == 201, "\(response.text)")
        let draft = try response.decode(ItemModel.self)
        #expect(response.header("Location") == "/api/v1/items/\(draft.id)")
        #expect(draft.draft && draft.name == "" && draft.locationId == Int64(kitchen))
        #expect(draft.photos.count == 1 && draft.image?.width == 60)
        #expect(try app.client.get(try #require(draft.image?.thumbnailURL)).status == 200)
        #expect(draft.readiness.gaps.first == "draft" && !draft.readiness.ready)

        #expect(try app.client.get("/api/v1/items?draft=1", as: [ItemModel].self).map(\.id) == [draft.id])
        #expect(try app.client.get("/api/v1/items?draft=0", as: [ItemModel].self).map(\.id) == [named])
        #expect(try app.client.get("/api/v1/items/\(named)", as: ItemModel.self).draft == false)

        // Another field keeps it a draft; a name makes it an item like any other.
        let described = try app.client.json("PATCH", "/api/v1/items/\(draft.id)", ["brand": "Dualit"]).decode(ItemModel.self)
        #expect(described.draft && described.brand == "Dualit")
        let renamed = try app.client.json("PATCH", "/api/v1/items/\(draft.id)", ["name": "Kettle"])
        #expect(renamed.status == 200, "\(renamed.text)")
        let item = try renamed.decode(ItemModel.self)
        #expect(!item.draft && item.name == "Kettle" && !item.readiness.gaps.contains("draft"))
        #expect(try app.client.get("/api/v1/items?draft=1", as: [ItemModel].self).isEmpty)
        // An empty name is still refused, draft or not.
        #expect(try app.client.json("PATCH", "/api/v1/items/\(draft.id)", ["name": " "]).status == 422)
    }

    @Test func aDraftIsRefusedWithReasonsAndNothingIsStored() throws {
        let app = try ItemImageTestApp()
        let room = try Self.room(app, "Hall")
        let unknown = try app.client.send("POST", "/api/v1/locations/9999/drafts", headers: Self.jpeg, body: try F.picture())
        #expect(unknown.status == 404 && unknown.apiError?.code == "location-not-found", "\(unknown.text)")
        let empty = try app.client.send("POST", "/api/v1/locations/\(room)/drafts", headers: Self.jpeg, body: [])
        #expect(empty.status == 400 && empty.apiError?.code == "empty-body", "\(empty.text)")
        let text = try app.client.send("POST", "/api/v1/locations/\(room)/drafts", headers: Self.jpeg, body: Array("not a photo".utf8))
        #expect(text.status == 415, "\(text.text)")
        #expect(try app.client.get("/api/v1/items", as: [ItemModel].self).isEmpty)
        #expect(app.imageFolders().isEmpty)
    }

    @Test func mergingJoinsTheDraftsPhotosAndTheDraftGoes() throws {
        let app = try ItemImageTestApp()
        let room = try Self.room(app, "Study")
        let a = try Self.draft(app, in: room, try F.picture(width: 61, height: 40))
        let b = try Self.draft(app, in: room, try F.picture(width: 62, height: 40))
        let merged = try app.client.json("POST", "/api/v1/items/\(a.id)/merge", ["into": b.id])
        #expect(merged.status == 200, "\(merged.text)")
        let item = try merged.decode(ItemModel.self)
        #expect(item.id == b.id && item.draft)
        #expect(item.photos.map(\.width) == [62, 61], "the draft's photo joins after the other's")
        #expect(try app.client.get("/api/v1/items/\(a.id)").status == 404)
        #expect(try app.client.get("/api/v1/items?draft=1", as: [ItemModel].self).map(\.id) == [b.id])
        // Its photo's files stay: the other item uses them now.
        #expect(try app.client.get(item.photos[1].originalURL).status == 200)

        // Discarding is deleting: the photo's files go with the last item using them.
        #expect(try app.client.send("DELETE", "/api/v1/items/\(b.id)").status == 204)
        #expect(app.imageFolders().isEmpty)
    }

    @Test func aMergeThatCannotBeMadeSaysWhyAndChangesNothing() throws {
        let app = try ItemImageTestApp()
        let room = try Self.room(app, "Attic")
        let draft = try Self.draft(app, in: room, try F.picture())
        let named = try app.createItem("Lamp").id
        func refusal(_ id: Int64, _ body: [String: Any]) throws -> (Int, ErrorModel?) {
            let response = try app.client.json("POST", "/api/v1/items/\(id)/merge", body)
            return (response.status, response.apiError)
        }
        let notADraft = try refusal(named, ["into": draft.id])
        #expect(notADraft.0 == 422 && notADraft.1?.code == "invalid-merge" && notADraft.1?.message.contains("not a draft") == true)
        let itself = try refusal(draft.id, ["into": draft.id])
        #expect(itself.0 == 422 && itself.1?.code == "invalid-merge" && itself.1?.message.contains("itself") == true)
        let missing = try refusal(draft.id, [:])
        #expect(missing.0 == 422 && missing.1?.code == "invalid-merge" && missing.1?.message.contains("into") == true)
        let wrongType = try refusal(draft.id, ["into": "Lamp"])
        #expect(wrongType.0 == 422 && wrongType.1?.code == "invalid-merge")
        let unknown = try refusal(draft.id, ["into": 9999])
        #expect(unknown.0 == 404 && unknown.1?.code == "item-not-found")
        // Into an item that is not a draft is fine: the photo joins it.
        let joined = try app.client.json("POST", "/api/v1/items/\(draft.id)/merge", ["into": named]).decode(ItemModel.self)
        #expect(joined.id == named && joined.photos.count == 1 && !joined.draft)
    }

    @Test func draftsComeFirstInFixNext() throws {
        let app = try ItemImageTestApp()
        let room = try Self.room(app, "Garage")
        let valuable = try app.client.json("POST", "/api/v1/items", ["name": "Drill", "replacementCost": "500"])
        #expect(valuable.status == 201)
        let draft = try Self.draft(app, in: room, try F.picture())
        let page = try app.client.get("/fix").text
        let draftLink = try #require(page.range(of: "/items/\(draft.id)"))
        let drillLink = try #require(page.range(of: "Drill"))
        #expect(draftLink.lowerBound < drillLink.lowerBound)
    }

    @Test func ourExportKeepsDraftsAsDraftsThroughARoundTrip() throws {
        let source = try ExportTests.ExportApp(demo: false)
        let room = try #require((try source.client.json("POST", "/api/v1/locations", ["name": "Cellar"]).json as? [String: Any])?["id"] as? Int)
        let draft = try source.client.send("POST", "/api/v1/locations/\(room)/drafts", headers: Self.jpeg, body: try F.picture()).decode(ItemModel.self)
        try source.client.json("POST", "/api/v1/items", ["name": "Wine rack"]).expect(201)
        let archive = try source.exportedArchive()

        let target = try TestDataFolder()
        let imported = try Importer(folder: DataFolder(target.url)).apply(fileAt: archive)
        #expect(imported.additions.count == 2)
        let copy = try ExportTests.ExportApp(demo: false, folder: target)
        #expect(try copy.get("/api/v1/items").text == (try source.get("/api/v1/items").text))
        #expect(try copy.client.get("/api/v1/items?draft=1", as: [ItemModel].self).map(\.id) == [draft.id])
    }
}
