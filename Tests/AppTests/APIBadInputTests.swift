import Foundation
import HTTPTestClient
import Testing

/// One bad request body, what status it must get, and words its message must contain.
struct BadBody: Sendable, CustomTestStringConvertible {
    let label: String
    let body: [UInt8]
    let status: Int
    /// Every one of these must appear in the error message (case-insensitive).
    let mentions: [String]

    init(_ label: String, _ body: String, _ status: Int, mentions: [String]) {
        self.init(label, Array(body.utf8), status, mentions: mentions)
    }

    init(_ label: String, _ body: [UInt8], _ status: Int, mentions: [String]) {
        self.label = label
        self.body = body
        self.status = status
        self.mentions = mentions
    }

    var testDescription: String { label }

    /// Bad for both create and change.
    static let forAnyWrite: [BadBody] = [
        BadBody("malformed JSON", "{\"name\": \"Lamp\"", 400, mentions: ["JSON"]),
        BadBody("array instead of object", "[{\"name\": \"Lamp\"}]", 400, mentions: ["object"]),
        BadBody("string instead of object", "\"Lamp\"", 400, mentions: ["object"]),
        BadBody("empty body", "", 400, mentions: ["empty"]),
        BadBody("name as number", "{\"name\": 12}", 422, mentions: ["name", "text"]),
        BadBody("name as null", "{\"name\": null}", 422, mentions: ["name"]),
        BadBody("serial as number", "{\"serialNumber\": 12}", 422, mentions: ["serialNumber"]),
        BadBody("value as string", "{\"valueInDollars\": \"12\"}", 422, mentions: ["valueInDollars", "whole number"]),
        BadBody("value as float", "{\"valueInDollars\": 12.5}", 422, mentions: ["valueInDollars", "whole number"]),
        BadBody("value as bool", "{\"valueInDollars\": true}", 422, mentions: ["valueInDollars"]),
        BadBody("negative value", "{\"valueInDollars\": -1}", 422, mentions: ["negative"]),
        BadBody("value over the max", "{\"valueInDollars\": 1000000001}", 422, mentions: ["1,000,000,000"]),
        BadBody("value far over Int64", "{\"valueInDollars\": 99999999999999999999999}", 422, mentions: ["1,000,000,000"]),
        BadBody("value 1e300", "{\"valueInDollars\": 1e300}", 422, mentions: ["value", "1,000,000,000"]),
        BadBody("value 1e400, past any number", "{\"valueInDollars\": 1e400}", 400, mentions: ["1e400", "too large", "1,000,000,000"]),
        BadBody("name over 1,000 characters", "{\"name\": \"\(String(repeating: "é", count: 1_001))\"}", 422, mentions: ["name", "1,000"]),
        BadBody("empty name", "{\"name\": \"   \"}", 422, mentions: ["name"]),
        BadBody("name with a line break", "{\"name\": \"a\\nb\"}", 422, mentions: ["name"]),
        BadBody("serial over 200 characters", "{\"serialNumber\": \"\(String(repeating: "x", count: 201))\"}", 422, mentions: ["serial", "200"]),
        BadBody("unknown field", "{\"name\": \"Lamp\", \"colour\": \"red\"}", 422, mentions: ["colour"]),
        BadBody("invalid UTF-8", Array("{\"name\": \"".utf8) + [0xFF, 0xFE, 0xC3] + Array("\"}".utf8), 400, mentions: ["UTF-8"]),
        BadBody("lone surrogate escape", "{\"name\": \"\\ud800\"}", 400, mentions: ["JSON"]),
    ]
}

/// Bad input to the JSON API: each gets a clear message and nothing stored changes.
@Suite struct APIBadInputTests {
    static let json = ["Content-Type": "application/json"]

