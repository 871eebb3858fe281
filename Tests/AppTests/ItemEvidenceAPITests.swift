import Accounts
import App
import Foundation
import HTTPTestClient
import Inventory
import Testing

/// Library photos linked to items as evidence, through the API: what a link shows (from the photo's
/// EXIF), the order and `documentedSince`, idempotent links, a photo that leaves the library, who may
/// link what, and the form without scripts.
@Suite struct ItemEvidenceAPITests {
    static func item(_ app: LibraryTestApp, _ name: String) throws -> Int64 {
        try #require((try app.client.json("POST", "/api/v1/items", ["name": name]).json as? [String: Any])?.id)
    }

    static func assetID(_ app: LibraryTestApp, _ name: String) throws -> String {
        try #require(try app.asset(named: name).string("id"))
    }

    @Test func aLinkShowsThePhotosCaptureTimeAndCameraAndDatesTheItem() throws {
        let app = try LibraryTestApp.standard()
        let id = try Self.item(app, "Road bike")
        let rosa = try Self.assetID(app, "rosa.jpg"), lisbon = try Self.assetID(app, "IMG_0412.jpg"), undated = try Self.assetID(app, "top.jpg")

        let linked = try app.client.json("POST", "/api/v1/items/\(id)/evidence", ["assetId": rosa])
        #expect(linked.status == 201, "\(linked.text)")
        let link = try linked.decode(EvidenceModel.self)
        #expect(link.assetId == rosa && link.takenAt == "2020-03-03T16:00:00" && link.camera == "Apple iPhone 14 Pro" && !link.missing)
        #expect(link.path == app.workspace.url("Family/rosa.jpg").resolvingSymlinksInPath().path)
        #expect(link.viewerURL == "/library/assets/\(rosa)")
        let thumbnail = try #require(link.thumbnailURL)
        #expect(try app.client.get(thumbnail).status == 200)

        #expect(try app.client.json("POST", "/api/v1/items/\(id)/evidence", ["assetId": lisbon]).status == 201)
        #expect(try app.client.json("POST", "/api/v1/items/\(id)/evidence", ["assetId": undated]).status == 201)
        let before = try app.client.get("/api/v1/items/\(id)").header("ETag")
        let again = try app.client.json("POST", "/api/v1/items/\(id)/evidence", ["assetId": lisbon])
        #expect(again.status == 200, "linking it again is no new link")
        #expect(try again.decode(EvidenceModel.self).takenAt == "2019-05-04T18:30:07")

        let shown = try app.client.get("/api/v1/items/\(id)")
        #expect(shown.header("ETag") == before, "nothing changed")
        let item = try shown.decode(ItemModel.self)
        #expect(item.evidence.map(\.assetId) == [lisbon, rosa, undated], "by capture time, undated last")
        #expect(item.evidence.map(\.camera) == ["Canon EOS R6", "Apple iPhone 14 Pro", nil])
        #expect(item.evidence[2].takenAt == nil, "a file's own time is not a capture time")
        #expect(item.documentedSince == "2019-05-04")
        #expect(!item.readiness.gaps.contains("no-photo"), "an old dated photo shows the thing existed")
        #expect(item.readiness.gaps.contains("no-close-up"), "but is no close-up")
        #expect(item.photos.isEmpty, "linked, not copied")
        let listed = try app.client.get("/api/v1/items").decode([ItemModel].self)
        #expect(listed.first { $0.id == id }?.evidence == item.evidence)
    }

    @Test func aPhotoThatLeavesTheLibraryStaysListedAsMissing() throws {
        let app = try LibraryTestApp.standard()
        let bike = try Self.item(app, "Road bike"), lamp = try Self.item(app, "Lamp")
        let rosa = try Self.assetID(app, "rosa.jpg"), lisbon = try Self.assetID(app, "IMG_0412.jpg")
        for (id, asset) in [(bike, lisbon), (bike, rosa), (lamp, lisbon)] {
            #expect(try app.client.json("POST", "/api/v1/items/\(id)/evidence", ["assetId": asset]).status == 201)
        }
        let lampBefore = try app.client.get("/api/v1/items/\(lamp)")
        #expect(!(try lampBefore.decode(ItemModel.self).readiness.gaps.contains("no-photo")))
        _ = try app.client.get("/api/v1/items") // the list is cached: it must not stay as it was
        let path = app.workspace.url("Holidays/Lisbon/IMG_0412.jpg").resolvingSymlinksInPath().path
        try FileManager.default.removeItem(at: app.workspace.url("Holidays/Lisbon/IMG_0412.jpg"))
        app.app.library.scan(prefillRenditions: false)

        let item = try app.client.get("/api/v1/items/\(bike)").decode(ItemModel.self)
        let gone = try #require(item.evidence.first)
        #expect(gone.assetId == lisbon && gone.missing && gone.path == path && gone.takenAt == "2019-05-04T18:30:07" && gone.camera == "Canon EOS R6")
        #expect(gone.thumbnailURL == nil && gone.viewerURL == nil)
        #expect(!item.evidence[1].missing)
        #expect(item.documentedSince == "2020-03-03", "the remaining photo dates the item")
        let lampAfter = try app.client.get("/api/v1/items/\(lamp)", headers: ["If-None-Match": lampBefore.header("ETag") ?? ""])
        #expect(lampAfter.status == 200, "its JSON changed, so its ETag did")
        let lampItem = try lampAfter.decode(ItemModel.self)
        #expect(lampItem.documentedSince == nil && lampItem.readiness.gaps.contains("no-photo"))
        let listed = try app.client.get("/api/v1/items").decode([ItemModel].self)
        #expect(listed.first { $0.id == bike }?.evidence == item.evidence)
        #expect(try app.client.get("/api/v1/items?q=lamp&limit=5").decode([ItemModel].self).first?.evidence.first?.missing == true)

        // A missing photo is unlinked like any other.
        #expect(try app.client.send("DELETE", "/api/v1/items/\(bike)/evidence/\(lisbon)").status == 204)
        let unlinked = try app.client.send("DELETE", "/api/v1/items/\(bike)/evidence/\(lisbon)")
        #expect(unlinked.status == 404 && unlinked.errorCode == "evidence-not-found")
        #expect(try app.client.get("/api/v1/items/\(bike)").decode(ItemModel.self).evidence.map(\.assetId) == [rosa])
    }

