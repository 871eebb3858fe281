@testable import App
import Claims
import Database
import Foundation
import HTTPTestClient
import Households
import Inventory
import Testing

/// The claims' requests work in one household: the one `?household=` names (of the caller's), else the
/// caller's current one; an adjuster's link works in its own (docs/plans/households.md, session 2, step 2b).
@Suite struct HouseholdClaimRequestTests {
    /// olivia's first household holds "Garage burglary" (a lamp lost), her flat "Flat flood" (a kettle lost),
    /// each claim made through the claims working in its household; vera is a viewer of the first only.
    struct TwoHouseholds {
        let app: SecuredApp
        let olivia: SecuritySession
        let vera: SecuritySession
        let flat: HouseholdID
        let flatAccess: HouseholdAccess
        let homeClaim: Claim.ID
        let flatClaim: Claim.ID

        init() throws {
            app = try SecuredApp()
            olivia = try app.signIn("olivia")
            vera = try app.signIn("vera")
            let flat = try HouseholdAPITests.flat(in: app, members: [])
            self.flat = flat
            flatAccess = try #require(try app.app.environment.households.access(to: flat, for: try app.account("olivia").id))
            let home = app.app.claims, flatClaims = app.app.claims.in(flatAccess)
            let lamp = try app.app.items.create(ItemInput(name: "Brass lamp")).id
            homeClaim = try home.create(ClaimInput(name: "Garage burglary")).id
            _ = try home.addItems([lamp], to: homeClaim)
            // The flat's kettle as its row would be: no store makes a second household's items yet (its search
            // table comes with session 4).
            let kettle = Item.ID(flat.rawValue << 32 | 1)
            try app.app.environment.database.write { connection in
                try connection.run("INSERT INTO items (household_id, id, name, date_created_ms, position) VALUES (?, ?, 'Copper kettle', 1764000000000, 0)",
                                   flat, kettle)
            }
            flatClaim = try flatClaims.create(ClaimInput(name: "Flat flood")).id
            _ = try flatClaims.addItems([kettle], to: flatClaim)
        }
    }

