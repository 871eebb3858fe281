import Foundation
import HTTPTestClient
import Testing
@testable import App

/// `make run`'s demo inventory shows what Homepwner does: rooms, tags, claim fields, an item no
/// longer owned, and gaps to fix.
@Suite struct DemoContentTests {
    @Test func theDemoHasRoomsTagsClaimFieldsAndGapsToFix() throws {
        let folder = try TestDataFolder()
        var configuration = AppConfiguration(dataDirectory: folder.url)
        configuration.port = 0
        configuration.accessLog = false
        configuration.seedDemoContent = true
        let app = try HomepwnerApp(configuration: configuration)
        defer { app.shutdown() }
        let client = HTTPTestClient.inProcess(app)
        let items = try client.get("/api/v1/items").decode([ItemModel].self)
        #expect(items.count == DemoContent.items.count)
        #expect(items.allSatisfy { $0.image != nil }, "every item has a photo")
        let paths = try client.get("/api/v1/locations").decode([LocationModel].self).map(\.path)
        #expect(paths.contains("Home / Kitchen") && paths.contains("Home / Study"))
        #expect(items.filter { $0.locationId != nil }.count >= 4)
        #expect(items.contains { !$0.tags.isEmpty } && items.contains { $0.scheduled } && items.contains { $0.disposed != nil })
        #expect(items.contains { !$0.readiness.ready }, "there is something to fix")
        let fix = try client.get("/fix", headers: ["Accept": "text/html"]).text
        #expect(fix.contains("at risk"))
        // The coverage check has a policy to set the demo against.
        let coverage = try client.get("/coverage", headers: ["Accept": "text/html"]).text
        #expect(coverage.contains("your policy covers $3,000"))
    }
}
