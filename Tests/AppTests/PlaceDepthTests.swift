import Foundation
import HomeboxBackupFixture
import HTTPTestClient
import Inventory
import Testing

/// Places go at most `Location.maxDepth` deep, whichever door a deeper one would come through: the
/// API (make, move), the Places forms, the item form's new place, and every import (a Homebox CSV,
/// a Homebox backup, our own export), each refused with what to fix and nothing written.
@Suite struct PlaceDepthTests {
    static let limit = "at most \(Location.maxDepth) deep"
    static let html = ["Accept": "text/html"]

    /// A chain of places `depth` deep made through the API (`Home / Level 2 / … / Level N`): their ids, the top first.
    static func chain(_ app: TestApp, depth: Int) throws -> [Int64] {
        var ids: [Int64] = []
        for level in 1...depth {
            var fields: [String: Any] = ["name": level == 1 ? "Home" : "Level \(level)"]
            if let parent = ids.last { fields["parentId"] = parent }
            let made = try app.client.json("POST", "/api/v1/locations", fields)
            guard made.status == 201, let place = made.json as? [String: Any] else { throw TestAppError("level \(level): \(made.status) \(made.text)") }
            ids.append(place.id)
        }
        return ids
    }

    static func error(_ response: TestResponse) -> [String: Any] {
        ((response.json as? [String: Any])?["error"] as? [String: Any]) ?? [:]
    }

    static func placeCount(_ app: TestApp) throws -> Int {
        (try app.client.get("/api/v1/locations").json as? [Any])?.count ?? -1
    }