    @Test(arguments: BadBody.forAnyWrite)
    func badPatchIsRefusedAndTheItemIsUnchanged(_ bad: BadBody) throws {
        let app = try TestApp()
        let created = try app.createItem("Camera", serial: "SN-1", value: 250)
        let response = try app.client.send("PATCH", "/api/v1/items/\(created.id)", headers: Self.json, body: bad.body)
        expectError(response, bad)
        let stored = try #require(try app.item(created.id))
        #expect(stored.name == "Camera")
        #expect(stored.serialNumber == "SN-1")
        #expect(stored.valueInDollars == 250)
    }

    @Test(arguments: BadBody.forAnyWrite + [
        BadBody("missing name", "{\"serialNumber\": \"A\", \"valueInDollars\": 3}", 422, mentions: ["name", "required"]),
        BadBody("empty object", "{}", 422, mentions: ["name"]),
    ])
    func badCreateIsRefusedAndNothingIsStored(_ bad: BadBody) throws {
        let app = try TestApp()
        try app.createItem("Existing")
        let response = try app.client.send("POST", "/api/v1/items", headers: Self.json, body: bad.body)
        expectError(response, bad)
        #expect(try app.names() == ["Existing"])
    }

    @Test func everyProblemIsReportedAtOnce() throws {
        let app = try TestApp()
        let response = try app.client.json("POST", "/api/v1/items", ["name": 5, "valueInDollars": "x"])
        #expect(response.status == 422)
        let message = response.errorMessage ?? ""
        #expect(message.contains("name") && message.contains("valueInDollars"), "message: \(message)")
    }

    @Test func eachProblemIsKeyedByItsField() throws {
        let app = try TestApp()
        let response = try app.client.json("POST", "/api/v1/items", ["name": 5, "valueInDollars": "x", "colour": "red"])
        #expect(response.status == 422)
        let error = try #require(response.apiError, "not an API error: \(response.text)")
        #expect(error.code == "invalid-item")
        #expect(Set(error.fields?.keys.map { $0 } ?? []) == ["name", "valueInDollars", "colour"])
        #expect(error.fields?["name"]?.contains("text") == true, "\(error)")
        #expect(error.fields?["colour"]?.contains("Unknown field") == true, "\(error)")
    }

    @Test func limitsThemselvesAreAccepted() throws {
        let app = try TestApp()
        let name = String(repeating: "é", count: 1_000)
        let response = try app.client.json("POST", "/api/v1/items", ["name": name, "serialNumber": String(repeating: "x", count: 200), "valueInDollars": 1_000_000_000])
        #expect(response.status == 201)
        let item: ItemModel = try response.decode()
        #expect(item.name == name)
        #expect(item.valueInDollars == 1_000_000_000)
        let zero = try app.client.json("POST", "/api/v1/items", ["name": "Free", "valueInDollars": 0])
        #expect(zero.status == 201)
    }

    /// RFC 8259 has no trailing commas; accepting them hides a client's bug.
    @Test func trailingCommaIsMalformedJSON() throws {
        let app = try TestApp()
        let created = try app.createItem("Camera")
        let body = Array("{\"name\": \"Lamp\",}".utf8)
        let create = try app.client.send("POST", "/api/v1/items", headers: Self.json, body: body)
        #expect(create.status == 400, "\(create.status) \(create.text)")
        let patch = try app.client.send("PATCH", "/api/v1/items/\(created.id)", headers: Self.json, body: body)
        #expect(patch.status == 400, "\(patch.status) \(patch.text)")
        #expect(try app.names() == ["Camera"])
    }

