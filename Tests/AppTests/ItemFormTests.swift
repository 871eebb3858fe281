import Foundation
import HTTPTestClient
import Testing

/// The browser's forms: plain posts answered with redirects, and rejected forms that keep what was typed.
@Suite struct ItemFormTests {
    static let html = ["Accept": "text/html,application/xhtml+xml"]

    @Test func listPageShowsEachItemWithItsValue() throws {
        let app = try TestApp()
        let camera = try app.createItem("Camera", serial: "SN-1", value: 250)
        try app.createItem("Pencil", value: 2)
        let page = try app.client.get("/", headers: Self.html)
        #expect(page.status == 200)
        #expect(page.isHTML)
        let text = page.text
        #expect(text.contains("Camera") && text.contains("SN-1") && text.contains("$250"))
        #expect(text.contains("Pencil") && text.contains("$2<"))
        #expect(text.contains("href=\"/items/\(camera.id)\""))
        let cameraAt = try #require(text.range(of: "Camera")).lowerBound
        let pencilAt = try #require(text.range(of: "Pencil")).lowerBound
        #expect(cameraAt < pencilAt, "list order")
    }

    @Test func newItemFormCreatesAndRedirectsToTheList() throws {
        let app = try TestApp()
        #expect(try app.client.get("/items/new", headers: Self.html).status == 200)
        let response = try app.client.pageForm("/items", [("name", "Lamp"), ("serialNumber", "L-9"), ("valueInDollars", "$1,200")])
        #expect(response.status == 303)
        let location = try #require(response.header("Location"))
        #expect(location == "/" || location.hasPrefix("/#") || location.hasPrefix("/?"), "Location \(location)")
        let items = try app.items()
        #expect(items.count == 1)
        #expect(items.first?.name == "Lamp")
        #expect(items.first?.serialNumber == "L-9")
        #expect(items.first?.valueInDollars == 1200)
    }

    @Test(arguments: [
        ("abc", "Lamp", "valueInDollars", "not a number"),
        ("12.50", "Lamp", "valueInDollars", "whole number"),
        ("-5", "Lamp", "valueInDollars", "negative"),
        ("2000000000", "Lamp", "valueInDollars", "1,000,000,000"),
        ("10", "", "name", "name"),
        ("10", String(repeating: "n", count: 1_001), "name", "1,000"),
    ])
    func invalidNewItemIs422AndReshowsWhatWasTyped(value: String, name: String, field: String, mention: String) throws {
        let app = try TestApp()
        let serial = "S/N <x> \"7\""
        let response = try app.client.pageForm("/items", [("name", name), ("serialNumber", serial), ("valueInDollars", value)])
        #expect(response.status == 422)
        #expect(response.isHTML)
        let html = response.text
        #expect(HTMLInspection.value(ofInput: "name", in: html) == name)
        #expect(HTMLInspection.value(ofInput: "serialNumber", in: html) == serial)
        #expect(HTMLInspection.value(ofInput: "valueInDollars", in: html) == value)
        expectErrorBeside(field, mentioning: mention, in: html)
        #expect(try app.items().isEmpty)
    }

    @Test func savingTheDetailFormRedirectsWithSaved() throws {
        let app = try TestApp()
        let item = try app.createItem("Camera", serial: "SN-1", value: 250)
        let detail = try app.client.get("/items/\(item.id)", headers: Self.html)
        #expect(detail.status == 200)
        #expect(HTMLInspection.value(ofInput: "name", in: detail.text) == "Camera")
        #expect(HTMLInspection.value(ofInput: "serialNumber", in: detail.text) == "SN-1")
        #expect(HTMLInspection.value(ofInput: "replacementCost", in: detail.text) == "250.00", "the value is the exact replacement cost")
        #expect(detail.text.contains("<time"), "creation date shown")
        let version = try #require(HTMLInspection.value(ofInput: "version", in: detail.text))

        let response = try app.client.pageForm("/items/\(item.id)", [("name", "Camera II"), ("serialNumber", "SN-2"), ("valueInDollars", "300"), ("version", version)])
        #expect(response.status == 303)
        #expect(response.header("Location") == "/items/\(item.id)?saved=1")
        let stored = try #require(try app.item(item.id))
        #expect(stored.name == "Camera II")
        #expect(stored.serialNumber == "SN-2")
        #expect(stored.valueInDollars == 300)

        let saved = try app.client.get("/items/\(item.id)?saved=1", headers: Self.html)
        #expect(saved.status == 200)
        #expect(saved.text.contains("Saved"))
        #expect(HTMLInspection.value(ofInput: "name", in: saved.text) == "Camera II")
    }

    @Test func invalidEditIs422KeepsTypedValuesAndChangesNothing() throws {
        let app = try TestApp()
        let item = try app.createItem("Camera", serial: "SN-1", value: 250)
        let version = try app.formVersion(of: item.id)
        let response = try app.client.pageForm("/items/\(item.id)", [("name", "New name"), ("serialNumber", "SN-2"), ("valueInDollars", "abc"), ("version", version)])
        #expect(response.status == 422)
        #expect(response.isHTML)
        #expect(HTMLInspection.value(ofInput: "name", in: response.text) == "New name")
        #expect(HTMLInspection.value(ofInput: "serialNumber", in: response.text) == "SN-2")
        #expect(HTMLInspection.value(ofInput: "valueInDollars", in: response.text) == "abc")
        expectErrorBeside("valueInDollars", mentioning: "not a number", in: response.text)
        let stored = try #require(try app.item(item.id))
        #expect(stored.name == "Camera")
        #expect(stored.valueInDollars == 250)
    }