    static func names(_ response: TestResponse) -> [String] {
        (response.json as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test func aClaimOfAnotherHouseholdIsNotListedNorFoundByIDExactlyAsAnUnknownOne() throws {
        let world = try TwoHouseholds()
        let (olivia, flat) = (world.olivia, world.flat)
        #expect(Self.names(try olivia.get("/api/v1/claims", accept: "application/json")) == ["Garage burglary"])
        #expect(Self.names(try olivia.get("/api/v1/claims?household=1", accept: "application/json")) == ["Garage burglary"])
        #expect(Self.names(try olivia.get("/api/v1/claims?household=\(flat)", accept: "application/json")) == ["Flat flood"])

        // Each claim by id only in its own household; elsewhere the same answer as an id nobody has.
        let inFlat = try olivia.get("/api/v1/claims/\(world.flatClaim)?household=\(flat)", accept: "application/json")
        #expect(inFlat.status == 200 && (inFlat.json as? [String: Any])?["name"] as? String == "Flat flood", "\(inFlat.status) \(inFlat.text)")
        for (id, household) in [(world.flatClaim, ""), (world.homeClaim, "?household=\(flat)")] {
            let elsewhere = try olivia.get("/api/v1/claims/\(id)\(household)", accept: "application/json")
            let unknown = try olivia.get("/api/v1/claims/999999\(household)", accept: "application/json")
            #expect(elsewhere.status == 404 && unknown.status == 404, "\(id)\(household): \(elsewhere.status) \(elsewhere.text)")
            #expect(elsewhere.text == unknown.text.replacingOccurrences(of: "999999", with: "\(id)"), "\(elsewhere.text) / \(unknown.text)")
            #expect(elsewhere.errorCode == "claim-not-found")
        }

        // Nor is the flat's claim changed, nor its items listed, from the first household.
        let renamed = try olivia.json("PATCH", "/api/v1/claims/\(world.flatClaim)", ["name": "Renamed from home"])
        #expect(renamed.status == 404, "\(renamed.status) \(renamed.text)")
        let schedule = try olivia.get("/api/v1/claims/\(world.flatClaim)/schedule.csv", accept: "text/csv")
        #expect(schedule.status == 404, "\(schedule.status)")
        let flatSchedule = try olivia.get("/api/v1/claims/\(world.flatClaim)/schedule.csv?household=\(flat)", accept: "text/csv")
        #expect(flatSchedule.status == 200 && flatSchedule.text.contains("Copper kettle") && !flatSchedule.text.contains("Brass lamp"), "\(flatSchedule.text)")
        #expect(try world.app.app.claims.in(world.flatAccess).claim(id: world.flatClaim).name == "Flat flood")

        // A claim made naming the flat is the flat's.
        let made = try olivia.json("POST", "/api/v1/claims?household=\(flat)", ["name": "Flat burglary"])
        #expect(made.status == 201, "\(made.status) \(made.text)")
        #expect(Self.names(try olivia.get("/api/v1/claims", accept: "application/json")) == ["Garage burglary"])
        #expect(Set(Self.names(try olivia.get("/api/v1/claims?household=\(flat)", accept: "application/json"))) == ["Flat flood", "Flat burglary"])
    }

    @Test func theClaimPagesShowTheFlatsClaimOnlyWhenAMemberNamesIt() throws {
        let world = try TwoHouseholds()
        let (olivia, flat) = (world.olivia, world.flat)
        let list = try olivia.get("/claims")
        #expect(list.status == 200 && list.text.contains("Garage burglary") && !list.text.contains("Flat flood"))
        let flatList = try olivia.get("/claims?household=\(flat)")
        #expect(flatList.status == 200 && flatList.text.contains("Flat flood") && !flatList.text.contains("Garage burglary"), "\(flatList.status)")

        let page = try olivia.get("/claims/\(world.flatClaim)?household=\(flat)")
        #expect(page.status == 200 && page.text.contains("Flat flood") && page.text.contains("Copper kettle"), "\(page.status)")
        #expect(!page.text.contains("Brass lamp"))
        // Without naming the flat, its claim's page is not there, as an unknown claim's is not.
        let fromHome = try olivia.get("/claims/\(world.flatClaim)"), unknown = try olivia.get("/claims/999999")
        #expect(fromHome.status == 404 && unknown.status == 404, "\(fromHome.status)")
        #expect(!fromHome.text.contains("Flat flood"))
        #expect(try olivia.get("/claims/\(world.homeClaim)?household=\(flat)").status == 404)

        // vera is not in the flat: neither its list nor its claim, and the first household's list stays hers.
        for path in ["/claims?household=\(flat)", "/claims/\(world.flatClaim)?household=\(flat)"] {
            let refused = try world.vera.get(path)
            #expect(refused.status == 404 && !refused.text.contains("Flat flood"), "\(path): \(refused.status)")
        }
        #expect(try world.vera.get("/claims").text.contains("Garage burglary"))
    }

    /// The token that `url` (a link's address) ends with.
    static func token(of created: TestResponse) throws -> String {
        let url = try #require((created.json as? [String: Any])?["url"] as? String, "\(created.status) \(created.text)")
        return String(url.split(separator: "/").last ?? "")
    }

    @Test func anAdjustersLinkOfTheFlatShowsItsClaimAndNothingOfTheFirstHousehold() throws {
        let world = try TwoHouseholds()
        let (olivia, flat) = (world.olivia, world.flat)
        let expires = ClaimLinkInput.suggestedDay(now: Date()).iso
        // The owner's side names the flat, as every other claim request does.
        let fromHome = try olivia.json("POST", "/api/v1/claims/\(world.flatClaim)/links", ["expires": expires])
        #expect(fromHome.status == 404 && fromHome.errorCode == "claim-not-found", "\(fromHome.status) \(fromHome.text)")
        let created = try olivia.json("POST", "/api/v1/claims/\(world.flatClaim)/links?household=\(flat)", ["expires": expires])
        #expect(created.status == 201, "\(created.status) \(created.text)")
        let token = try Self.token(of: created)

        // Whoever holds it signs in to nothing and names no household: the link's own is where it reads.
        let page = try world.app.client.get("/shared/\(token)", headers: ["Accept": "text/html"])
        #expect(page.status == 200, "\(page.status) \(page.text.prefix(300))")
        #expect(page.text.contains("Flat flood") && page.text.contains("Copper kettle"))
        #expect(!page.text.contains("Garage burglary") && !page.text.contains("Brass lamp"))
        let schedule = try world.app.client.get("/shared/\(token)/schedule.csv")
        #expect(schedule.status == 200 && schedule.text.contains("Copper kettle") && !schedule.text.contains("Brass lamp"), "\(schedule.status)")

        // Each opening is recorded in the flat, for its owner's list of the claim's links.
        let links = try olivia.get("/api/v1/claims/\(world.flatClaim)/links?household=\(flat)", accept: "application/json")
        let openings = (links.json as? [[String: Any]])?.first?["openings"] as? [[String: Any]] ?? []
        #expect(Set(openings.compactMap { $0["path"] as? String }) == ["/", "/schedule.csv"], "\(links.status) \(links.text)")
        #expect(try olivia.get("/api/v1/claims/\(world.flatClaim)/links", accept: "application/json").status == 404)
    }

    /// A link's pages read as a viewer of the link's household, whoever made it; a household that is
    /// gone gives its links nothing to read.
    @Test func aLinksHouseholdIsItsOwnAsAViewer() throws {
        let world = try TwoHouseholds()
        let households = world.app.app.environment.households
        let shared = try #require(try households.sharedByLink(in: world.flat))
        #expect(shared.id == world.flat && shared.role == .viewer && shared.filesFolder == world.flatAccess.filesFolder)
        #expect(shared.idPrefix == world.flatAccess.idPrefix)
        #expect(try households.sharedByLink(in: HouseholdID(999)) == nil)
    }
}
