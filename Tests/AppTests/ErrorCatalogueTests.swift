import App
import Foundation
import HTTPServer
import Testing

/// The error codes clients may rely on: each with one status, none shared between the app and the
/// server, and the README's tables saying exactly what the code does.
@Suite struct ErrorCatalogueTests {
    /// `code → status` from the README's "Error codes" tables.
    static func documented() throws -> [String: Int] {
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "### Error codes") else { return [:] }
        let section = readme[start.upperBound...].prefix { _ in true }.components(separatedBy: "\n## ").first ?? ""
        var codes: [String: Int] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, let status = Int(cells[1]) else { continue }
            let code = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            #expect(codes[code] == nil, "\(code) is documented twice")
            codes[code] = status
        }
        return codes
    }

    static var catalogued: [String: Int] {
        var codes: [String: Int] = [:]
        for code in ServerErrorCode.allCases { codes[code.rawValue] = code.status.code }
        for code in ErrorCode.allCases { codes[code.rawValue] = code.status.code }
        return codes
    }

    @Test func theReadmeDocumentsEveryCodeWithItsStatusAndNoOther() throws {
        let documented = try Self.documented()
        #expect(!documented.isEmpty, "README.md has no Error codes section")
        for (code, status) in Self.catalogued.sorted(by: { $0.key < $1.key }) {
            #expect(documented[code] == status, "\(code): \(status) in the code, \(documented[code].map(String.init) ?? "missing") in the README")
        }
        for code in Set(documented.keys).subtracting(Self.catalogued.keys) {
            Issue.record("README documents \(code), which nothing answers with")
        }
    }

    @Test func theAppNeverReusesAServerCode() {
        let server = Set(ServerErrorCode.allCases.map(\.rawValue))
        for code in ErrorCode.allCases { #expect(!server.contains(code.rawValue), "\(code.rawValue)") }
    }

    @Test func aStaleEditIsTheSameErrorFromTheFormAndTheAPI() throws {
        let app = try TestApp()
        let item = try app.createItem("Lamp")
        let version = try app.formVersion(of: item.id)
        #expect(try app.client.json("PATCH", "/api/v1/items/\(item.id)", ["name": "Lamp, changed elsewhere"]).status == 200)
        let stored = try app.client.get("/api/v1/items/\(item.id)")
        // A script saving the detail form loaded before that change…
        let form = try app.client.pageForm("/items/\(item.id)", [("name", "Lamp 2"), ("serialNumber", ""), ("valueInDollars", "0"), ("version", version)],
                                           headers: ["Accept": "application/json"])
        // …and an API client patching with the ETag it read before that change.
        let api = try app.client.json("PATCH", "/api/v1/items/\(item.id)", ["name": "Lamp 3"], headers: ["If-Match": "\"\(item.id)-\(version).0\""])
        for response in [form, api] {
            #expect(response.status == 412, "\(response.text)")
            #expect((response.json as? [String: Any])?.error?["code"] as? String == "item-changed")
        }
        #expect(try app.client.get("/api/v1/items/\(item.id)").text == stored.text, "nothing was saved")
    }
}

private extension Dictionary where Key == String, Value == Any {
    var error: [String: Any]? { self["error"] as? [String: Any] }
}
