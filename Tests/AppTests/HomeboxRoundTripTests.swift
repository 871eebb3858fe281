import Foundation
import HTTPTestClient
import Testing
@testable import App

/// Ours → Homebox CSV → ours: every field Homebox has a column for comes back, and so do ours that
/// travel as `HB.field.` columns; importing the file again updates instead of duplicating, and the
/// second inventory's export names the items as the first did.
@Suite struct HomeboxRoundTripTests {
    /// What a user would compare between the two inventories, by item name.
    static func items(_ app: ExportTests.ExportApp) throws -> [String: [String: String]] {
        let places = try #require(try app.get("/api/v1/locations").json as? [[String: Any]])
        var paths: [Int64: String] = [:]
        var byID: [Int64: (name: String, parent: Int64?)] = [:]
        for place in places { byID[place["id"] as! Int64] = (place["name"] as! String, place["parentId"] as? Int64) }
        for id in byID.keys {
            var names: [String] = [], current: Int64? = id
            while let at = current, let place = byID[at] { names.insert(place.name, at: 0); current = place.parent }
            paths[id] = names.joined(separator: " / ")
        }
        let listed = try #require(try app.get("/api/v1/items").json as? [[String: Any]])
        let disposed = try #require(try app.get("/api/v1/items?disposed=true").json as? [[String: Any]])
        var result: [String: [String: String]] = [:]
        for item in listed + disposed {
            var fields: [String: String] = [:]
            for key in ["serialNumber", "quantity", "quantityUnit", "businessUse", "description", "brand", "model", "barcode", "condition", "notes", "purchasePrice",
                        "purchaseDate", "purchasedFrom", "replacementCost", "replacementCostDate", "replacementCostSource", "warrantyExpires",
                        "lifetimeWarranty", "warrantyDetails", "scheduled", "riderAmount", "valueInDollars"] {
                fields[key] = item[key].map { "\($0)" } ?? "–"
            }
            fields["tags"] = ((item["tags"] as? [String]) ?? []).sorted().joined(separator: ";")
            fields["customFields"] = ((item["customFields"] as? [String: String]) ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
            fields["disposed"] = (item["disposed"] as? [String: Any]).map { d in ["kind", "date", "price", "notes"].map { "\(d[$0] ?? "–")" }.joined(separator: "|") } ?? "–"
            fields["place"] = (item["locationId"] as? Int64).flatMap { paths[$0] } ?? "nowhere"
            result[item["name"] as! String] = fields
        }
        return result
    }

    @Test func theDemoInventoryComesBackFromItsHomeboxCSV() throws {
        let source = try ExportTests.ExportApp(demo: true)
        // A few of our fields the demo leaves empty, and a name a spreadsheet would run.
        let extra = try source.client.json("POST", "/api/v1/items", [
            "name": "=SUM(1+1) speaker", "barcode": "0123456789012", "purchaseDate": "about 5 years ago", "quantity": 2.5, "quantityUnit": "gal", "businessUse": true, "condition": "fair", "scheduled": true, "riderAmount": "250",
            "replacementCostSource": "https://example.com/speaker", "customFields": ["Condition": "a household's own", "Colour": "Red"],
            "disposed": ["kind": "givenAway", "date": "2024-05-01", "notes": "to Ana"],
        ] as [String: Any])
        #expect(extra.status == 201, "\(extra.text)")
        let csv = try source.get("/api/v1/export?format=homebox-csv").body
        let before = try Self.items(source)
        #expect(before.count >= 7)

        let target = try ExportTests.ExportApp(demo: false)
        let imported = try target.client.send("POST", "/api/v1/import", headers: ["Content-Type": "text/csv"], body: csv)
        #expect(imported.status == 200, "\(imported.text.prefix(600))")
        let after = try Self.items(target)
        #expect(Set(after.keys) == Set(before.keys))
        for (name, fields) in before {
            for (key, value) in fields where after[name]?[key] != value {
                Issue.record("\(name): \(key) was \(value), came back \(after[name]?[key] ?? "missing")")
            }
        }

        let again = try target.client.send("POST", "/api/v1/import", headers: ["Content-Type": "text/csv"], body: csv)
        let counts = try #require(again.json as? [String: Any])
        #expect(counts["added"] as? Int == 0 && counts["updated"] as? Int == before.count, "\(again.text.prefix(300))")
        #expect(try Self.items(target) == after, "the same file again changes nothing")

        let reexported = String(decoding: try target.get("/api/v1/export?format=homebox-csv").body, as: UTF8.self)
        let firstRefs = Set(String(decoding: csv, as: UTF8.self).split(separator: "\r\n").dropFirst().map { $0.prefix { $0 != "," } })
        let secondRefs = Set(reexported.split(separator: "\r\n").dropFirst().map { $0.prefix { $0 != "," } })
        #expect(firstRefs == secondRefs, "each item keeps the ref it came with")
    }
}
