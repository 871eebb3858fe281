import Foundation
import Testing

/// `/api/v1/locations`: the tree a household's things are kept in, and items placed in it.
@Suite struct LocationsAPITests {
    private func create(_ app: TestApp, _ fields: [String: Any]) throws -> [String: Any] {
        let response = try app.client.json("POST", "/api/v1/locations", fields)
        #expect(response.status == 201, "\(response.text)")
        let location = try #require(response.json as? [String: Any])
        #expect(response.header("Location") == "/api/v1/locations/\(location["id"] as? Int ?? -1)")
        return location
    }

    @Test func locationsAreCreatedListedByPathMovedAndDeleted() throws {
        let app = try TestApp()
        let home = try create(app, ["name": "Home"])
        let ground = try create(app, ["name": "Ground floor", "parentId": home["id"]!])
        let kitchen = try create(app, ["name": "Kitchen", "parentId": ground["id"]!, "notes": "left of the door"])
        #expect(kitchen["path"] as? String == "Home / Ground floor / Kitchen")
        #expect(kitchen["notes"] as? String == "left of the door")
        #expect(home["parentId"] is NSNull)

        let list = try #require(try app.client.get("/api/v1/locations").json as? [[String: Any]])
        #expect(list.compactMap { $0["path"] as? String } == ["Home", "Home / Ground floor", "Home / Ground floor / Kitchen"])

        let moved = try app.client.json("PATCH", "/api/v1/locations/\(ground["id"]!)", ["parentId": NSNull(), "name": "Downstairs"])
        #expect(moved.status == 200)
        #expect(try app.client.get("/api/v1/locations/\(kitchen["id"]!)").json.flatMap { ($0 as? [String: Any])?["path"] as? String }
                == "Downstairs / Kitchen")

        #expect(try app.client.send("DELETE", "/api/v1/locations/\(kitchen["id"]!)").status == 204)
        #expect(try app.client.get("/api/v1/locations/\(kitchen["id"]!)").status == 404)
    }

    @Test func aLocationIsNeverPutInsideItselfAndNothingChanges() throws {
        let app = try TestApp()
        let home = try create(app, ["name": "Home"])
        let room = try create(app, ["name": "Room", "parentId": home["id"]!])
        let response = try app.client.json("PATCH", "/api/v1/locations/\(home["id"]!)", ["parentId": room["id"]!])
        #expect(response.status == 422)
        let error = try #require((response.json as? [String: Any])?["error"] as? [String: Any])
        #expect(error["code"] as? String == "invalid-item" || error["code"] as? String == "invalid-location")
        #expect(((error["fields"] as? [String: String])?["parentId"])?.contains("inside it") == true)
        #expect(try app.client.get("/api/v1/locations/\(home["id"]!)").text.contains(#""parentId":null"#))
    }

    @Test func deletingALocationThatHoldsThingsIs409NamingThem() throws {
        let app = try TestApp()
        let room = try create(app, ["name": "Study"])
        _ = try create(app, ["name": "Desk", "parentId": room["id"]!])
        let item = try app.createItem("Laptop")
        let placed = try app.client.json("PATCH", "/api/v1/items/\(item.id)", ["locationId": room["id"]!])
        #expect(placed.status == 200)
        #expect((placed.json as? [String: Any])?["locationId"] as? Int == room["id"] as? Int)

        let refused = try app.client.send("DELETE", "/api/v1/locations/\(room["id"]!)")
        #expect(refused.status == 409)
        #expect(refused.text.contains("location-not-empty"))
        #expect(refused.text.contains("1 item and 1 location"))
        #expect(try app.client.get("/api/v1/locations/\(room["id"]!)").status == 200)
    }

    @Test func badInputSaysWhichFieldAndWhatToFix() throws {
        let app = try TestApp()
        let cases: [([String: Any], String)] = [
            ([:], "name"), (["name": 5], "name"), (["name": "Shed", "parentId": 999], "parentId"),
            (["name": "Shed", "parentId": "top"], "parentId"), (["name": "Shed", "colour": "red"], "colour"),
        ]
        for (fields, field) in cases {
            let response = try app.client.json("POST", "/api/v1/locations", fields)
            #expect(response.status == 422, "\(fields): \(response.text)")
            let error = (response.json as? [String: Any])?["error"] as? [String: Any]
            #expect((error?["fields"] as? [String: String])?[field] != nil, "\(fields): \(response.text)")
        }
        let item = try app.createItem("Rake")
        let misplaced = try app.client.json("PATCH", "/api/v1/items/\(item.id)", ["locationId": 12345])
        #expect(misplaced.status == 422)
        #expect(misplaced.text.contains("no location 12345"))
        #expect(try app.client.get("/api/v1/locations").text == "[]")
        #expect(try app.client.get("/api/v1/locations/abc").status == 404)
    }
}
