import Foundation
import HTTPTestClient
import Testing

/// The JSON API a client uses: create, list, fetch, change, delete and move items.
@Suite struct ItemsAPITests {
    /// Every key an item has in the API, as the README documents it.
    static let itemKeys: Set<String> = [
        "id", "name", "serialNumber", "valueInDollars", "dateCreated", "position", "locationId", "draft", "walkthrough", "image",
        "quantity", "quantityUnit", "businessUse", "description", "brand", "model", "barcode", "condition", "notes", "purchasePrice", "purchasePaid", "purchaseDate",
        "purchasedFrom", "replacementCost", "replacementCostDate", "replacementCostSource", "currency", "tags",
        "customFields", "warrantyExpires", "lifetimeWarranty", "warrantyDetails", "distinguishingMarks", "scheduled", "riderAmount", "disposed", "readiness", "photos", "documents",
        "evidence", "documentedSince",
    ]

    @Test func createReturns201WithTheItemLocationAndETag() throws {
        let app = try TestApp()
        let before = Date()
        let response = try app.client.json("POST", "/api/v1/items", ["name": "Camera", "serialNumber": "SN-1", "valueInDollars": 250])
        #expect(response.status == 201)
        #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
        let item = try #require(response.json as? [String: Any])
        #expect(Set(item.keys) == Self.itemKeys)
        #expect(item.string("name") == "Camera")
        #expect(item.string("serialNumber") == "SN-1")
        #expect(item.int("valueInDollars") == 250)
        #expect(item.int("position") == 0)
        #expect(item["image"] is NSNull)
        #expect(item.id > 0)
        let created = try #require(item.string("dateCreated"))
        let date = try #require(ISO8601DateFormatter().date(from: created), "dateCreated \(created) is ISO 8601")
        #expect(abs(date.timeIntervalSince(before)) < 60)
        #expect(response.header("Location") == "/api/v1/items/\(item.id)")
        #expect(response.header("ETag")?.hasPrefix("\"") == true)
    }

    @Test func listIsInListOrder() throws {
        let app = try TestApp()
        #expect(try app.items().isEmpty)
        for name in ["Camera", "Lamp", "Chair"] { try app.createItem(name) }
        let list = try app.items()
        #expect(list.map(\.name) == ["Camera", "Lamp", "Chair"])
        #expect(list.map(\.position) == [0, 1, 2])
        // The keys as sent, which a model does not show.
        let raw = try #require(try app.client.get("/api/v1/items").json as? [[String: Any]])
        #expect(raw.allSatisfy { Set($0.keys) == Self.itemKeys })
    }

    @Test func getOneHasETagAndIfNoneMatchGives304() throws {
        let app = try TestApp()
        let created = try app.createItem("Camera", serial: "A1", value: 10)
        let response = try app.client.get("/api/v1/items/\(created.id)")
        #expect(response.status == 200)
        let etag = try #require(response.header("ETag"))
        #expect(try response.decode(ItemModel.self).name == "Camera")

        let cached = try app.client.get("/api/v1/items/\(created.id)", headers: ["If-None-Match": etag])
        #expect(cached.status == 304)
        #expect(cached.body.isEmpty)
        #expect(cached.header("ETag") == etag)

        let stale = try app.client.get("/api/v1/items/\(created.id)", headers: ["If-None-Match": "\"something-else\""])
        #expect(stale.status == 200)
    }

    @Test func patchChangesOnlyTheGivenFieldsAndGivesANewETag() throws {
        let app = try TestApp()
        let created = try app.createItem("Camera", serial: "SN-1", value: 250)
        let etag = try #require(try app.client.get("/api/v1/items/\(created.id)").header("ETag"))

        let response = try app.client.json("PATCH", "/api/v1/items/\(created.id)", ["valueInDollars": 300])
        #expect(response.status == 200)
        let newETag = try #require(response.header("ETag"))
        #expect(newETag != etag)
        let item: ItemModel = try response.decode()
        #expect(item.name == "Camera")
        #expect(item.serialNumber == "SN-1")
        #expect(item.valueInDollars == 300)
        #expect(item.dateCreated == created.dateCreated)

        let stored = try #require(try app.item(created.id))
        #expect(stored.name == "Camera")
        #expect(stored.serialNumber == "SN-1")
        #expect(stored.valueInDollars == 300)
        #expect(try app.client.get("/api/v1/items/\(created.id)").header("ETag") == newETag)
    }

