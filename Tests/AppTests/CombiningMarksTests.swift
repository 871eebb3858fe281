@testable import App
import Foundation
import HomeboxBackupFixture
import HTTPTestClient
import Testing

/// One "character" of 200 KB ("a" and 100,000 combining accents, which pango shapes in quadratic time)
/// is refused at every door text comes in by, saying which field and what to fix, with nothing stored;
/// real text whose characters are several code points each (emoji sequences, Hindi, Thai, Korean in
/// jamo) is taken.
@Suite struct CombiningMarksTests {
    /// One character: "a" and 100,000 combining acute accents (200,001 bytes).
    static let bomb = "a" + String(repeating: "\u{301}", count: 100_000)
    /// One character of 60 KB, within a CSV cell's 64 KB.
    static let cellBomb = "a" + String(repeating: "\u{301}", count: 30_000)
    static let marksMessage = "has a character with 100,000 combining marks; at most 30 per character"

    /// Text near the limits that people write: a family emoji (7 code points), a kiss with skin tones (10),
    /// Hindi conjuncts, Thai vowels and tone marks, Korean in jamo, and a letter with 30 marks.
    static let realText = "Family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} "
        + "\u{1F469}\u{1F3FD}\u{200D}\u{2764}\u{FE0F}\u{200D}\u{1F48B}\u{200D}\u{1F468}\u{1F3FF} नमस्ते क्षत्रिय สวัสดีที่นี่ "
        + "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}\u{110B}\u{1165} e" + String(repeating: "\u{301}", count: 30)

    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(response.json as? [String: Any], "\(response.status) \(response.text.prefix(300))")
    }

    private func fieldMessage(_ response: TestResponse, _ field: String) -> String {
        (((response.json as? [String: Any])?["error"] as? [String: Any])?["fields"] as? [String: String])?[field] ?? ""
    }

    @Test func theItemAPIRefusesABombInEveryTextFieldAndStoresNothing() throws {
        let app = try TestApp()
        let created = try app.client.json("POST", "/api/v1/items", ["name": Self.bomb])
        #expect(created.status == 422)
        #expect(fieldMessage(created, "name") == "Name \(Self.marksMessage). Remove the extra marks.")
        #expect(try app.items().isEmpty)

        let lamp = try app.createItem("Lamp")
        let before = try app.client.get("/api/v1/items/\(lamp.id)").text
        let fields: [(String, Any, String)] = [
            ("name", Self.bomb, "name"), ("serialNumber", Self.bomb, "serialNumber"), ("brand", Self.bomb, "brand"), ("notes", Self.bomb, "notes"),
            ("description", "Fine " + Self.bomb, "description"), ("tags", ["Kitchen", Self.bomb], "tags"),
            ("customFields", ["Colour": Self.bomb], "customFields"), ("customFields", [Self.bomb: "red"], "customFields"),
            ("disposed", ["kind": "lost", "notes": Self.bomb], "disposed"),
        ]
        for (field, value, messageField) in fields {
            let patched = try app.client.json("PATCH", "/api/v1/items/\(lamp.id)", [field: value])
            #expect(patched.status == 422, "\(field): \(patched.status)")
            #expect(fieldMessage(patched, messageField).contains("a character with 100,000 combining marks; at most 30 per character"),
                    "\(field): \(fieldMessage(patched, messageField))")
        }
        #expect(try app.client.get("/api/v1/items/\(lamp.id)").text == before, "nothing half-saved")
        // A query's words: a small bomb (a URL is short), still one character too many marks.
        let words = "a" + String(repeating: "\u{301}", count: 40)
        let search = try app.client.get("/api/v1/items?q=" + words.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(search.status == 400 && search.text.contains("q has a character with 40 combining marks"), "\(search.status) \(search.text.prefix(300))")
    }

    @Test func theItemFormRefusesABombSayingWhatToFix() throws {
        let app = try TestApp()
        let response = try app.client.pageForm("/items", [("name", Self.bomb), ("serialNumber", ""), ("valueInDollars", "")], headers: ["Accept": "text/html"])
        #expect(response.status == 422)
        #expect(response.text.contains("Name \(Self.marksMessage)"))
        #expect(try app.items().isEmpty)
    }

    @Test func aPlaceAClaimAndALinkLabelRefuseABomb() throws {
        let app = try TestApp()
        let place = try app.client.json("POST", "/api/v1/locations", ["name": Self.bomb])
        #expect(place.status == 422 && fieldMessage(place, "name").contains(Self.marksMessage), "\(place.status)")
        let notes = try app.client.json("POST", "/api/v1/locations", ["name": "Kitchen", "notes": Self.bomb])
        #expect(notes.status == 422 && fieldMessage(notes, "notes").contains("Notes have a character with 100,000 combining marks"))
        #expect(try app.client.get("/api/v1/locations").text == "[]")

        let claim = try app.client.json("POST", "/api/v1/claims", ["name": Self.bomb])
        #expect(claim.status == 422 && fieldMessage(claim, "name") == "The claim's name \(Self.marksMessage). Remove the extra marks.")
        let cause = try app.client.json("POST", "/api/v1/claims", ["name": "Kitchen fire", "cause": Self.bomb])
        #expect(cause.status == 422 && fieldMessage(cause, "cause").contains("Cause of loss \(Self.marksMessage)"))
        #expect(try app.client.get("/api/v1/claims").text == "[]")

        let item = try app.createItem("Kettle")
        let made = try object(try app.client.json("POST", "/api/v1/claims", ["name": "Kitchen fire", "items": [["itemId": item.id]]]))
        let id = try #require(made["id"] as? Int)
        let line = try app.client.json("PATCH", "/api/v1/claims/\(id)/items/\(item.id)", ["actualCashValueOverride": "10.00", "overrideReason": Self.bomb])
        #expect(line.status == 422 && line.text.contains("The reason \(Self.marksMessage)"), "\(line.status) \(line.text.prefix(300))")
        let search = try app.client.json("POST", "/api/v1/claims/\(id)/items", ["q": Self.bomb])
        #expect(search.status == 422 && fieldMessage(search, "q") == "q \(Self.marksMessage). Remove the extra marks.", "\(search.status)")
        let chosen = try app.client.pageForm("/claims/\(id)/choose", [("by", "search"), ("q", Self.bomb)], headers: ["Accept": "text/html"])
        #expect(chosen.status == 400 && chosen.text.contains("The search \(Self.marksMessage)"), "\(chosen.status)")
        let expires = ClaimLinkInput.suggestedDay(now: Date()).iso
        let link = try app.client.json("POST", "/api/v1/claims/\(id)/links", ["expires": expires, "label": Self.bomb])
        #expect(link.status == 422 && fieldMessage(link, "label") == "The label \(Self.marksMessage). Remove the extra marks.")
        #expect(try app.client.get("/api/v1/claims/\(id)/links").text == "[]")
        let policy = try app.client.json("PATCH", "/api/v1/policy", ["insurer": Self.bomb])
        #expect(policy.status == 422 && fieldMessage(policy, "insurer").contains("Insurer \(Self.marksMessage)"), "\(policy.status)")
    }

    @Test func aCSVRowWithABombIsNamedInThePreviewAndNothingIsImported() throws {
        let app = try TestApp()
        let file = Array("HB.name,HB.location\nLamp,Home\n\(Self.cellBomb),Home\nRug,Home / \(Self.cellBomb)\n".utf8)
        let refused = try app.client.send("POST", "/api/v1/import", headers: ["Content-Type": "text/csv"], body: file)
        #expect(refused.status == 422)
        let errors = try #require(try object(refused)["errors"] as? [[String: Any]])
        #expect(errors.map { $0["line"] as? Int } == [3, 4] && errors.map { $0["column"] as? String } == ["HB.name", "HB.location"], "\(errors)")
        #expect((errors.first?["message"] as? String) == "Name has a character with 30,000 combining marks; at most 30 per character. Remove the extra marks.")
        #expect((errors.last?["message"] as? String)?.contains("A place in the path has a character with 30,000 combining marks") == true)
        #expect(try app.items().isEmpty && app.client.get("/api/v1/locations").text == "[]")

        let (token, cookie) = try app.client.pageFormToken()
        let boundary = "----homepwner-import-\(UUID().uuidString)"
        let body = ItemImageFixtures.multipart(boundary: boundary, [("csrf", nil, nil, Array(token.utf8)), ("file", "export.csv", "text/csv", file)])
        let uploaded = try app.client.send("POST", "/import", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)", "Cookie": cookie,
                                                                        "Accept": "text/html"], body: body)
        let preview = try app.client.get(try #require(uploaded.header("Location")), headers: ["Accept": "text/html"]).text
        #expect(preview.contains("Line 3 · HB.name") && preview.contains("Name has a character with 30,000 combining marks"))
        #expect(!preview.contains(String(repeating: "\u{301}", count: 31)), "the bomb is not echoed back")
    }

    @Test func aHomeboxBackupWithABombIsRefusedWithNothingWritten() throws {
        let app = try TestApp()
        var named = HomeboxBackupFixture()
        named.item(Self.bomb, in: named.location("Garage"))
        var placed = HomeboxBackupFixture()
        placed.item("Drill", in: placed.location(Self.bomb))
        for (label, backup) in [("an item's name", named), ("a place's name", placed)] {
            let refused = try app.client.send("POST", "/api/v1/import", headers: ["Content-Type": "application/zip"], body: try backup.bytes(in: app.folder.url))
            #expect(refused.status == 422, "\(label): \(refused.status)")
            #expect(refused.text.contains("has a character with 100,000 combining marks"), "\(label): \(refused.text.prefix(400))")
            try HomeboxBackupImportAPITests.expectNothingWritten(app, label)
        }
    }

    @Test func realTextWithManyCodePointsACharacterIsTaken() throws {
        let app = try TestApp()
        let created = try app.client.json("POST", "/api/v1/items", ["name": Self.realText, "notes": Self.realText, "tags": ["\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"],
                                                                  "customFields": ["สี": Self.realText]])
        #expect(created.status == 201, "\(created.text.prefix(300))")
        let item = try #require(try app.items().first)
        #expect(item.name == Self.realText && item.notes == Self.realText && item.customFields["สี"] == Self.realText)
        let claim = try app.client.json("POST", "/api/v1/claims", ["name": Self.realText])
        #expect(claim.status == 201)
        #expect(try object(claim)["name"] as? String == Self.realText)
        let place = try app.client.json("POST", "/api/v1/locations", ["name": Self.realText])
        #expect(place.status == 201)
    }
}
