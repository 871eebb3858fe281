import Foundation
import HTTPTestClient
import Testing

/// The list's Select mode: one change to many items, all or none; deleting asks first, naming how many.
@Suite struct ItemBulkTests {
    static let html = ["Accept": "text/html,application/xhtml+xml"]

    private func post(_ app: TestApp, _ fields: [(String, String)]) throws -> TestResponse {
        try app.client.pageForm("/items/bulk", fields)
    }

    @Test func pickedItemsMoveAndAreTaggedAndUntaggedTogether() throws {
        let app = try TestApp()
        let garage = try #require(try app.client.json("POST", "/api/v1/locations", ["name": "Garage"]).json as? [String: Any])["id"] as! Int
        let bike = try app.createItem("Bike"), drill = try app.createItem("Drill"), lamp = try app.createItem("Lamp")
        let moved = try post(app, [("action", "move"), ("location", String(garage)), ("ids", String(bike.id)), ("ids", String(drill.id))])
        #expect(moved.status == 303)
        #expect(try app.items().filter { $0.locationId == Int64(garage) }.map(\.name) == ["Bike", "Drill"])
        #expect(try post(app, [("action", "addTag"), ("tag", "Tools"), ("ids", String(drill.id)), ("ids", String(lamp.id))]).status == 303)
        #expect(try app.item(drill.id)?.tags == ["Tools"] && app.item(lamp.id)?.tags == ["Tools"] && app.item(bike.id)?.tags == [])
        #expect(try post(app, [("action", "removeTag"), ("tag", "tools"), ("ids", String(drill.id))]).status == 303)
        #expect(try app.item(drill.id)?.tags == [] && app.item(lamp.id)?.tags == ["Tools"], "any case")
    }

    @Test func aMissingItemChangesNone() throws {
        let app = try TestApp()
        let bike = try app.createItem("Bike")
        let refused = try post(app, [("action", "addTag"), ("tag", "x"), ("ids", String(bike.id)), ("ids", "999")])
        #expect(refused.status == 404)
        #expect(try app.item(bike.id)?.tags == [], "all or none")
        let deleted = try post(app, [("action", "delete"), ("confirmed", "1"), ("ids", String(bike.id)), ("ids", "999")])
        #expect(deleted.status == 404)
        #expect(try app.item(bike.id) != nil)
    }

    @Test func deletingAsksFirstNamingTheCountThenDeletes() throws {
        let app = try TestApp()
        let a = try app.createItem("Old Phone"), b = try app.createItem("Old Laptop"), keep = try app.createItem("Keep Me")
        let confirm = try post(app, [("action", "delete"), ("ids", String(a.id)), ("ids", String(b.id))])
        #expect(confirm.status == 200)
        #expect(confirm.text.contains("Delete 2 items?") && confirm.text.contains("Old Phone") && confirm.text.contains("Old Laptop"))
        #expect(try app.items().count == 3, "nothing deleted before the confirmation")
        #expect(try post(app, [("action", "delete"), ("confirmed", "1"), ("ids", String(a.id)), ("ids", String(b.id))]).status == 303)
        #expect(try app.names() == [keep.name])
    }

    /// Picked items' labels: a page naming them, whose form asks for the one sheet of all of them.
    @Test func printingPickedItemsLabelsGivesOneSheetOfThemAll() throws {
        let app = try TestApp()
        let a = try app.createItem("Bike"), b = try app.createItem("Drill"), _ = try app.createItem("Lamp")
        let page = try post(app, [("action", "printLabels"), ("ids", String(a.id)), ("ids", String(b.id))])
        #expect(page.status == 200 && page.text.contains("Print 2 Labels") && page.text.contains("Bike") && page.text.contains("Drill") && !page.text.contains("Lamp"))
        #expect(page.text.contains("name=\"items\" value=\"\(a.id),\(b.id)\""), "\(page.text)")
        let sheet = try app.client.get("/api/v1/labels.pdf?items=\(a.id),\(b.id)&stock=avery-l7160&start=1")
        #expect(sheet.status == 200 && sheet.header("Content-Type") == "application/pdf")
    }

    @Test func aFormThatSaysNothingClearlyIsRefusedSayingWhatToFix() throws {
        let app = try TestApp()
        let item = try app.createItem("Bike")
        for (fields, words) in [([("action", "move")], "No items were picked"), ([("ids", String(item.id))], "Choose what to do"),
                                ([("action", "addTag"), ("ids", String(item.id))], "Type the tag"),
                                ([("action", "move"), ("ids", "abc")], "is not an item")] {
            let response = try post(app, fields)
            #expect(response.status == 400 && response.text.contains(words), "\(fields): \(response.text.prefix(200))")
        }
    }

    @Test func theSelectModeHasABoxPerRowTiedToItsForm() throws {
        let app = try TestApp()
        let item = try app.createItem("Bike")
        let page = try app.client.get("/?select=1", headers: Self.html).text
        #expect(page.contains(#"name="ids" value="\#(item.id)" form="bulk-form" aria-label="Select Bike""#))
        #expect(page.contains(#"<form id="bulk-form""#))
    }
}
