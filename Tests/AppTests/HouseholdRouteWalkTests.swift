import Foundation
import HTTPServer
import HTTPTestClient
import Inventory
import Testing
@testable import App

/// Every route that reads or changes a household's things works in the household the request names,
/// and refuses one the caller is not in, pages and files as much as the JSON API. A route that works in
/// no household (the caller's account, the server's settings, a file addressed by its content) is
/// listed below with why, so a new route must say which it is.
@Suite struct HouseholdRouteWalkTests {
    /// Route patterns that do not work in a household, each with the reason.
    static let notInAHousehold: [(prefix: String, why: String)] = [
        ("/account", "the caller's own account"),
        ("/api/v1/account", "the caller's own account"),
        ("/api/v1/households", "names its household in the path"),
        ("/users", "the server's accounts"),
        ("/api/v1/users", "the server's accounts"),
        ("/signout", "the caller's own session"),
        ("/api/v1/openapi.json", "the API's description"),
        ("/api/v1/uploads", "an upload is its account's until it is handed to an item"),
        ("/uploads", "an upload is its account's until it is handed to an item"),
        ("/api/v1/exchange-rates", "the server's exchange rates"),
        ("/settings/exchange-rates", "the server's exchange rates"),
        ("/settings/offline-copy", "the server's switch, which every page's head names (the first household's setting until the switch half)"),
        ("/api/v1/library", "the photo library is granted per account until its roots are granted per household (plan session 3)"),
        ("/library/groups/", "the photo library is granted per account until its roots are granted per household (plan session 3)"),
        ("/library/assets/", "the photo library is granted per account until its roots are granted per household (plan session 3)"),
        ("/library/files/", "the photo library is granted per account until its roots are granted per household (plan session 3)"),
        ("/images/", "a photo's file by its content's hash, shared until each household's files are its own (plan 3.8)"),
        ("/api/v1/reminders", "the account's reminders, from every household it is in, each linking into its own"),
        ("/reminders", "the account's reminders, from every household it is in, each linking into its own"),
    ]

    /// The pages, the export and the labels show the flat's things when a request names the flat, and
    /// only then; its item's page is not there in the first household, exactly as an unknown item's.
    @Test func thePagesExportAndLabelsShowTheHouseholdTheRequestNames() throws {
        let app = try SecuredApp()
        let olivia = try app.signIn("olivia")
        #expect(try olivia.json("POST", "/api/v1/items", ["name": "Our lamp"]).status == 201)
        let flat = try HouseholdAPITests.flat(in: app, members: [])
        let bike: Int64 = flat.rawValue << 32 | 1
        try app.app.environment.database.write { connection in
            try connection.execute("""
                INSERT INTO locations (household_id, id, name) VALUES (\(flat.rawValue), \(bike), 'Their attic');
                INSERT INTO items (household_id, id, name, date_created_ms, position, location_id, replacement_cost)
                    VALUES (\(flat.rawValue), \(bike), 'Their bike', 0, 0, \(bike), 45000);
                """)
        }
        let inFlat = "household=\(flat)"
        for (path, theirs, ours) in [("/", "Their bike", "Our lamp"), ("/locations", "Their attic", "Our lamp"),
                                     ("/api/v1/export?format=homebox-csv", "Their bike", "Our lamp")] {
            let joiner = path.contains("?") ? "&" : "?"
            let flatPage = try olivia.get(path + joiner + inFlat, accept: "text/html")
            #expect(flatPage.status == 200 && flatPage.text.contains(theirs) && !flatPage.text.contains(ours), "\(path) in the flat: \(flatPage.status)")
            let home = try olivia.get(path, accept: "text/html")
            #expect(home.status == 200 && !Self.withoutDueSoon(home.text).contains(theirs), "\(path): \(home.status)")
        }
        let bikePage = try olivia.get("/items/\(bike)?\(inFlat)", accept: "text/html")
        #expect(bikePage.status == 200 && bikePage.text.contains("Their bike"), "\(bikePage.status)")
        let bikeAtHome = try olivia.get("/items/\(bike)", accept: "text/html")
        let unknown = try olivia.get("/items/\(bike + 1)", accept: "text/html")
        #expect(bikeAtHome.status == 404 && unknown.status == 404)
        #expect(bikeAtHome.text.replacingOccurrences(of: "\(bike)", with: "N") == unknown.text.replacingOccurrences(of: "\(bike + 1)", with: "N"))
        let labels = try olivia.get("/api/v1/labels.pdf?items=\(bike)&\(inFlat)", accept: "application/pdf")
        #expect(labels.status == 200 && labels.header("Content-Type") == "application/pdf", "\(labels.status) \(labels.text.prefix(200))")
        let labelsAtHome = try olivia.get("/api/v1/labels.pdf?items=\(bike)", accept: "application/json")
        #expect(labelsAtHome.status != 200 && labelsAtHome.errorCode == "unknown-label-target", "\(labelsAtHome.status) \(labelsAtHome.text)")
    }

    /// A page without the home page's Due soon card, which is the account's, of every household it is
    /// in (`HouseholdReminderTests`): the flat's bike has had no photo for a month.
    static func withoutDueSoon(_ page: String) -> String {
        guard let start = page.range(of: "<section class=\"due-soon-card card\" id=\"due-soon\""),
              let end = page.range(of: "</section>", range: start.upperBound..<page.endIndex) else { return page }
        return String(page[..<start.lowerBound] + page[end.upperBound...])
    }

    @Test func everyRouteOfAHouseholdRefusesOneTheCallerIsNotIn() throws {
        let fixture = try SecurityFixture.make()
        let olivia = try fixture.secured.signIn("olivia")
        let before = try fixture.secured.snapshot(), places = try fixture.app.items.locations()
        var problems: [String] = [], asked: [String] = []
        for route in fixture.app.routes where route.access != .public {
            guard !Self.notInAHousehold.contains(where: { route.pattern.hasPrefix($0.prefix) }) else { continue }
            let path = try fixture.path(for: route)
            let response: TestResponse
            if route.method.changesState {
                let version = try fixture.app.items.item(id: Item.ID(fixture.itemID)).version
                let (headers, body) = fixture.body(for: route, version: version)
                response = try olivia.send(route.method.rawValue, path + "?household=999", headers: headers, body: body)
            } else {
                response = try olivia.get(path + "?household=999", accept: "text/html")
            }
            asked.append("\(route.method.rawValue) \(route.pattern)")
            if response.status != 404 || !response.text.contains("no such household") {
                problems.append("\(route.method.rawValue) \(route.pattern) → \(response.status) \(response.errorCode ?? "")")
            }
        }
        let ignored = problems.count
        #expect(ignored == 0, "\(ignored) of \(asked.count) routes ignored ?household=:\n\(problems.joined(separator: "\n"))")
        #expect(try fixture.secured.snapshot() == before, "a request naming no household of olivia's changed an item or an account")
        #expect(try fixture.app.items.locations() == places, "a request naming no household of olivia's changed a location")
    }
}
