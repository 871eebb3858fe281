import Foundation
import HTTPTestClient
import Testing

/// `GET /api/v1/items?q=&location=&tag=&condition=&sort=&limit=&after=`: search, filters, sorts and
/// windows through the API, each window's `Link` leading to the next.
@Suite struct ItemsQueryAPITests {
    private func names(_ app: TestApp, _ path: String) throws -> [String] {
        let response = try app.client.get(path)
        #expect(response.status == 200, "\(path): \(response.status)")
        return try response.decode([ItemModel].self).map(\.name)
    }

    @Test func withoutParametersTheListIsExactlyAsBefore() throws {
        let app = try TestApp()
        for name in ["Camera", "Lamp", "Chair"] { try app.createItem(name) }
        let plain = try app.client.get("/api/v1/items")
        let empty = try app.client.get("/api/v1/items?q=&sort=&tag=")
        #expect(plain.body == empty.body, "empty values are no parameters")
        #expect(plain.header("Link") == nil)
        let everything = try app.client.get("/api/v1/items?sort=manual&limit=500")
        #expect(everything.body == plain.body, "the same JSON, item for item")
    }

    @Test func searchesFiltersAndSorts() throws {
        let app = try TestApp()
        let kitchen = try app.client.json("POST", "/api/v1/locations", ["name": "Kitchen"]).json as? [String: Any]
        let kitchenID = try #require(kitchen?.int("id"))
        _ = try app.client.json("POST", "/api/v1/items", ["name": "Café grinder", "tags": ["Appliance"], "condition": "good",
                                                          "locationId": kitchenID, "replacementCost": "250.00"])
        _ = try app.client.json("POST", "/api/v1/items", ["name": "Sofa", "condition": "fair", "replacementCost": "900.00"])
        _ = try app.client.json("POST", "/api/v1/items", ["name": "Blender", "tags": ["appliance"], "locationId": kitchenID])
        #expect(try names(app, "/api/v1/items?q=cafe") == ["Café grinder"])
        #expect(try names(app, "/api/v1/items?q=kit").sorted() == ["Blender", "Café grinder"], "by the location's path")
        #expect(try names(app, "/api/v1/items?tag=APPLIANCE&sort=name") == ["Blender", "Café grinder"])
        #expect(try names(app, "/api/v1/items?location=\(kitchenID)&condition=good") == ["Café grinder"])
        #expect(try names(app, "/api/v1/items?sort=value") == ["Sofa", "Café grinder", "Blender"])
        #expect(try names(app, "/api/v1/items?q=%22%20(%20*%20%3A") == ["Café grinder", "Sofa", "Blender"], "nothing to search for")
        #expect(try names(app, "/api/v1/items?q=%22%20AND%20(%20NEAR").isEmpty, "operators are only words")
        #expect(try names(app, "/api/v1/items?q=NEAR%28a").isEmpty)
    }

