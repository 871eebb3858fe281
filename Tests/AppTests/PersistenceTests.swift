import Foundation
import HTTPTestClient
import Testing

/// What was saved is still there, in the same order, after the server restarts.
@Suite struct PersistenceTests {
    @Test func itemsAndOrderSurviveARestart() throws {
        var app = try TestApp()
        let camera = try app.createItem("Camera", serial: "SN-1", value: 250)
        let lamp = try app.createItem("Lamp", serial: "", value: 40)
        let chair = try app.createItem("Chair", serial: "C", value: 75)
        #expect(try app.client.json("POST", "/api/v1/items/\(chair.id)/move", ["position": 0]).status == 200)
        #expect(try app.client.json("PATCH", "/api/v1/items/\(lamp.id)", ["name": "Desk lamp"]).status == 200)
        let doomed = try app.createItem("Doomed")
        #expect(try app.client.send("DELETE", "/api/v1/items/\(doomed.id)").status == 204)
        let before = try app.items()

        app = try app.restarted()
        #expect(try app.items() == before)
        #expect(try app.names() == ["Chair", "Camera", "Desk lamp"])
        let stored = try #require(try app.item(camera.id))
        #expect(stored.serialNumber == "SN-1")
        #expect(stored.valueInDollars == 250)
        #expect(stored.dateCreated == camera.dateCreated)
        #expect(try app.item(doomed.id) == nil)

        try app.createItem("After restart")
        #expect(try app.names() == ["Chair", "Camera", "Desk lamp", "After restart"])
        #expect(try app.items().map(\.position) == [0, 1, 2, 3])
    }

    @Test func formEditsSurviveARestart() throws {
        var app = try TestApp()
        let item = try app.createItem("Camera")
        try app.createItem("Lamp")
        let version = try app.formVersion(of: item.id)
        #expect(try app.client.pageForm("/items/\(item.id)", [("name", "Camera II"), ("serialNumber", "X"), ("valueInDollars", "12"), ("version", version)]).status == 303)
        #expect(try app.client.pageForm("/items/\(item.id)/move", [("position", "1")]).status == 303)

        app = try app.restarted()
        #expect(try app.names() == ["Lamp", "Camera II"])
        #expect(try app.item(item.id)?.valueInDollars == 12)
    }
}
