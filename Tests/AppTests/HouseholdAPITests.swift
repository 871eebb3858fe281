import Accounts
import Database
import Foundation
import HTTPTestClient
import Households
import Testing
@testable import App

/// `GET /api/v1/households…`: each account sees the households it is in, with its role and the one
/// its requests work in, and who is in each; a household it is not in answers exactly as one that
/// does not exist.
@Suite struct HouseholdAPITests {
    static func array(_ response: TestResponse) -> [[String: Any]] { response.json as? [[String: Any]] ?? [] }
    static func object(_ response: TestResponse) -> [String: Any] { response.json as? [String: Any] ?? [:] }

    /// `[id, name, role, current]` of each household, as the API lists them.
    static func summary(_ households: [[String: Any]]) -> [String] {
        households.map { "\($0["id"] ?? "-") \($0["name"] ?? "-") \($0["role"] ?? "-") \($0["current"] ?? "-")" }
    }

    /// A second household, "Flat", which olivia owns and `members` join in their roles.
    static func flat(in app: SecuredApp, members: [(String, HouseholdRole)]) throws -> HouseholdID {
        let households = app.app.environment.households
        let olivia = try app.account("olivia").id
        let flat = try households.create(named: "Flat", owner: olivia)
        let access = try #require(try households.access(to: flat.id, for: olivia))
        for (name, role) in members { try households.add(try app.account(name).id, as: role, to: access) }
        return flat.id
    }

    @Test func ownerEditorAndViewerEachSeeTheFirstHouseholdWithTheirRoleAsTheCurrentOne() throws {
        let app = try SecuredApp()
        for (name, role) in [("olivia", "owner"), ("eddie", "editor"), ("vera", "viewer")] {
            let session = try app.signIn(name)
            let list = try session.get("/api/v1/households", accept: "application/json")
            #expect(list.status == 200)
            #expect(list.header("Content-Type")?.hasPrefix("application/json") == true)
            let households = Self.array(list)
            #expect(households.count == 1, "\(name): \(list.text)")
            #expect(households.first?["id"] as? Int == 1)
            #expect(households.first?["role"] as? String == role, "\(name): \(list.text)")
            #expect(households.first?["current"] as? Bool == true)
            #expect((households.first?["name"] as? String)?.isEmpty == false)
            let one = try session.get("/api/v1/households/1", accept: "application/json")
            #expect(one.status == 200)
            #expect(NSDictionary(dictionary: Self.object(one)) == NSDictionary(dictionary: households.first ?? [:]), "\(name): \(one.text)")
        }
        // An API token answers for its account as its session does.
        let token = try app.token(for: "vera")
        #expect(Self.summary(Self.array(try token.send("GET", "/api/v1/households"))) == ["1 \(try Self.firstName(app)) viewer 1"])
    }

    static func firstName(_ app: SecuredApp) throws -> String {
        try #require(try app.app.environment.households.households(of: try app.account("olivia").id).first?.name)
    }

    @Test func anAccountInTwoHouseholdsSeesBothOldestFirstAndOnlyTheFirstIsCurrent() throws {
        let app = try SecuredApp()
        let flat = try Self.flat(in: app, members: [("vera", .editor)])
        let home = try Self.firstName(app)
        let vera = try app.signIn("vera")
        let list = Self.array(try vera.get("/api/v1/households", accept: "application/json"))
        #expect(Self.summary(list) == ["1 \(home) viewer 1", "\(flat) Flat editor 0"])
        let second = Self.object(try vera.get("/api/v1/households/\(flat)", accept: "application/json"))
        #expect(second["name"] as? String == "Flat" && second["role"] as? String == "editor" && second["current"] as? Bool == false)
        // Olivia owns both; eddie is only in the first.
        let olivia = try app.signIn("olivia")
        #expect(Self.summary(Self.array(try olivia.get("/api/v1/households", accept: "application/json"))) == ["1 \(home) owner 1", "\(flat) Flat owner 0"])
        let eddie = try app.signIn("eddie")
        #expect(Self.summary(Self.array(try eddie.get("/api/v1/households", accept: "application/json"))) == ["1 \(home) editor 1"])
    }

