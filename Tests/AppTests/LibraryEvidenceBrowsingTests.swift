import App
import Foundation
import HTTPTestClient
import Inventory
import Testing

/// Finding old library photos of a possession to link as evidence, besides albums, events and
/// people: the photos taken between two days, and the events of the room the item is kept in.
@Suite struct LibraryEvidenceBrowsingTests {
    static func item(_ app: LibraryTestApp, _ fields: [String: Any]) throws -> Int64 {
        try #require((try app.client.json("POST", "/api/v1/items", fields).json as? [String: Any])?.id)
    }

    static func place(_ app: LibraryTestApp, _ name: String, in parent: Int64? = nil) throws -> Int64 {
        let fields: [String: Any] = parent.map { ["name": name, "parentId": $0] } ?? ["name": name]
        return try #require((try app.client.json("POST", "/api/v1/locations", fields).json as? [String: Any])?.id)
    }

    static func hrefs(_ html: String) -> [String] { LibraryPagesTests.hrefs(html) }

    /// The photos a grid in pick mode offers, by the asset id each form posts.
    static func pickedAssets(_ html: String) -> [String] {
        HTMLInspection.tags("input", in: html).filter { HTMLInspection.attribute("name", of: $0) == "assetId" }
            .compactMap { HTMLInspection.attribute("value", of: $0) }
    }

    @Test func theDatesFormOpensThePhotosOfThoseDaysAndKeepsPicking() throws {
        let app = try LibraryTestApp.standard()
        let id = try Self.item(app, ["name": "Camera"])
        let pick = "pick=\(id)&as=evidence"
        let groups = try app.client.get("/library?\(pick)").text
        let form = try #require(HTMLInspection.tags("form", in: groups).first { HTMLInspection.attribute("action", of: $0) == "/library/dates" })
        #expect(HTMLInspection.attribute("method", of: form) == "get")
        #expect(HTMLInspection.value(ofInput: "pick", in: groups) == String(id) && HTMLInspection.value(ofInput: "as", in: groups) == "evidence")
        #expect(HTMLInspection.attribute("type", of: HTMLInspection.input(named: "from", in: groups) ?? "") == "date")

        let answer = try app.client.get("/library/dates?from=2019-05-04&to=2019-05-04&\(pick)")
        #expect(answer.status == 303)
        let location = try #require(answer.header("Location"))
        #expect(location.hasPrefix("/library/groups/d") && location.hasSuffix("?\(pick)"), "\(location)")
        let grid = try app.client.get(location)
        #expect(grid.status == 200)
        let lisbon = try app.asset(named: "IMG_0412.jpg").string("id") ?? "", evening = try app.asset(named: "IMG_0419.jpg").string("id") ?? ""
        #expect(Self.pickedAssets(grid.text) == [lisbon, evening], "May 4's two photos, from any album, each a pick")
        #expect(grid.text.contains("May 4, 2019") && grid.text.contains("2 photos"))
        #expect(Self.hrefs(grid.text).contains("/library?\(pick)"), "back to the library, still picking")
        #expect(HTMLInspection.tags("form", in: grid.text).contains { HTMLInspection.attribute("action", of: $0) == "/items/\(id)/evidence" })

        // One day, To left empty; the same range through the API.
        let oneDay = try #require(try app.client.get("/library/dates?from=2019-05-04").header("Location"))
        #expect(oneDay == String(location.prefix { $0 != "?" }))
        let groupID = String(oneDay.dropFirst("/library/groups/".count))
        let assets = try #require(try app.client.get("/api/v1/library/groups/\(groupID)/assets").json as? [String: Any])
        #expect((assets["assets"] as? [[String: Any]])?.compactMap { $0.string("id") } == [lisbon, evening])

        // Picking from the range links the photo.
        let linked = try app.client.pageForm("/items/\(id)/evidence", [("assetId", evening)])
        #expect(linked.status == 303)
        #expect(try app.app.items.item(id: Item.ID(id)).evidence.map(\.assetID.rawValue) == [evening])

        // Days with nothing taken say so.
        let empty = try #require(try app.client.get("/library/dates?from=2001-01-01&to=2001-12-31").header("Location"))
        let nothing = try app.client.get(empty)
        #expect(nothing.status == 200 && nothing.text.contains("No photo in the library was taken on these days"))
        #expect(Self.pickedAssets(nothing.text).isEmpty)
    }