    @Test func patchWithStaleIfMatchIs412AndChangesNothing() throws {
        let app = try TestApp()
        let created = try app.createItem("Camera", serial: "SN-1", value: 250)
        let oldETag = try #require(try app.client.get("/api/v1/items/\(created.id)").header("ETag"))
        let first = try app.client.json("PATCH", "/api/v1/items/\(created.id)", ["name": "Camera 2"], headers: ["If-Match": oldETag])
        #expect(first.status == 200)
        let currentETag = try #require(first.header("ETag"))

        let stale = try app.client.json("PATCH", "/api/v1/items/\(created.id)", ["name": "Lost update", "valueInDollars": 1], headers: ["If-Match": oldETag])
        #expect(stale.status == 412)
        #expect(stale.errorCode != nil)
        #expect(stale.errorMessage?.isEmpty == false)
        let stored = try #require(try app.item(created.id))
        #expect(stored.name == "Camera 2")
        #expect(stored.valueInDollars == 250)

        let garbage = try app.client.json("PATCH", "/api/v1/items/\(created.id)", ["name": "Lost"], headers: ["If-Match": "\"nope\""])
        #expect(garbage.status == 412)
        #expect(try app.item(created.id)?.name == "Camera 2")

        let current = try app.client.json("PATCH", "/api/v1/items/\(created.id)", ["name": "Camera 3"], headers: ["If-Match": currentETag])
        #expect(current.status == 200)
        #expect(try app.item(created.id)?.name == "Camera 3")
    }

    /// RFC 9110: If-None-Match compares weakly, and `*` matches any current item.
    @Test func ifNoneMatchAcceptsWeakTagsAndStar() throws {
        let app = try TestApp()
        let created = try app.createItem("Camera")
        let etag = try #require(try app.client.get("/api/v1/items/\(created.id)").header("ETag"))
        #expect(try app.client.get("/api/v1/items/\(created.id)", headers: ["If-None-Match": "W/\(etag)"]).status == 304)
        #expect(try app.client.get("/api/v1/items/\(created.id)", headers: ["If-None-Match": "\"x\", \(etag)"]).status == 304)
        #expect(try app.client.get("/api/v1/items/\(created.id)", headers: ["If-None-Match": "*"]).status == 304)
    }

    @Test func deleteWithStaleIfMatchIs412AndKeepsTheItem() throws {
        let app = try TestApp()
        let created = try app.createItem("Camera")
        let oldETag = try #require(try app.client.get("/api/v1/items/\(created.id)").header("ETag"))
        #expect(try app.client.json("PATCH", "/api/v1/items/\(created.id)", ["name": "Camera 2"]).status == 200)
        #expect(try app.client.send("DELETE", "/api/v1/items/\(created.id)", headers: ["If-Match": oldETag]).status == 412)
        #expect(try app.item(created.id)?.name == "Camera 2")
        let current = try #require(try app.client.get("/api/v1/items/\(created.id)").header("ETag"))
        #expect(try app.client.send("DELETE", "/api/v1/items/\(created.id)", headers: ["If-Match": current]).status == 204)
    }

    @Test func anotherItemsETagDoesNotMatch() throws {
        let app = try TestApp()
        let first = try app.createItem("First")
        let second = try app.createItem("Second")
        let secondETag = try #require(try app.client.get("/api/v1/items/\(second.id)").header("ETag"))
        let response = try app.client.json("PATCH", "/api/v1/items/\(first.id)", ["name": "Changed"], headers: ["If-Match": secondETag])
        #expect(response.status == 412)
        #expect(try app.item(first.id)?.name == "First")
    }

    /// Someone sorting or pruning the list never makes another person's edit fail; a conditional GET
    /// still sees the item's new place.
    @Test func movesAndDeletesOfOtherItemsDoNotMakeAnETagStale() throws {
        let app = try TestApp()
        let first = try app.createItem("First")
        let second = try app.createItem("Second")
        _ = try app.createItem("Third")
        let loaded = try #require(try app.client.get("/api/v1/items/\(second.id)").header("ETag"))
        #expect(try app.client.send("DELETE", "/api/v1/items/\(first.id)").status == 204)
        let moved = try app.client.get("/api/v1/items/\(second.id)", headers: ["If-None-Match": loaded])
        #expect(moved.status == 200, "its position went from 1 to 0")
        #expect(try moved.decode(ItemModel.self).position == 0)
        let saved = try app.client.json("PATCH", "/api/v1/items/\(second.id)", ["name": "Second, renamed"], headers: ["If-Match": loaded])
        #expect(saved.status == 200)
        // A real edit in between still counts.
        let stale = try app.client.json("PATCH", "/api/v1/items/\(second.id)", ["name": "Lost"], headers: ["If-Match": loaded])
        #expect(stale.status == 412)
        #expect(try app.item(second.id)?.name == "Second, renamed")
    }

