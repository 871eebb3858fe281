import Database
import Foundation
import HTTPTestClient
import Households
import Testing
@testable import App

/// A request works in one household: the one `?household=` names (of the caller's), else the caller's
/// current one. The items API is the first to take it (docs/plans/households.md, session 2, step 2b).
@Suite struct HouseholdRequestTests {
    static func names(_ response: TestResponse) -> [String] {
        (response.json as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test func theItemsAPIWorksInTheHouseholdTheRequestNames() throws {
        let app = try SecuredApp()
        let olivia = try app.signIn("olivia"), vera = try app.signIn("vera")
        let created = try olivia.json("POST", "/api/v1/items", ["name": "Lamp"])
        #expect(created.status == 201, "\(created.status) \(created.text)")
        let lamp = try #require((created.json as? [String: Any])?["id"] as? Int)
        let flat = try HouseholdAPITests.flat(in: app, members: [])

        // The current household is the first: the same list with or without naming it.
        #expect(Self.names(try olivia.get("/api/v1/items", accept: "application/json")) == ["Lamp"])
        #expect(Self.names(try olivia.get("/api/v1/items?household=1", accept: "application/json")) == ["Lamp"])
        // The flat, which olivia owns, holds nothing: the lamp is not there, by list or by id.
        let flatList = try olivia.get("/api/v1/items?household=\(flat)", accept: "application/json")
        #expect(flatList.status == 200 && Self.names(flatList).isEmpty, "\(flatList.status) \(flatList.text)")
        let lampInFlat = try olivia.get("/api/v1/items/\(lamp)?household=\(flat)", accept: "application/json")
        let unknownInFlat = try olivia.get("/api/v1/items/999999?household=\(flat)", accept: "application/json")
        #expect(lampInFlat.status == 404 && unknownInFlat.status == 404)
        #expect(lampInFlat.text == unknownInFlat.text.replacingOccurrences(of: "999999", with: "\(lamp)"))

        // vera is not in the flat: naming it answers as naming no household there is, whatever is sent.
        var answers: [String] = []
        for named in ["\(flat)", "999", "abc", ""] {
            let response = try vera.get("/api/v1/items?household=\(named)", accept: "application/json")
            #expect(response.status == 404, "\(named): \(response.status)")
            answers.append(response.text)
        }
        #expect(Set(answers).count == 1, "\(answers)")
        #expect(answers.first?.contains("household-not-found") == true, "\(answers)")
        // Nor can she change anything of the first household through it.
        let moved = try vera.json("DELETE", "/api/v1/items/\(lamp)?household=\(flat)", [:] as [String: Any])
        #expect(moved.status == 404 || moved.status == 403, "\(moved.status)")
        #expect(Self.names(try olivia.get("/api/v1/items", accept: "application/json")) == ["Lamp"])
    }

    @Test func openAccessWorksInTheFirstHouseholdAndNamesNoOther() throws {
        let app = try TestApp()
        let created = try app.client.json("POST", "/api/v1/items", ["name": "Kettle"])
        #expect(created.status == 201)
        #expect(Self.names(try app.client.get("/api/v1/items?household=1")) == ["Kettle"])
        for named in ["2", "abc", "0"] {
            let response = try app.client.get("/api/v1/items?household=\(named)")
            #expect(response.status == 404 && response.text.contains("household-not-found"), "\(named): \(response.status) \(response.text)")
        }
    }
}