    @Test func wrongContentTypeIs415() throws {
        let app = try TestApp()
        let created = try app.createItem("Camera")
        let body = Array("{\"name\": \"Lamp\"}".utf8)
        // A page's script would send its token (a form's type is one another site's page can send too).
        let page = try app.client.pageFormToken()
        for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
            let create = try app.client.send("POST", "/api/v1/items", headers: ["Content-Type": type, "X-CSRF-Token": page.token, "Cookie": page.cookie], body: body)
            #expect(create.status == 415, "\(type)")
            #expect(create.errorCode != nil)
            #expect(create.errorMessage?.contains("application/json") == true)
            let patch = try app.client.send("PATCH", "/api/v1/items/\(created.id)", headers: ["Content-Type": type], body: body)
            #expect(patch.status == 415, "\(type)")
        }
        #expect(try app.names() == ["Camera"])
        let withCharset = try app.client.send("POST", "/api/v1/items", headers: ["Content-Type": "application/json; charset=utf-8"], body: body)
        #expect(withCharset.status == 201)
    }

    @Test func bodyOverOneMegabyteIs413() throws {
        let app = try TestApp()
        let created = try app.createItem("Camera")
        let big = Array("{\"name\": \"\(String(repeating: "a", count: 1_100_000))\"}".utf8)
        let create = try app.client.send("POST", "/api/v1/items", headers: Self.json, body: big)
        #expect(create.status == 413)
        #expect(create.errorCode != nil)
        #expect(create.header("Content-Type")?.hasPrefix("application/json") == true, "an API error is JSON")
        #expect(create.errorMessage?.contains("1 M") == true, "message names the limit: \(create.errorMessage ?? "")")
        let patch = try app.client.send("PATCH", "/api/v1/items/\(created.id)", headers: Self.json, body: big)
        #expect(patch.status == 413)
        #expect(try app.names() == ["Camera"])
    }

    @Test func hugeDeclaredLengthIsRefusedAtOnceWithoutReadingTheBody() throws {
        let app = try TestApp()
        let head = "POST /api/v1/items HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 8000000000\r\n\r\n"
        // Only the head is sent, and the connection stays open: an answer at all is one given
        // without the body (a server waiting for it would cut the connection at its deadline instead).
        let response = try app.client.sendRaw(Array(head.utf8), timeout: 30)
        #expect(response.status == 413)
        #expect(response.header("Content-Type")?.hasPrefix("application/json") == true, "an API error is JSON")
        #expect(response.errorCode != nil)
        #expect(try app.client.overSocket.get("/healthz").status == 200)
        #expect(try app.items().isEmpty)
    }

    @Test func chunkedBodyOverTheLimitIs413() throws {
        let app = try TestApp()
        var bytes = Array("POST /api/v1/items HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n".utf8)
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
        for _ in 0..<20 {
            bytes += Array("\(String(chunk.count, radix: 16))\r\n".utf8) + chunk + Array("\r\n".utf8)
        }
        bytes += Array("0\r\n\r\n".utf8)
        let response = try app.client.sendRaw(bytes)
        #expect(response.status == 413)
        #expect(try app.items().isEmpty)
    }

    @Test func unknownAndNonNumericIdsAre404() throws {
        let app = try TestApp()
        let created = try app.createItem("Camera")
        for path in ["/api/v1/items/999999", "/api/v1/items/abc", "/api/v1/items/0", "/api/v1/items/-1",
                     "/api/v1/items/1.5", "/api/v1/items/99999999999999999999999"] {
            let get = try app.client.get(path)
            #expect(get.status == 404, "GET \(path)")
            #expect(get.errorCode != nil, "GET \(path)")
            #expect(get.errorMessage?.isEmpty == false)
            let patch = try app.client.json("PATCH", path, ["name": "X"])
            #expect(patch.status == 404, "PATCH \(path)")
            #expect(try app.client.send("DELETE", path).status == 404, "DELETE \(path)")
            #expect(try app.client.json("POST", path + "/move", ["position": 0]).status == 404, "move \(path)")
        }
        #expect(try app.item(created.id)?.name == "Camera")
    }

    private func expectError(_ response: TestResponse, _ bad: BadBody, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == bad.status, "\(bad.label): \(response.status) \(response.text)", sourceLocation: sourceLocation)
        #expect(response.header("Content-Type")?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
        #expect(response.errorCode?.isEmpty == false, "\(bad.label): no error.code in \(response.text)", sourceLocation: sourceLocation)
        let message = response.errorMessage ?? ""
        for word in bad.mentions {
            #expect(message.localizedCaseInsensitiveContains(word), "\(bad.label): message “\(message)” does not mention \(word)", sourceLocation: sourceLocation)
        }
    }
}
