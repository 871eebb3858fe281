import Database
import Foundation
import HTTPTestClient
@testable import Inventory
import Testing

/// A claim is read with its own items only: its page, a line's page, its JSON and its schedule do
/// the same work whether the inventory holds 20 other items or 80, and each reads the claim's
/// sheet (the claim, its items, their places, the currency, the useful lives) in one read
/// transaction, so the claim and its items shown are of one moment. Counted in SQLite's steps
/// (`ReadWork`: a row a query visits costs steps, returned or scanned past), never timed.
@Suite struct ClaimSheetReadTests {
    private func created(_ response: TestResponse) throws -> Int64 {
        #expect(response.status == 201, "\(response.text)")
        return try #require((response.json as? [String: Any])?.id)
    }

    @Test func aClaimReadsOnlyItsOwnItemsInOneSnapshotHoweverLargeTheInventory() throws {
        let app = try TestApp()
        let client = app.client
        let home = try created(try client.json("POST", "/api/v1/locations", ["name": "Home"]))
        let kitchen = try created(try client.json("POST", "/api/v1/locations", ["name": "Kitchen", "parentId": home]))
        let lost = try ["Kettle", "Toaster", "Stand mixer"].map { name in
            try created(try client.json("POST", "/api/v1/items", [
                "name": name, "locationId": kitchen, "tags": ["kitchen"], "replacementCost": "80.00", "purchaseDate": "2022-05-01",
            ]))
        }
        let claim = try created(try client.json("POST", "/api/v1/claims", ["name": "Kitchen fire", "lossDate": "2026-03-14"]))
        #expect(try client.json("POST", "/api/v1/claims/\(claim)/items", ["itemIds": lost]).status == 200)

        var others = 0
        func addOthers(upTo count: Int) throws {
            while others < count {
                others += 1
                _ = try created(try client.json("POST", "/api/v1/items", [
                    "name": "Spare chair \(others)", "locationId": kitchen, "tags": ["kitchen", "spare"], "replacementCost": "20.00",
                ]))
            }
        }
        let paths = ["/claims/\(claim)", "/claims/\(claim)/lines/\(lost[1])", "/api/v1/claims/\(claim)", "/api/v1/claims/\(claim)/schedule.csv",
                     "/api/v1/claims"]
        // The fewest of three tries: the app's own background work (a scheduler's tick, say) may read
        // the same database while a request is counted, but not during all three.
        func work() throws -> [(transactions: Int, steps: Int, body: String)] {
            let counted = app.app.items.database.readWork
            return try paths.map { path in
                var fewest = (transactions: Int.max, steps: Int.max, body: "")
                for _ in 0..<3 {
                    let (transactions, steps) = (counted.transactions, counted.steps)
                    let response = try client.get(path)
                    #expect(response.status == 200, "\(path) → \(response.status) \(response.text)")
                    fewest = (min(fewest.transactions, counted.transactions - transactions), min(fewest.steps, counted.steps - steps), response.text)
                }
                return fewest
            }
        }

        try addOthers(upTo: 20)
        let small = try work()
        try addOthers(upTo: 80)
        let large = try work()
        for (path, (small, large)) in zip(paths, zip(small, large)) {
            #expect(small.steps == large.steps, "\(path): \(small.steps) steps with 20 other items, \(large.steps) with 80")
            #expect(small.transactions == large.transactions, "\(path): \(small.transactions) read transactions with 20 other items, \(large.transactions) with 80")
        }
        // The claim itself, read whole in one transaction: the schedule and the JSON need no other read.
        #expect(large[2].transactions == 1 && large[3].transactions == 1, "JSON \(large[2].transactions), CSV \(large[3].transactions) read transactions")
        #expect(small[3].body == large[3].body)
        #expect(large[3].body.contains("Stand mixer") && !large[3].body.contains("Spare chair"))
    }
}