    @Test func theAPINeitherMakesNorMovesAPlacePastTheLimit() throws {
        let app = try TestApp()
        let chain = try Self.chain(app, depth: Location.maxDepth)
        let refused = try app.client.json("POST", "/api/v1/locations", ["name": "Pouch", "parentId": chain.last!])
        #expect(refused.status == 422, "\(refused.text)")
        let error = Self.error(refused)
        #expect(error["code"] as? String == "invalid-item")
        let message = try #require((error["fields"] as? [String: String])?["parentId"])
        #expect(message.contains(Self.limit) && message.contains("Home / Level 2") && message.contains("Level 20"), "\(message)")
        #expect(try Self.placeCount(app) == Location.maxDepth)

        // A box holding a bag fits 19 deep (the bag at 20), not 20 deep; up again is always fine.
        let box = try #require(try app.client.json("POST", "/api/v1/locations", ["name": "Box"]).json as? [String: Any]).id
        let bag = try #require(try app.client.json("POST", "/api/v1/locations", ["name": "Bag", "parentId": box]).json as? [String: Any]).id
        let tooDeep = try app.client.json("PATCH", "/api/v1/locations/\(box)", ["parentId": chain[Location.maxDepth - 2], "name": "Crate"])
        #expect(tooDeep.status == 422, "\(tooDeep.text)")
        let moveMessage = try #require((Self.error(tooDeep)["fields"] as? [String: String])?["parentId"])
        #expect(moveMessage.contains(Self.limit) && moveMessage.contains("Box") && moveMessage.contains("\(Location.maxDepth + 1)"), "\(moveMessage)")
        #expect(try app.client.get("/api/v1/locations/\(bag)").json.flatMap { ($0 as? [String: Any])?["path"] as? String } == "Box / Bag",
                "nothing of a refused move is kept")
        let fits = try app.client.json("PATCH", "/api/v1/locations/\(box)", ["parentId": chain[Location.maxDepth - 3]])
        #expect(fits.status == 200, "\(fits.text)")
        #expect(try app.client.json("PATCH", "/api/v1/locations/\(box)", ["parentId": chain[2]]).status == 200)
        #expect(try app.client.json("PATCH", "/api/v1/locations/\(chain[1])", ["parentId": NSNull()]).status == 200)
    }

    @Test func thePlacesFormsSayWhyAndKeepWhatWasTyped() throws {
        let app = try TestApp()
        let chain = try Self.chain(app, depth: Location.maxDepth)
        let made = try app.client.pageForm("/locations", [("name", "Pouch"), ("parentId", String(chain.last!)), ("notes", "")], headers: Self.html)
        #expect(made.status == 422 && made.isHTML)
        #expect(HTMLInspection.unescape(made.text).contains(Self.limit), "\(made.text)")
        #expect(HTMLInspection.value(ofInput: "name", in: made.text) == "Pouch")
        #expect(try Self.placeCount(app) == Location.maxDepth)

        let box = try #require(try app.client.json("POST", "/api/v1/locations", ["name": "Box"]).json as? [String: Any]).id
        _ = try app.client.json("POST", "/api/v1/locations", ["name": "Bag", "parentId": box])
        let moved = try app.client.pageForm("/locations/\(box)", [("name", "Box"), ("parentId", String(chain[Location.maxDepth - 2])), ("notes", "")],
                                            headers: Self.html)
        #expect(moved.status == 422 && moved.isHTML)
        #expect(HTMLInspection.unescape(moved.text).contains(Self.limit), "\(moved.text)")
        #expect(try app.client.get("/api/v1/locations/\(box)").text.contains(#""parentId":null"#))
    }

    /// The item form's location picker makes a new place through the API its `data-api` names, and
    /// shows the answer's message: that message says why the place cannot go there.
    @Test func theItemFormsNewPlaceSaysWhyItCannotGoDeeper() throws {
        let app = try TestApp()
        let chain = try Self.chain(app, depth: Location.maxDepth)
        let item = try app.createItem("Ring")
        let form = try app.client.get("/items/\(item.id)", headers: Self.html)
        #expect(form.status == 200)
        let api = try #require(HTMLInspection.tags("div", in: form.text).lazy.filter { HTMLInspection.attribute("class", of: $0) == "new-choice" }
            .compactMap { HTMLInspection.attribute("data-api", of: $0) }.first)
        let refused = try app.client.json("POST", api, ["name": "Pouch", "parentId": chain.last!])
        #expect(refused.status == 422)
        #expect((Self.error(refused)["message"] as? String)?.contains(Self.limit) == true, "\(refused.text)")
        #expect(try Self.placeCount(app) == Location.maxDepth)
    }

    @Test func aCSVPathPastTheLimitIsRefusedOnItsLineAndNothingIsWritten() throws {
        let app = try TestApp()
        func path(_ depth: Int) -> String { (1...depth).map { "P\($0)" }.joined(separator: " / ") }
        let file = Array("HB.name,HB.location\nFits,\(path(Location.maxDepth))\nOne too deep,\(path(Location.maxDepth + 1))\nHostile,\(String(repeating: "a/", count: 20_000))\n".utf8)
        let preview = try app.client.send("POST", "/api/v1/import?dryRun=1", headers: ["Content-Type": "text/csv"], body: file)
        #expect(preview.status == 200)
        let errors = try #require((preview.json as? [String: Any])?["errors"] as? [[String: Any]])
        #expect(errors.map { $0.int("line") } == [3, 4] && errors.allSatisfy { $0.string("column") == "HB.location" }, "\(errors)")
        #expect(errors.allSatisfy { $0.string("message")?.contains(Self.limit) == true }, "\(errors)")
        let hostile = try #require(errors.last?.string("message"))
        #expect(hostile.contains("20,000") && hostile.utf8.count < 1_000, "the message names the depth, not every place: \(hostile.utf8.count) bytes")

        let refused = try app.client.send("POST", "/api/v1/import", headers: ["Content-Type": "text/csv"], body: file)
        #expect(refused.status == 422 && Self.error(refused)["code"] as? String == "invalid-import")
        #expect(try app.items().isEmpty && Self.placeCount(app) == 0)
    }

    @Test func aHomeboxBackupNestingPastTheLimitIsRefusedNamingThePlace() throws {
        let app = try TestApp()
        var backup = HomeboxBackupFixture()
        var parent = backup.location("Home")
        for level in 2...(Location.maxDepth + 1) { parent = backup.location(level == Location.maxDepth + 1 ? "Pouch" : "Level \(level)", in: parent) }
        backup.item("Ring", in: parent)
        let zip = try backup.bytes(in: app.folder.url)
        let refused = try app.client.send("POST", "/api/v1/import", headers: ["Content-Type": "application/zip"], body: zip)
        #expect(refused.status == 422, "\(refused.text)")
        let errors = try #require((refused.json as? [String: Any])?["errors"] as? [[String: Any]])
        #expect(errors.count == 1 && errors.first?.string("column") == "entities.json", "\(errors)")
        let message = try #require(errors.first?.string("message"))
        #expect(message.contains("Pouch") && message.contains(Self.limit), "\(message)")
        #expect(try app.items().isEmpty && Self.placeCount(app) == 0)
    }

    @Test func ourOwnExportWithPlacesPastTheLimitIsRefused() throws {
        let app = try TestApp()
        let locations: [[String: Any]] = (1...(Location.maxDepth + 1)).map { level in
            ["id": level, "name": level == Location.maxDepth + 1 ? "Pouch" : "Level \(level)", "parentId": level == 1 ? NSNull() : level - 1, "notes": ""]
        }
        let item: [String: Any] = [
            "id": 1, "importRef": NSNull(), "name": "Ring", "serialNumber": "", "valueInDollars": 0, "dateCreated": "2026-01-01T00:00:00.000Z",
            "position": 0, "version": 1, "locationId": Location.maxDepth + 1, "quantity": 1, "description": "", "brand": "", "model": "",
            "barcode": "", "condition": NSNull(), "notes": "", "purchasePrice": NSNull(), "purchaseDate": NSNull(), "purchasedFrom": "",
            "replacementCost": NSNull(), "replacementCostDate": NSNull(), "replacementCostSource": "", "tags": [String](),
            "warrantyExpires": NSNull(), "lifetimeWarranty": false, "warrantyDetails": "", "scheduled": false, "riderAmount": NSNull(),
            "disposal": NSNull(), "customFields": [Any](), "photos": [Any](), "documents": [Any](), "evidence": [Any](),
        ]
        let manifest: [String: Any] = ["format": "homepwner", "formatVersion": 1, "exportedAt": "2026-01-01T00:00:00.000Z", "currency": "USD",
                                       "settings": ["currency": "USD"], "locations": locations, "tags": [String](), "items": [item]]
        let zip = app.folder.url.appendingPathComponent("export.zip").path
        try HomeboxBackupFixture.zip([("homepwner.json", HomeboxBackupFixture.json(manifest))], to: zip)
        let body = try [UInt8](Data(contentsOf: URL(fileURLWithPath: zip)))
        try FileManager.default.removeItem(atPath: zip)

        let preview = try app.client.send("POST", "/api/v1/import?dryRun=1", headers: ["Content-Type": "application/zip"], body: body)
        let errors = try #require((preview.json as? [String: Any])?["errors"] as? [[String: Any]], "\(preview.text)")
        #expect(errors.count == 1 && errors.first?.string("column") == "homepwner.json", "\(errors)")
        #expect(errors.first?.string("message")?.contains("Pouch") == true && errors.first?.string("message")?.contains(Self.limit) == true, "\(errors)")
        #expect(try app.client.send("POST", "/api/v1/import", headers: ["Content-Type": "application/zip"], body: body).status == 422)
        #expect(try app.items().isEmpty && Self.placeCount(app) == 0)
    }
}
