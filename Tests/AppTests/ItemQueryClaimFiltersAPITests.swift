import Foundation
import HTTPTestClient
import Inventory
import Testing

/// The filters the claim fields bring to `GET /api/v1/items`: disposed or not, warranty ending
/// soon; and search over the household's own fields.
@Suite struct ItemQueryClaimFiltersAPITests {
    private func names(_ app: TestApp, _ query: String) throws -> [String] {
        let response = try app.client.get("/api/v1/items?\(query)")
        #expect(response.status == 200, "\(query): \(response.text.prefix(300))")
        return ((response.json as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
    }

    @Test func disposedItemsAreFoundOnlyWhenAskedFor() throws {
        let app = try TestApp()
        let sofa = try app.createItem("Sofa")
        try app.createItem("Desk")
        _ = try app.client.json("PATCH", "/api/v1/items/\(sofa.id)", ["disposed": ["kind": "givenAway"]])
        #expect(try names(app, "disposed=true") == ["Sofa"])
        #expect(try names(app, "disposed=false") == ["Desk"])
        #expect(try names(app, "") == ["Sofa", "Desk"], "the plain list is every item, as it always was")
        let bad = try app.client.get("/api/v1/items?disposed=maybe")
        #expect(bad.status == 400 && bad.text.contains("disposed is true"))
    }

    @Test func warrantyEndingWithinDaysLeavesOutLifetimeAndLaterOnes() throws {
        let app = try TestApp()
        let today = CalendarDate(Date())
        let cases: [(String, [String: Any])] = [
            ("Soon", ["warrantyExpires": today.adding(days: 10).iso]),
            ("Today", ["warrantyExpires": today.iso]),
            ("Later", ["warrantyExpires": today.adding(days: 60).iso]),
            ("Ended", ["warrantyExpires": today.adding(days: -1).iso]),
            ("Lifetime", ["warrantyExpires": today.adding(days: 5).iso, "lifetimeWarranty": true]),
            ("None", [:]),
        ]
        for (name, fields) in cases {
            #expect(try app.client.json("POST", "/api/v1/items", fields.merging(["name": name]) { $1 }).status == 201)
        }
        #expect(try names(app, "warrantyEndsWithin=30") == ["Soon", "Today"])
        #expect(try names(app, "warrantyEndsWithin=30&limit=1").count == 1)
        let window = try app.client.get("/api/v1/items?warrantyEndsWithin=30&limit=1")
        #expect(window.header("Link")?.contains("warrantyEndsWithin=30") == true, "the next window keeps the filter")
        let bad = try app.client.get("/api/v1/items?warrantyEndsWithin=-3")
        #expect(bad.status == 400 && bad.text.contains("from 0 to 3650"))
    }

    @Test func customFieldsAreSearchable() throws {
        let app = try TestApp()
        _ = try app.client.json("POST", "/api/v1/items", ["name": "Armchair", "customFields": ["Fabric": "Bouclé"]])
        try app.createItem("Lamp")
        #expect(try names(app, "q=boucle") == ["Armchair"], "accents ignored, custom field values found")
        #expect(try names(app, "q=fabr") == ["Armchair"], "names too, by prefix")
    }
}

extension ItemQueryClaimFiltersAPITests {
    @Test func missingEvidenceFindsItemsWithNoPhotoAtAll() throws {
        let app = try TestApp()
        let camera = try app.createItem("Camera")
        try app.createItem("Lamp")
        #expect(try app.client.send("POST", "/api/v1/items/\(camera.id)/photos", headers: ["Content-Type": "image/jpeg"],
                                    body: try ItemImageFixtures.bytes("photo-1.jpg")).status == 201)
        let response = try app.client.get("/api/v1/items?missingEvidence=true")
        #expect(((response.json as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String } == ["Lamp"])
        #expect(try app.client.get("/api/v1/items?missingEvidence=yes").status == 400)
    }
}