    @Test func theLinkHeaderLeadsThroughEveryWindow() throws {
        let app = try TestApp()
        for number in 0..<12 { try app.createItem("Thing \(number % 4)") }
        var path: String? = "/api/v1/items?sort=name&q=thing&limit=5"
        var seen: [Int64] = [], windows = 0
        while let next = path {
            let response = try app.client.get(next)
            #expect(response.status == 200)
            seen += try response.decode([ItemModel].self).map(\.id)
            windows += 1
            path = response.header("Link").flatMap { link in
                link.hasSuffix(">; rel=\"next\"") && link.hasPrefix("</api/v1/items?") ? String(link.dropFirst().prefix { $0 != ">" }) : nil
            }
            if let path { #expect(path.contains("sort=name") && path.contains("q=thing") && path.contains("limit=5")) }
        }
        #expect(windows == 3)
        #expect(seen.count == 12 && Set(seen).count == 12)
    }

    @Test func badParametersNameTheParameterAndWhatIsAllowed() throws {
        let app = try TestApp()
        try app.createItem("Lamp")
        let cases: [(query: String, status: Int, code: String, field: String?, says: String)] = [
            ("sort=price", 400, "invalid-item-query", "sort", "manual, name, value, purchaseDate or room"),
            ("condition=mint", 400, "invalid-item-query", "condition", "new, good, fair, poor or broken"),
            ("location=kitchen", 400, "invalid-item-query", "location", "whole number"),
            ("location=999", 400, "invalid-item-query", "location", "no location 999"),
            ("limit=0", 400, "invalid-limit", nil, "1 to 500"),
            ("limit=501", 400, "invalid-limit", nil, "1 to 500"),
            ("limit=5&after=garbage", 400, "invalid-item-query", "after", "Link header"),
            ("after=garbage", 400, "invalid-item-query", "after", "limit"),
        ]
        for bad in cases {
            let response = try app.client.get("/api/v1/items?\(bad.query)")
            #expect(response.status == bad.status, "\(bad.query)")
            let error = try #require(response.apiError, "\(bad.query)")
            #expect(error.code == bad.code, "\(bad.query)")
            #expect(error.message.contains(bad.says), "\(bad.query): \(error.message)")
            if let field = bad.field { #expect(error.fields?[field] != nil, "\(bad.query)") }
        }
        // A cursor of one order is no cursor for another.
        try app.createItem("Desk")
        let link = try #require(try app.client.get("/api/v1/items?sort=name&limit=1").header("Link"))
        let after = String(link.drop { $0 != "&" }.split(separator: "after=").last?.prefix { $0 != ">" } ?? "")
        #expect(try app.client.get("/api/v1/items?sort=value&limit=1&after=\(after)").apiError?.code == "invalid-item-query")
    }
}

/// A control character in search text (a NUL first: FTS5 ends a string at it) is the searcher's to
/// fix, from every door a search comes through: never a 500.
@Suite struct SearchControlCharacterTests {
    static let html = ["Accept": "text/html,application/xhtml+xml"]

    @Test func theItemsAPIRefusesItWithWhatToFix() throws {
        let app = try TestApp()
        try app.createItem("Camera")
        for q in ["cam%00", "%00", "a%00b%20c", "cam%01", "cam%7F", "cam%C2%85era%1B"] {
            let response = try app.client.get("/api/v1/items?q=\(q)")
            #expect(response.status == 400, "q=\(q): \(response.status) \(response.text)")
            let error = try #require(response.apiError, "q=\(q)")
            #expect(error.code == "invalid-item-query" && error.fields?["q"] != nil, "q=\(q)")
            #expect(error.message.contains("control character") && error.message.contains("take it out"), "q=\(q): \(error.message)")
            #expect(try app.client.get("/api/v1/items?q=\(q)&limit=5&sort=name").status == 400, "q=\(q), sorted and windowed")
        }
        // Whitespace controls only separate words, as a space does.
        for q in ["cam%09", "%0Acam%0D%0A", "cam%0B%0C"] {
            let response = try app.client.get("/api/v1/items?q=\(q)")
            #expect(response.status == 200, "q=\(q): \(response.text)")
            #expect(try response.decode([ItemModel].self).map(\.name) == ["Camera"], "q=\(q)")
        }
    }

    @Test func theListPageAnswersWithAPageThatSaysWhatToFix() throws {
        let app = try TestApp()
        try app.createItem("Camera")
        let response = try app.client.get("/?q=cam%00era", headers: Self.html)
        #expect(response.status == 400, "\(response.status)")
        #expect(response.isHTML && response.text.contains("control character"), "\(response.text.prefix(300))")
        #expect(try app.client.get("/?q=cam%09", headers: Self.html).status == 200)
    }

    @Test func aClaimsChoiceBySearchIsRefusedAndAddsNothing() throws {
        let app = try TestApp()
        try app.createItem("Camera")
        let claim = try #require((try app.client.json("POST", "/api/v1/claims", ["name": "Burglary"]).json as? [String: Any])?.int("id"))
        let page = try app.client.pageForm("/claims/\(claim)/choose", [("by", "search"), ("q", "cam\u{0}")], headers: Self.html)
        #expect(page.status == 400, "\(page.status) \(page.text.prefix(300))")
        #expect(page.isHTML && page.text.contains("control character"))
        let api = try app.client.json("POST", "/api/v1/claims/\(claim)/items", ["q": "cam\u{0}"])
        #expect(api.status == 400, "\(api.status) \(api.text)")
        #expect(api.apiError?.code == "invalid-item-query" && api.apiError?.fields?["q"] != nil, "\(api.text)")
        let lines = (try app.client.get("/api/v1/claims/\(claim)").json as? [String: Any])?["items"] as? [Any]
        #expect(lines?.isEmpty == true, "nothing was added")
        #expect(try app.client.json("POST", "/api/v1/claims/\(claim)/items", ["q": "cam"]).status == 200)
    }
}
