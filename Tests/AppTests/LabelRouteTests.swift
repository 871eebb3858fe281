import Foundation
import HTTPTestClient
import Inventory
import Testing
import ToolRunner

/// A printed label's short address opens its place or item, after a rename and a move too; a
/// deleted one says so; signed out, sign-in comes first and then the label's page. And the sheets:
/// a PDF of the labels asked for, or an error that says what to fix.
@Suite struct LabelRouteTests {
    static func place(_ app: TestApp, _ name: String, in parent: Int64? = nil) throws -> Int64 {
        var body: [String: Any] = ["name": name]
        if let parent { body["parentId"] = parent }
        let response = try app.client.json("POST", "/api/v1/locations", body)
        return try #require((response.json as? [String: Any])?.id, "\(response.status) \(response.text)")
    }

    static func code(place id: Int64) -> String { LabelCode(place: Location.ID(id)).description }
    static func code(item id: Int64) -> String { LabelCode(item: Item.ID(id)).description }

    @Test func aLabelLeadsToItsPlaceOrItemAfterARenameAndAMove() throws {
        let app = try TestApp()
        let garage = try Self.place(app, "Garage")
        let box = try Self.place(app, "Box 4")
        let drill = try app.createItem("Cordless drill")
        let boxLabel = "/l/\(Self.code(place: box))"
        #expect(try app.client.get(boxLabel).header("Location") == "/locations/\(box)")
        #expect(try app.client.json("PATCH", "/api/v1/locations/\(box)", ["name": "Box 4: tools", "parentId": garage]).status == 200)
        let moved = try app.client.get(boxLabel)
        #expect(moved.status == 303 && moved.header("Location") == "/locations/\(box)", "renamed and moved, the same label")
        let itemLabel = try app.client.get("/l/\(Self.code(item: drill.id))")
        #expect(itemLabel.status == 303 && itemLabel.header("Location") == "/items/\(drill.id)")
        // Typed by hand: lower case, a hyphen, O for zero.
        let typed = Self.code(place: box).lowercased().replacingOccurrences(of: "0", with: "o")
        #expect(try app.client.get("/l/\(typed.prefix(2))-\(typed.dropFirst(2))").header("Location") == "/locations/\(box)")
    }

    @Test func aLabelOfADeletedPlaceOrItemSaysSoWithItsName() throws {
        let app = try TestApp()
        let shelf = try Self.place(app, "Shelf under the stairs")
        let lamp = try app.createItem("Brass lamp")
        #expect(try app.client.send("DELETE", "/api/v1/locations/\(shelf)").status == 204)
        #expect(try app.client.send("DELETE", "/api/v1/items/\(lamp.id)").status == 204)
        let place = try app.client.get("/l/\(Self.code(place: shelf))", headers: ["Accept": "text/html"])
        #expect(place.status == 410 && place.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(place.text.contains("This place was deleted") && place.text.contains("“Shelf under the stairs”"), "\(place.text)")
        let item = try app.client.get("/l/\(Self.code(item: lamp.id))", headers: ["Accept": "text/html"])
        #expect(item.status == 410 && item.text.contains("This item was deleted") && item.text.contains("“Brass lamp”"))
        // A code never handed out, and one with a wrong check digit: not found, with a page that says why.
        let never = try app.client.get("/l/\(Self.code(place: 999))", headers: ["Accept": "text/html"])
        #expect(never.status == 404 && never.text.contains("No place or item has the label"), "\(never.text)")
        var mistyped = Array(Self.code(place: 1))
        mistyped[mistyped.count - 1] = mistyped.last == "0" ? "1" : "0"
        let wrong = try app.client.get("/l/\(String(mistyped))", headers: ["Accept": "text/html"])
        #expect(wrong.status == 404 && wrong.text.contains("is not a label"), "\(wrong.text)")
    }

    @Test func signedOutTheLabelAsksToSignInThenOpensThePlace() throws {
        let secured = try SecuredApp(accounts: [("vera", .viewer)])
        let olivia = try secured.app.items.createLocation(LocationInput(name: "Attic box"))
        let label = "/l/\(LabelCode(place: olivia.id))"
        let redirect = try secured.client.get(label, headers: ["Accept": "text/html"])
        let signInURL = try #require(redirect.header("Location"), "\(redirect.status)")
        let page = try secured.client.get(signInURL, headers: ["Accept": "text/html"])
        let next = try #require(HTMLInspection.value(ofInput: "next", in: page.text))
        #expect(next == label)
        let signedIn = try secured.postSignIn([("name", "vera"), ("password", SecuredApp.password), ("next", next)])
        #expect(signedIn.status == 303 && signedIn.header("Location") == label)
        let session = try secured.signIn("vera")
        #expect(try session.get(label).header("Location") == "/locations/\(olivia.id)")
    }