    @Test func staleVersionIs409ShowingTheTypedValues() throws {
        let app = try TestApp()
        let item = try app.createItem("Camera", serial: "SN-1", value: 250)
        let version = try app.formVersion(of: item.id)
        #expect(try app.client.json("PATCH", "/api/v1/items/\(item.id)", ["name": "Changed elsewhere"]).status == 200)

        let response = try app.client.pageForm("/items/\(item.id)", [("name", "My edit"), ("serialNumber", "SN-1"), ("valueInDollars", "999"), ("version", version)])
        #expect(response.status == 409)
        #expect(response.isHTML)
        #expect(response.text.contains("changed elsewhere"))
        #expect(HTMLInspection.value(ofInput: "name", in: response.text) == "My edit")
        #expect(HTMLInspection.value(ofInput: "valueInDollars", in: response.text) == "999")
        let newVersion = try #require(HTMLInspection.value(ofInput: "version", in: response.text))
        #expect(newVersion != version, "saving again from the conflict page uses the current version")
        let stored = try #require(try app.item(item.id))
        #expect(stored.name == "Changed elsewhere")
        #expect(stored.valueInDollars == 250)

        let retry = try app.client.pageForm("/items/\(item.id)", [("name", "My edit"), ("serialNumber", "SN-1"), ("valueInDollars", "999"), ("version", newVersion)])
        #expect(retry.status == 303)
        #expect(try app.item(item.id)?.name == "My edit")
    }

    @Test func deleteAsksThenDeletes() throws {
        let app = try TestApp()
        let keep = try app.createItem("Keep")
        let item = try app.createItem("Old lamp")
        let confirm = try app.client.get("/items/\(item.id)/delete", headers: Self.html)
        #expect(confirm.status == 200)
        #expect(confirm.text.contains("Old lamp"))
        let forms = HTMLInspection.tags("form", in: confirm.text)
        #expect(forms.contains { HTMLInspection.attribute("action", of: $0) == "/items/\(item.id)/delete" && HTMLInspection.attribute("method", of: $0)?.lowercased() == "post" })
        #expect(try app.item(item.id) != nil, "asking does not delete")

        let response = try app.client.pageForm("/items/\(item.id)/delete", [])
        #expect(response.status == 303)
        #expect(response.header("Location") == "/")
        #expect(try app.item(item.id) == nil)
        #expect(try app.items().map(\.id) == [keep.id])
        #expect(try app.client.pageForm("/items/\(item.id)/delete", []).status == 404)
    }

    @Test func moveFormReorders() throws {
        let app = try TestApp()
        try app.createItem("A")
        try app.createItem("B")
        let c = try app.createItem("C")
        let list = try app.client.get("/?edit=1", headers: Self.html).text
        #expect(list.contains("/items/\(c.id)/move"), "edit mode offers move controls")

        let response = try app.client.pageForm("/items/\(c.id)/move", [("position", "0")])
        #expect(response.status == 303)
        #expect(response.header("Location")?.hasPrefix("/") == true)
        #expect(try app.names() == ["C", "A", "B"])

        let outside = try app.client.pageForm("/items/\(c.id)/move", [("position", "7")])
        #expect(outside.status == 422)
        #expect(outside.isHTML)
        let missing = try app.client.pageForm("/items/\(c.id)/move", [("position", "up")])
        #expect(missing.status == 422)
        #expect(try app.names() == ["C", "A", "B"])
    }

    @Test func unknownItemPagesAre404Pages() throws {
        let app = try TestApp()
        for path in ["/items/12345", "/items/abc", "/items/12345/delete"] {
            let response = try app.client.get(path, headers: Self.html)
            #expect(response.status == 404, "\(path)")
            #expect(response.isHTML, "\(path)")
            #expect(response.text.contains("href=\"/\""))
        }
        let save = try app.client.pageForm("/items/12345", [("name", "X"), ("valueInDollars", "1")])
        #expect(save.status == 404)
        #expect(try app.items().isEmpty)
    }

    @Test func damagedFormIs400Page() throws {
        let app = try TestApp()
        let page = try app.client.pageFormToken()
        let response = try app.client.send("POST", "/items", headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html",
                                                                       "X-CSRF-Token": page.token, "Cookie": page.cookie],
                                           body: Array("name=%ZZ&valueInDollars=1".utf8))
        #expect(response.status == 400)
        #expect(response.isHTML)
        #expect(try app.items().isEmpty)
    }

    /// The field's error message sits in the element its input points to with `aria-describedby`.
    private func expectErrorBeside(_ field: String, mentioning word: String, in html: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let input = HTMLInspection.input(named: field, in: html) else {
            Issue.record("no input \(field)", sourceLocation: sourceLocation)
            return
        }
        #expect(HTMLInspection.attribute("aria-invalid", of: input) == "true", sourceLocation: sourceLocation)
        guard let describedBy = HTMLInspection.attribute("aria-describedby", of: input) else {
            Issue.record("input \(field) has no aria-describedby", sourceLocation: sourceLocation)
            return
        }
        let message = HTMLInspection.text(ofElementWithID: describedBy, in: html) ?? ""
        #expect(message.localizedCaseInsensitiveContains(word), "error beside \(field): “\(message)”", sourceLocation: sourceLocation)
    }
}
