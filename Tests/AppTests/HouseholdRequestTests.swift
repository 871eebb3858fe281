import Database
import Foundation
import HTTPTestClient
import HTTPServer
import Households
import Inventory
import Testing
@testable import App

/// A request works in one household: the one `?household=` names (of the caller's), else the caller's
/// current one. The inventory's JSON API takes it (docs/plans/households.md, session 2, step 2b).
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

    /// Every operation the OpenAPI document says takes `?household=` (at its path or itself), as "GET /api/v1/…".
    static func householdOperations(_ document: [String: Any]) -> [(method: String, pattern: String)] {
        let components = (document["components"] as? [String: Any])?["parameters"] as? [String: Any] ?? [:]
        func isHousehold(_ parameter: Any) -> Bool {
            var parameter = parameter as? [String: Any] ?? [:]
            if let ref = parameter["$ref"] as? String, let name = ref.split(separator: "/").last {
                parameter = components[String(name)] as? [String: Any] ?? [:]
            }
            return parameter["name"] as? String == HouseholdResolver.parameter && parameter["in"] as? String == "query"
        }
        let paths = document["paths"] as? [String: [String: Any]] ?? [:]
        return paths.flatMap { path, item in
            let atPath = (item["parameters"] as? [Any] ?? []).contains(where: isHousehold)
            return item.compactMap { method, operation -> (method: String, pattern: String)? in
                guard let operation = operation as? [String: Any] else { return nil }
                guard atPath || (operation["parameters"] as? [Any] ?? []).contains(where: isHousehold) else { return nil }
                return (method.uppercased(), "/api/v1" + path)
            }
        }.sorted { "\($0)" < "\($1)" }
    }

    /// Each operation that takes `?household=` works only in the one it names: a viewer naming a household she is not
    /// in reads nothing, and an owner naming one there is not changes nothing, whatever the operation would do (a read
    /// only owners may make, such as a claim's links, is asked by the owner too: the viewer is refused before it).
    @Test func everyOperationThatTakesAHouseholdRefusesOneTheCallerIsNotIn() throws {
        let fixture = try SecurityFixture.make()
        let flat = try HouseholdAPITests.flat(in: fixture.secured, members: [])
        let vera = try fixture.secured.signIn("vera"), olivia = try fixture.secured.signIn("olivia")
        let document = try #require(try fixture.client.get("/api/v1/openapi.json").json as? [String: Any])
        let operations = Self.householdOperations(document)
        let before = try fixture.secured.snapshot(), places = try fixture.app.items.locations()
        var problems: [String] = [], reads = 0, writes = 0
        for (method, pattern) in operations {
            guard let route = fixture.app.routes.first(where: { $0.method.rawValue == method && $0.pattern == pattern }) else {
                problems.append("\(method) \(pattern): the document lists it, the router does not")
                continue
            }
            let path = try fixture.path(for: route)
            let response: TestResponse
            if route.method.changesState || route.access != .read {
                let version = try fixture.app.items.item(id: Item.ID(fixture.itemID)).version
                let (headers, body) = fixture.body(for: route, version: version)
                response = try olivia.send(method, path + "?household=999", headers: headers, body: body)
                writes += 1
            } else {
                response = try vera.get(path + "?household=\(flat)", accept: "application/json")
                reads += 1
            }
            if response.status != 404 || !response.text.contains("household-not-found") {
                problems.append("\(method) \(path) → \(response.status) \(response.text.prefix(120))")
            }
        }
        #expect(problems.isEmpty, "\(problems.count) operations ignored ?household=:\n\(problems.joined(separator: "\n"))")
        #expect(reads >= 7 && writes >= 20, "\(reads) reads, \(writes) writes: \(operations)")
        #expect(try fixture.secured.snapshot() == before, "a write naming no household of olivia's changed an item or an account")
        #expect(try fixture.app.items.locations() == places, "a write naming no household of olivia's changed a location")
    }

    @Test func theLocationsAndTagsAreTheNamedHouseholds() throws {
        let app = try SecuredApp()
        let olivia = try app.signIn("olivia")
        let flat = try HouseholdAPITests.flat(in: app, members: [])
        let attic = try olivia.json("POST", "/api/v1/locations?household=1", ["name": "Attic"])
        #expect(attic.status == 201, "\(attic.status) \(attic.text)")
        #expect(try olivia.json("POST", "/api/v1/items", ["name": "Lamp", "tags": ["lights"]]).status == 201)

        #expect(Self.names(try olivia.get("/api/v1/locations", accept: "application/json")) == ["Attic"])
        #expect(Self.names(try olivia.get("/api/v1/tags?household=1", accept: "application/json")) == ["lights"])
        for list in ["/api/v1/locations", "/api/v1/tags"] {
            let inFlat = try olivia.get("\(list)?household=\(flat)", accept: "application/json")
            #expect(inFlat.status == 200 && (inFlat.json as? [Any])?.isEmpty == true, "\(list): \(inFlat.status) \(inFlat.text)")
        }
        let atticID = try #require((attic.json as? [String: Any])?["id"] as? Int)
        let atticInFlat = try olivia.get("/api/v1/locations/\(atticID)?household=\(flat)", accept: "application/json")
        #expect(atticInFlat.status == 404 && atticInFlat.errorCode == "location-not-found", "\(atticInFlat.status) \(atticInFlat.text)")
    }

    /// eddie edits the first household and only looks at the flat: there he reads, and every change is
    /// refused as a viewer's is, pages and API alike, with nothing changed.
    @Test func aChangeNeedsTheCallersRoleInTheHouseholdItNames() throws {
        let app = try SecuredApp()
        let eddie = try app.signIn("eddie")
        let flat = try HouseholdAPITests.flat(in: app, members: [("eddie", .viewer)])
        #expect(try eddie.json("POST", "/api/v1/items", ["name": "Lamp"]).status == 201)
        let list = try eddie.get("/api/v1/items?household=\(flat)", accept: "application/json")
        #expect(list.status == 200 && Self.names(list).isEmpty, "\(list.status) \(list.text)")
        let created = try eddie.json("POST", "/api/v1/items?household=\(flat)", ["name": "Kettle"])
        #expect(created.status == 403 && created.errorCode == "forbidden", "\(created.status) \(created.text)")
        #expect(created.errorMessage == "You can look at this household but not change it. Ask one of its owners to make you an editor.", "\(created.text)")
        let place = try eddie.form("/locations?household=\(flat)", [("name", "Hall")])
        #expect(place.status == 403, "\(place.status)")
        // In his own household the same requests change things.
        #expect(try eddie.json("POST", "/api/v1/items?household=1", ["name": "Kettle"]).status == 201)
        #expect(Self.names(try eddie.get("/api/v1/items", accept: "application/json")).sorted() == ["Kettle", "Lamp"])
        #expect(try app.app.items.locations().isEmpty)
    }

    /// The flat's currency, policy and useful lives are its own: setting them there leaves the first
    /// household's as they were, and the other way round (before inventory 30 and claims 18 the keys were
    /// the server's, and the flat's were lost).
    @Test func eachHouseholdHasItsOwnCurrencyPolicyAndUsefulLives() throws {
        let app = try SecuredApp()
        let olivia = try app.signIn("olivia")
        let flat = try HouseholdAPITests.flat(in: app, members: [])
        func read(_ path: String, _ key: String, in household: String) throws -> Any? {
            (try olivia.get("\(path)?household=\(household)", accept: "application/json").json as? [String: Any])?[key]
        }
        #expect(try olivia.json("PATCH", "/api/v1/settings?household=1", ["currency": "GBP"]).status == 200)
        let flatCurrency = try olivia.json("PATCH", "/api/v1/settings?household=\(flat)", ["currency": "EUR"])
        #expect(flatCurrency.status == 200, "\(flatCurrency.status) \(flatCurrency.text)")
        #expect(try read("/api/v1/settings", "currency", in: "1") as? String == "GBP")
        #expect(try read("/api/v1/settings", "currency", in: "\(flat)") as? String == "EUR")

        #expect(try olivia.json("PATCH", "/api/v1/policy?household=1", ["insurer": "Home Mutual"]).status == 200)
        #expect(try olivia.json("PATCH", "/api/v1/policy?household=\(flat)", ["insurer": "Flat Mutual"]).status == 200)
        #expect(try read("/api/v1/policy", "insurer", in: "1") as? String == "Home Mutual")
        #expect(try read("/api/v1/policy", "insurer", in: "\(flat)") as? String == "Flat Mutual")

        #expect(try olivia.json("PATCH", "/api/v1/useful-lives?household=\(flat)", ["televisions": 12]).status == 200)
        func televisions(in household: String) throws -> Any? {
            (try olivia.get("/api/v1/useful-lives?household=\(household)", accept: "application/json").json as? [[String: Any]])?
                .first { $0["category"] as? String == "televisions" }?["years"]
        }
        #expect(try televisions(in: "\(flat)") as? Int == 12)
        #expect(try televisions(in: "1") as? Int != 12, "the flat's useful life changed the first household's")
    }

    /// Two households may each have a tag of one name (inventory 31): each item is tagged with its own
    /// household's, and the tag's list, counts and filter stay in their household.
    @Test func eachHouseholdHasItsOwnTagsOfTheSameName() throws {
        let app = try SecuredApp()
        let olivia = try app.signIn("olivia")
        let flat = try HouseholdAPITests.flat(in: app, members: [])
        let access = try #require(try app.app.environment.households.access(to: flat, for: try app.account("olivia").id))
        try app.app.items.makeSearchTable(for: access)
        #expect(try olivia.json("POST", "/api/v1/items", ["name": "Lamp", "tags": ["lights"]]).status == 201)
        let torch = try olivia.json("POST", "/api/v1/items?household=\(flat)", ["name": "Torch", "tags": ["Lights"]])
        #expect(torch.status == 201, "\(torch.status) \(torch.text)")
        func tags(in household: String) throws -> [String] {
            (try olivia.get("/api/v1/tags?household=\(household)", accept: "application/json").json as? [[String: Any]] ?? [])
                .map { "\($0["name"] ?? "") \($0["count"] ?? "")" }
        }
        #expect(try tags(in: "1") == ["lights 1"])
        #expect(try tags(in: "\(flat)") == ["Lights 1"])
        #expect(Self.names(try olivia.get("/api/v1/items?tag=lights&household=1", accept: "application/json")) == ["Lamp"])
        #expect(Self.names(try olivia.get("/api/v1/items?tag=lights&household=\(flat)", accept: "application/json")) == ["Torch"])
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