    @Test func aSheetOfLabelsNamesEachPlaceWithWhatIsInItAndEachItemWithWhereItIs() throws {
        let app = try TestApp()
        let garage = try Self.place(app, "Garage")
        let box = try Self.place(app, "Box 7", in: garage)
        for name in ["Saw", "Drill", "Gloves", "Tape measure", "Level", "Clamps"] + (1...20).map({ String(format: "Jar %02d", $0) }) {
            #expect(try app.client.json("POST", "/api/v1/items", ["name": name, "locationId": box]).status == 201)
        }
        let kettle = try app.createItem("Kettle")
        let response = try app.client.get("/api/v1/labels.pdf?locations=\(box),\(garage)&items=\(kettle.id)&stock=avery-5160&start=4",
                                          headers: ["Host": "localhost:8443"])
        #expect(response.status == 200 && response.header("Content-Type") == "application/pdf", "\(response.text.prefix(300))")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("labels-\(UUID().uuidString).pdf")
        try Data(response.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let info = try ToolRun.output(of: "/usr/bin/pdfinfo", [file.path])
        #expect(info.contains("Page size:       612 x 792 pts") && info.contains("Pages:           1"), "\(info)")
        let text = try ToolRun.output(of: "/usr/bin/pdftotext", [file.path, "-"])
        // As many of the box's things as fit its label, whole, then how many more.
        for part in [Self.code(place: box), "Box 7", "Clamps, Drill, Gloves,", Self.code(place: garage), "Box 7", Self.code(item: kettle.id), "Kettle"] {
            #expect(text.contains(part), "the sheet prints \(part):\n\(text)")
        }
        let start = try #require(text.range(of: "Clamps"), "\(text)").lowerBound
        let end = try #require(text.range(of: " more", range: start..<text.endIndex), "\(text)").upperBound
        let contents = text[start..<end].split(whereSeparator: \.isNewline).joined(separator: " ")
        let more = try #require(contents.firstMatch(of: /and (\d+) more$/).flatMap { Int($0.1) }, "\(contents)")
        #expect(more > 0 && contents.split(separator: ", ").count + more == 26, "\(contents)")
        #expect(!text.contains("…"), "no name is cut short: \(text)")
        // The codes hold the labels' addresses at the host the request came to, read back by zbar.
        _ = try ToolRun.output(of: "/usr/bin/pdftoppm", ["-r", "300", "-png", "-singlefile", file.path, file.path])
        defer { try? FileManager.default.removeItem(atPath: file.path + ".png") }
        let addresses = try ToolRun.output(of: "/usr/bin/zbarimg", ["--quiet", "--raw", file.path + ".png"]).split(separator: "\n").map(String.init)
        #expect(addresses.sorted() == [Self.code(place: box), Self.code(place: garage), Self.code(item: kettle.id)].map { "http://localhost:8443/l/\($0)" }.sorted())
    }

    @Test func aBadStockStartOrChoiceIsRefusedSayingWhatToFix() throws {
        let app = try TestApp()
        let box = try Self.place(app, "Box 1")
        let cases: [(query: String, status: Int, code: String, says: String)] = [
            ("locations=\(box)&stock=avery-9999", 400, "invalid-label-stock", "avery-l7160, avery-l7163, avery-5160, avery-5163, tape-62, tape-29"),
            ("locations=\(box)&stock=avery-l7160&start=22", 400, "invalid-label-start", "from 1 to 21"),
            ("locations=\(box)&stock=avery-5163&start=0", 400, "invalid-label-start", "from 1 to 10"),
            ("locations=\(box)&start=two", 400, "invalid-label-start", "“two”"),
            ("locations=\(box)&stock=tape-62&start=2", 400, "invalid-label-start", "continuous tape"),
            ("stock=avery-l7160", 400, "invalid-label-selection", "Choose the labels"),
            ("locations=1,x", 400, "invalid-label-selection", "“x”"),
            ("locations=\(box),404&items=77", 422, "unknown-label-target", "no location 404 and no item 77"),
        ]
        for test in cases {
            let response = try app.client.get("/api/v1/labels.pdf?\(test.query)")
            #expect(response.status == test.status && response.apiError?.code == test.code && response.apiError?.message.contains(test.says) == true,
                    "\(test.query) → \(response.status) \(response.text)")
        }
        // The place page's Print a Label form sends the same GET as a page load: it reads a page that says what to fix.
        let fromTheForm = try app.client.get("/api/v1/labels.pdf?locations=\(box)&stock=avery-l7163&start=20",
                                             headers: ["Accept": "text/html,application/xhtml+xml", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"])
        #expect(fromTheForm.status == 400 && fromTheForm.header("Content-Type")?.hasPrefix("text/html") == true, "\(fromTheForm.status) \(fromTheForm.text.prefix(200))")
        #expect(fromTheForm.text.contains("from 1 to 14") && fromTheForm.text.contains("error-card"))
    }
}
