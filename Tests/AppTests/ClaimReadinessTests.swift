import Foundation
import HTTPTestClient
import Inventory
import Testing

/// What an adjuster would miss, item by item, and the worklist that orders it by value at risk.
@Suite struct ClaimReadinessTests {
    static let html = ["Accept": "text/html,application/xhtml+xml"]

    @Test func eachRuleNamesItsGapAndAnItemWithEverythingIsReady() {
        let today = CalendarDate(iso: "2026-12-01")!
        var item = Item(id: 1, name: "TV", serialNumber: "", valueInDollars: 0, dateCreated: Date(), position: 0, version: 1)
        let nothing = ClaimReadiness(item: item, evidence: .init(photos: 0), today: today)
        #expect(nothing.gaps == [.noPhoto, .noCloseUp, .noProofOfValue, .noPurchaseDate, .noReplacementCost, .noRoom])
        item.details.purchaseDate = CalendarDate(iso: "2020-01-01").map(PurchaseDate.day)
        item.details.replacementCost = 80_000
        item.locationID = 3
        let undated = ClaimReadiness(item: item, evidence: .init(photos: 2, closeUps: 1, proofsOfValue: 1), today: today)
        #expect(undated.gaps == [.staleReplacementCost], "a cost without a date cannot show it is current")
        item.details.replacementCostDate = CalendarDate(iso: "2024-11-30")
        #expect(ClaimReadiness(item: item, evidence: .init(photos: 2, closeUps: 1, proofsOfValue: 1), today: today).gaps == [.staleReplacementCost])
        item.details.replacementCostDate = CalendarDate(iso: "2024-12-01")
        let ready = ClaimReadiness(item: item, evidence: .init(photos: 2, closeUps: 1, proofsOfValue: 1), today: today)
        #expect(ready.isReady, "looked up exactly two years ago still counts")
    }

    @Test func theWorklistPutsTheMostValueAtRiskFirstAndLeavesOutWhatIsGone() {
        let today = CalendarDate(iso: "2026-12-01")!
        func item(_ id: Int64, _ name: String, cost: Int64?, quantity: Quantity = 1, disposed: Bool = false) -> Item {
            var item = Item(id: Item.ID(id), name: name, serialNumber: "", valueInDollars: 0, dateCreated: Date(), position: Int(id), version: 1)
            item.details.replacementCost = cost
            item.details.quantity = quantity
            if disposed { item.details.disposal = Disposal(kind: .lost) }
            return item
        }
        let summary = ReadinessSummary(items: [
            item(1, "Mug", cost: 1_000), item(2, "Chairs", cost: 20_000, quantity: 4), item(3, "Piano", cost: 500_000, disposed: true),
            item(4, "Box", cost: nil), item(5, "TV", cost: 70_000),
        ], evidence: { _ in .init(photos: 0) }, today: today)
        #expect(summary.worklist.map(\.item.name) == ["Chairs", "TV", "Mug", "Box"])
        #expect(summary.worklist.first?.valueAtRisk == 80_000)
        #expect(summary.total.value == 151_000 && summary.readyPercent == 0)
    }

    @Test func theAPIAndThePagesShowTheGapsAndTheReadyShareRisesAsTheyAreFilled() throws {
        let app = try TestApp()
        let kitchen = try #require(try app.client.json("POST", "/api/v1/locations", ["name": "Kitchen"]).json as? [String: Any])["id"] as! Int
        let kettle = try app.createItem("Kettle", value: 60)
        #expect(kettle.readiness == ReadinessModel(ready: false, gaps: ["no-photo", "no-close-up", "no-proof-of-value", "no-purchase-date",
                                                                         "stale-replacement-cost", "no-room"]))
        var home = try app.client.get("/", headers: Self.html).text
        #expect(home.contains("Claim-ready: 0%"))
        let fix = try app.client.get("/fix", headers: Self.html).text
        #expect(fix.contains("Say when it was bought") && fix.contains("/items/\(kettle.id)?from=fix#item-purchaseDate"))

        let today = CalendarDate(Date()).iso
        let filled: ItemModel = try app.client.json("PATCH", "/api/v1/items/\(kettle.id)", [
            "purchaseDate": "2023-05-01", "replacementCostDate": today, "locationId": kitchen,
        ]).decode()
        #expect(filled.readiness.gaps == ["no-photo", "no-close-up", "no-proof-of-value"])
        let detail = try app.client.get("/items/\(kettle.id)?from=fix", headers: Self.html).text
        #expect(detail.contains("3 things an adjuster would miss"))
        #expect(detail.contains(#"href="/fix""#), "Back returns to the worklist")
        home = try app.client.get("/", headers: Self.html).text
        #expect(home.contains("1 item has gaps"))
    }
}