    @Test func deleteGives204ThenTheItemIsGone() throws {
        let app = try TestApp()
        let first = try app.createItem("First")
        let second = try app.createItem("Second")
        let third = try app.createItem("Third")
        let response = try app.client.send("DELETE", "/api/v1/items/\(second.id)")
        #expect(response.status == 204)
        #expect(response.body.isEmpty)
        let gone = try app.client.get("/api/v1/items/\(second.id)")
        #expect(gone.status == 404)
        #expect(gone.errorCode != nil)
        #expect(try app.client.send("DELETE", "/api/v1/items/\(second.id)").status == 404)
        let list = try app.items()
        #expect(list.map(\.id) == [first.id, third.id])
        #expect(list.map(\.position) == [0, 1])
    }

    @Test func moveReordersAndPersists() throws {
        let app = try TestApp()
        let a = try app.createItem("A")
        try app.createItem("B")
        try app.createItem("C")
        let response = try app.client.json("POST", "/api/v1/items/\(a.id)/move", ["position": 2])
        #expect(response.status == 200)
        #expect(try response.decode(ItemModel.self).position == 2)
        #expect(response.header("ETag") != nil)
        #expect(try app.names() == ["B", "C", "A"])
        #expect(try app.items().map(\.position) == [0, 1, 2])

        let c = try #require(try app.items().first { $0.name == "C" })
        #expect(try app.client.json("POST", "/api/v1/items/\(c.id)/move", ["position": 0]).status == 200)
        #expect(try app.names() == ["C", "B", "A"])
    }

    @Test(arguments: [-1, 3, 1_000_000])
    func moveOutOfRangeIs422(position: Int) throws {
        let app = try TestApp()
        let a = try app.createItem("A")
        try app.createItem("B")
        try app.createItem("C")
        let response = try app.client.json("POST", "/api/v1/items/\(a.id)/move", ["position": position])
        #expect(response.status == 422)
        #expect(response.errorCode != nil)
        #expect(response.errorMessage?.contains("0 to 2") == true, "message: \(response.errorMessage ?? "")")
        #expect(try app.names() == ["A", "B", "C"])
    }

    @Test(arguments: ["\"1\"", "1.5", "true", "null", "[1]"])
    func moveWithNonIntegerPositionIs422(position: String) throws {
        let app = try TestApp()
        let a = try app.createItem("A")
        try app.createItem("B")
        let response = try app.client.send("POST", "/api/v1/items/\(a.id)/move", headers: ["Content-Type": "application/json"],
                                           body: Array("{\"position\": \(position)}".utf8))
        #expect(response.status == 422)
        #expect(response.errorCode != nil)
        #expect(response.errorMessage?.contains("position") == true, "message: \(response.errorMessage ?? "")")
        #expect(try app.names() == ["A", "B"])
    }

    @Test func moveWithoutPositionIs422() throws {
        let app = try TestApp()
        let a = try app.createItem("A")
        let response = try app.client.json("POST", "/api/v1/items/\(a.id)/move", [String: Any]())
        #expect(response.status == 422)
        #expect(response.errorMessage?.contains("position") == true)
    }

    @Test func fetchedItemCanBeSentBackUnchanged() throws {
        let app = try TestApp()
        // The JSON exactly as the API sent it, not a model of it.
        let created = try #require(try app.client.json("POST", "/api/v1/items", ["name": "Camera", "serialNumber": "S", "valueInDollars": 5]).json
            as? [String: Any])
        var item = created
        item["name"] = "Renamed"
        let response = try app.client.json("PATCH", "/api/v1/items/\(created.id)", item)
        #expect(response.status == 200)
        #expect(try app.item(created.id)?.name == "Renamed")
    }
}