    @Test func badDaysComeBackBesideTheirFieldsAsTyped() throws {
        let app = try LibraryTestApp.standard()
        let cases: [(query: String, field: String, message: String)] = [
            ("", "from", "Choose the first day"),
            ("from=&to=2019-05-04", "from", "Choose the first day"),
            ("from=2019-02-30", "from", "From must be a day that exists"),
            ("from=yesterday&to=2019-05-04", "from", "From must be a day that exists"),
            ("from=2019-05-04&to=2019-13-01", "to", "To must be a day that exists"),
            ("from=2019-05-04&to=2019-05-03", "to", "To must be on or after From (2019-05-04)"),
        ]
        for (query, field, message) in cases {
            let page = try app.client.get("/library/dates?\(query)&pick=7&as=evidence")
            #expect(page.status == 400, "\(query)")
            #expect(page.isHTML)
            #expect(HTMLInspection.text(ofElementWithID: "dates-\(field)-error", in: page.text)?.hasPrefix(message) == true, "\(query): \(page.text.count)")
            let input = try #require(HTMLInspection.input(named: field, in: page.text))
            #expect(input.contains("aria-invalid=\"true\"") && input.contains("autofocus"), "\(query)")
            #expect(HTMLInspection.value(ofInput: "pick", in: page.text) == "7", "still picking")
            #expect(page.text.contains("Lisbon"), "the groups are still there")
        }
        let typed = try app.client.get("/library/dates?from=yesterday&to=2019-05-04").text
        #expect(HTMLInspection.value(ofInput: "from", in: typed) == "yesterday" && HTMLInspection.value(ofInput: "to", in: typed) == "2019-05-04")
        #expect(try app.client.get("/api/v1/library/groups/d5_1/assets").errorCode == "group-not-found")
        #expect(try app.client.get("/library/groups/d1_x").status == 404)
    }

    @Test func theRoomsEventsAreTheEventsOfPhotosLinkedToWhatIsKeptThere() throws {
        let app = try LibraryTestApp.standard()
        let kitchen = try Self.place(app, "Kitchen")
        let cupboard = try Self.place(app, "Cupboard", in: kitchen)
        let hall = try Self.place(app, "Hall")
        let kettle = try Self.item(app, ["name": "Kettle", "locationId": cupboard])
        let toaster = try Self.item(app, ["name": "Toaster", "locationId": kitchen])
        let coat = try Self.item(app, ["name": "Coat", "locationId": hall])
        let loose = try Self.item(app, ["name": "Umbrella"])
        let lisbon = try app.asset(named: "IMG_0412.jpg").string("id") ?? "", rosa = try app.asset(named: "rosa.jpg").string("id") ?? ""
        #expect(try app.client.json("POST", "/api/v1/items/\(kettle)/evidence", ["assetId": lisbon]).status == 201)
        #expect(try app.client.json("POST", "/api/v1/items/\(coat)/evidence", ["assetId": rosa]).status == 201)
        let may4 = try #require(try app.group("May 4, 2019", kind: "event").string("id"))
        let march = try #require(try app.group("Mar 3, 2020", kind: "event").string("id"))

        let page = try app.client.get("/library?pick=\(toaster)&as=evidence").text
        #expect(HTMLInspection.text(ofElementWithID: "place-events-title", in: page) == "Photos from Kitchen’s Events")
        let section = try #require(Self.section("place-events", in: page))
        #expect(Self.hrefs(section) == ["/library/groups/\(may4)?pick=\(toaster)&as=evidence"], "the kettle's photo, from the cupboard inside the kitchen")
        #expect(section.contains("2 photos"))

        let hallPage = try app.client.get("/library?pick=\(coat)&as=evidence").text
        #expect(Self.hrefs(try #require(Self.section("place-events", in: hallPage))) == ["/library/groups/\(march)?pick=\(coat)&as=evidence"])

        let empty = try #require(Self.section("place-events", in: try app.client.get("/library?pick=\(kettle)&as=evidence").text), "the cupboard")
        #expect(!Self.hrefs(empty).isEmpty, "the kettle's own photo is in the cupboard")
        let bare = try Self.place(app, "Attic")
        let box = try Self.item(app, ["name": "Box", "locationId": bare])
        let attic = try #require(Self.section("place-events", in: try app.client.get("/library?pick=\(box)&as=evidence").text))
        #expect(attic.contains("No photo is linked to anything in Attic yet") && Self.hrefs(attic).isEmpty)

        #expect(Self.section("place-events", in: try app.client.get("/library?pick=\(loose)&as=evidence").text) == nil, "kept nowhere")
        #expect(Self.section("place-events", in: try app.client.get("/library?pick=\(toaster)").text) == nil, "copying a photo, not linking")
        #expect(Self.section("place-events", in: try app.client.get("/library?pick=999999&as=evidence").text) == nil, "no such item")
    }

    /// The HTML of the `<section id="…">`, if the page has one.
    static func section(_ id: String, in html: String) -> String? {
        guard let start = html.range(of: "<section class=\"group-section\" id=\"\(id)\""),
              let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }
}