    @Test func whatCannotBeLinked() throws {
        let app = try LibraryTestApp.standard()
        let id = try Self.item(app, "Kettle")
        let rosa = try Self.assetID(app, "rosa.jpg")
        for (body, code) in [(["assetId": String(repeating: "0", count: 32)], "asset-not-found"), (["assetId": "../../secret.txt"], "asset-not-found"),
                             (["assetId": 42] as [String: Any], "invalid-asset-id"), ([:], "invalid-asset-id")] {
            let response = try app.client.json("POST", "/api/v1/items/\(id)/evidence", body)
            #expect(response.errorCode == code, "\(body) → \(response.status) \(response.text)")
        }
        #expect(try app.client.json("POST", "/api/v1/items/999999/evidence", ["assetId": rosa]).errorCode == "item-not-found")
        #expect(try app.client.send("DELETE", "/api/v1/items/\(id)/evidence/\(rosa)").errorCode == "evidence-not-found")
        // Text that is no library photo's id is no link of the item, or the item is not there.
        #expect(try app.client.send("DELETE", "/api/v1/items/\(id)/evidence/not-an-id").errorCode == "evidence-not-found")
        #expect(try app.client.send("DELETE", "/api/v1/items/999999/evidence/not-an-id").errorCode == "item-not-found")
        // Deleting the item takes its links with it.
        #expect(try app.client.json("POST", "/api/v1/items/\(id)/evidence", ["assetId": rosa]).status == 201)
        #expect(try app.client.send("DELETE", "/api/v1/items/\(id)").status == 204)
        #expect(try app.client.send("DELETE", "/api/v1/items/\(id)/evidence/\(rosa)").errorCode == "item-not-found")
        #expect(try app.app.items.all().allSatisfy { $0.evidence.isEmpty })
    }

    @Test func onlyEditorsLinkAndOnlyPhotosTheyMaySee() throws {
        let workspace = try LibraryWorkspace()
        try workspace.writeStandardLibrary()
        let other = workspace.base.appendingPathComponent("Other", isDirectory: true)
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try workspace.photo("elsewhere.jpg", taken: "2010:01:01 10:00:00")
        try FileManager.default.moveItem(at: workspace.url("elsewhere.jpg"), to: other.appendingPathComponent("elsewhere.jpg"))
        let library = try LibraryTestApp(workspace: workspace, roots: [workspace.root.path, other.path])
        try library.waitUntilScanned(total: LibraryWorkspace.standardFileCount + 1)
        let id = try Self.item(library, "Camera")
        let mine = try Self.assetID(library, "rosa.jpg"), notMine = try Self.assetID(library, "elsewhere.jpg")
        let secured = try SecuredApp(library: library, accounts: [
            ("olivia", .owner, [workspace.root.path, other.path]), ("eddie", .editor, [workspace.root.path]), ("vera", .viewer, [workspace.root.path]),
        ])
        let vera = try secured.signIn("vera")
        #expect(try vera.json("POST", "/api/v1/items/\(id)/evidence", ["assetId": mine]).status == 403, "a viewer cannot link")
        let eddie = try secured.signIn("eddie")
        let hidden = try eddie.json("POST", "/api/v1/items/\(id)/evidence", ["assetId": notMine])
        #expect(hidden.status == 404 && hidden.errorCode == "asset-not-found", "a photo outside their folders is not there for them")
        let form = try eddie.form("/items/\(id)/evidence", [("assetId", mine)])
        #expect(form.status == 303 && form.header("Location") == "/items/\(id)", "\(form.status) \(form.text.prefix(200))")
        #expect(try eddie.send("DELETE", "/api/v1/items/\(id)/evidence/\(mine)", headers: ["Accept": "application/json"]).status == 204)
        #expect(try vera.send("DELETE", "/api/v1/items/\(id)/evidence/\(mine)", headers: ["Accept": "application/json"]).status == 403)
        #expect(try eddie.json("POST", "/api/v1/items/\(id)/evidence", ["assetId": mine]).status == 201)
        #expect(try secured.app.items.item(id: Item.ID(id)).evidence.map(\.assetID.rawValue) == [mine])
    }
}
