import Foundation
import HTTPTestClient
import Testing

/// Names and serial numbers that look like markup show literally on every page, never as markup.
@Suite struct EscapingTests {
    static let html = ["Accept": "text/html"]
    static let scriptName = "<script>alert(1)</script>"
    static let quoteName = "x\" onmouseover=\"y"
    static let imgSerial = "'><img src=x onerror=alert(1)>"

    static let rawMarkup = ["<script>alert(1)", "\" onmouseover=\"y", "<img src=x", "'><img"]
    static let escapedScript = "&lt;script&gt;alert(1)&lt;/script&gt;"
    static let escapedQuote = "x&quot; onmouseover=&quot;y"
    static let escapedImg = "&gt;&lt;img src=x onerror=alert(1)&gt;"

    @Test func listAndDetailPagesShowHostileTextLiterally() throws {
        let app = try TestApp()
        let script = try app.createItem(Self.scriptName, serial: Self.imgSerial, value: 60)
        let quote = try app.createItem(Self.quoteName, serial: Self.imgSerial, value: 5)
        #expect(script.name == Self.scriptName, "stored exactly as sent")

        for path in ["/", "/?edit=1"] {
            let page = try app.client.get(path, headers: Self.html).text
            expectEscaped(page, contains: [Self.escapedScript, Self.escapedQuote, Self.escapedImg], path)
        }
        for item in [script, quote] {
            let detail = try app.client.get("/items/\(item.id)", headers: Self.html)
            #expect(detail.status == 200)
            expectEscaped(detail.text, contains: [item.id == script.id ? Self.escapedScript : Self.escapedQuote, Self.escapedImg], "detail")
            #expect(HTMLInspection.value(ofInput: "name", in: detail.text) == item.name, "the field shows the name exactly")
            #expect(HTMLInspection.value(ofInput: "serialNumber", in: detail.text) == Self.imgSerial)
            let confirm = try app.client.get("/items/\(item.id)/delete", headers: Self.html)
            expectEscaped(confirm.text, contains: [item.id == script.id ? Self.escapedScript : Self.escapedQuote], "delete confirmation")
        }
    }

    @Test func rejectedFormsShowHostileTextLiterally() throws {
        let app = try TestApp()
        let invalid = try app.client.pageForm("/items", [("name", Self.scriptName), ("serialNumber", Self.imgSerial), ("valueInDollars", Self.quoteName)])
        #expect(invalid.status == 422)
        expectEscaped(invalid.text, contains: [Self.escapedScript, Self.escapedImg, Self.escapedQuote], "422 new item")
        #expect(HTMLInspection.value(ofInput: "valueInDollars", in: invalid.text) == Self.quoteName)

        let item = try app.createItem(Self.scriptName, serial: Self.imgSerial)
        let version = try app.formVersion(of: item.id)
        #expect(try app.client.json("PATCH", "/api/v1/items/\(item.id)", ["valueInDollars": 3]).status == 200)
        let conflict = try app.client.pageForm("/items/\(item.id)", [("name", Self.quoteName), ("serialNumber", Self.imgSerial), ("valueInDollars", "1"), ("version", version)])
        #expect(conflict.status == 409)
        expectEscaped(conflict.text, contains: [Self.escapedQuote, Self.escapedImg, Self.escapedScript], "409 edit")

        let badEdit = try app.client.pageForm("/items/\(item.id)", [("name", Self.quoteName), ("valueInDollars", Self.scriptName)])
        #expect(badEdit.status == 422)
        expectEscaped(badEdit.text, contains: [Self.escapedQuote, Self.escapedScript], "422 edit")
    }

    @Test func errorPagesEchoingTheAddressEscapeIt() throws {
        let app = try TestApp()
        let page = try app.client.get("/items/%3Cscript%3Ealert(1)%22%20onmouseover=%22y", headers: Self.html)
        #expect(page.status == 404)
        #expect(page.isHTML)
        expectEscaped(page.text, contains: ["&lt;script&gt;alert(1)&quot; onmouseover=&quot;y"], "404 page")
        let api = try app.client.get("/api/v1/items/%3Cscript%3E")
        #expect(api.status == 404)
        #expect(api.header("Content-Type")?.hasPrefix("application/json") == true, "an API error is JSON, never HTML")
    }

    private func expectEscaped(_ html: String, contains escaped: [String], _ where: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for raw in Self.rawMarkup {
            #expect(!html.contains(raw), "\(`where`) contains raw \(raw)", sourceLocation: sourceLocation)
        }
        for text in escaped {
            #expect(html.contains(text), "\(`where`) lacks \(text)", sourceLocation: sourceLocation)
        }
    }
}