    @Test func membersAreListedByNameWithTheirRolesAndWhenTheyJoined() throws {
        let app = try SecuredApp()
        let flat = try Self.flat(in: app, members: [("vera", .viewer)])
        let vera = try app.signIn("vera")
        func members(_ id: HouseholdID) throws -> [[String: Any]] {
            let response = try vera.get("/api/v1/households/\(id)/members", accept: "application/json")
            #expect(response.status == 200, "\(response.text)")
            return Self.array(response)
        }
        let first = try members(1), second = try members(flat)
        #expect(first.map { "\($0["name"] ?? "-") \($0["role"] ?? "-")" } == ["eddie editor", "olivia owner", "vera viewer"])
        #expect(second.map { "\($0["name"] ?? "-") \($0["role"] ?? "-")" } == ["olivia owner", "vera viewer"])
        let ids = try ["eddie", "olivia", "vera"].map { Int(try app.account($0).id.rawValue) }
        #expect(first.map { $0["accountId"] as? Int } == ids)
        let utc = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/
        for member in first + second {
            let joined = try #require(member["joined"] as? String)
            #expect(joined.wholeMatch(of: utc) != nil, "\(joined)")
        }
    }

    @Test func aHouseholdTheCallerIsNotInAnswersExactlyAsOneThatDoesNotExist() throws {
        let app = try SecuredApp()
        let flat = try Self.flat(in: app, members: [])
        let eddie = try app.signIn("eddie")
        for language in ["en-US", "de"] {
            var answers: [(String, TestResponse)] = []
            for id in ["abc", "0", "-1", "999", "\(flat)"] {
                for path in ["/api/v1/households/\(id)", "/api/v1/households/\(id)/members"] {
                    answers.append((path, try eddie.send("GET", path, headers: ["Accept": "application/json", "Accept-Language": language])))
                }
            }
            for (path, response) in answers {
                #expect(response.status == 404, "\(path): \(response.status)")
                #expect(response.errorCode == "household-not-found", "\(path): \(response.text)")
                #expect(response.header("Content-Type")?.hasPrefix("application/json") == true, "\(path)")
            }
            let (firstPath, first) = try #require(answers.first)
            for (path, response) in answers.dropFirst() {
                #expect(response.body == first.body, "\(path) and \(firstPath) differ: \(response.text) / \(first.text)")
                #expect(Self.comparable(response.headers) == Self.comparable(first.headers), "\(path) and \(firstPath) differ in their headers")
            }
            let message = ((Self.object(first)["error"] as? [String: Any])?["message"] as? String)
            #expect(message == (language == "de" ? "Diesen Haushalt gibt es unter Ihren Haushalten nicht." : "There is no such household among yours."))
        }
        // Olivia, who owns it, reads it.
        #expect(try app.signIn("olivia").get("/api/v1/households/\(flat)/members", accept: "application/json").status == 200)
    }

    /// Headers in order, leaving out the time the answer was sent.
    static func comparable(_ headers: [(name: String, value: String)]) -> [String] {
        headers.filter { $0.name.lowercased() != "date" }.map { "\($0.name.lowercased()): \($0.value)" }
    }

    @Test func signedOutCallersAreAskedToSignInAsOnTheAccountAPI() throws {
        let app = try SecuredApp()
        for accept in ["application/json", "text/html"] {
            let account = try app.client.get("/api/v1/account", headers: ["Accept": accept])
            #expect(account.status == 401 && account.errorCode == "sign-in-required", "\(accept): \(account.status) \(account.text)")
            for path in ["/api/v1/households", "/api/v1/households/1", "/api/v1/households/1/members", "/api/v1/households/abc"] {
                let response = try app.client.get(path, headers: ["Accept": accept])
                #expect(response.status == account.status, "\(path) \(accept): \(response.status)")
                #expect(response.body == account.body, "\(path) \(accept): \(response.text)")
            }
        }
    }

    @Test func openAccessHasNoHouseholdsOfItsOwn() throws {
        let app = try TestApp()
        for path in ["/api/v1/households", "/api/v1/households/1", "/api/v1/households/1/members"] {
            let response = try app.client.get(path)
            #expect(response.status == 404, "\(path): \(response.status)")
            #expect(response.errorCode == "no-account", "\(path): \(response.text)")
        }
    }
}
