import Claims
import Foundation
import Inventory
import Testing

@Suite struct ClaimStoreTests {
    @Test func aNewClaimStartsFromThePolicyAndIsDueSixtyDaysAfterTheLoss() throws {
        let test = try TestClaims()
        defer { test.remove() }
        var policy = ClaimInput()
        policy.texts = [.policyholder: "Ana Lima", .insurer: "Acme Mutual", .policyNumber: "HO-123"]
        policy.contentsLimit = .some(6_000_000)
        _ = try test.claims.setPolicy(policy)

        var input = ClaimInput(name: "  Kitchen fire ")
        input.lossDate = .some(CalendarDate(iso: "2026-03-14"))
        input.texts = [.cause: "Fire"]
        let claim = try test.claims.create(input)
        #expect(claim.name == "Kitchen fire")
        #expect(claim.policyholder == "Ana Lima" && claim.insurer == "Acme Mutual" && claim.policyNumber == "HO-123")
        #expect(claim.contentsLimit == 6_000_000)
        #expect(claim.proofOfLossDue == CalendarDate(iso: "2026-05-13"))
        #expect(try test.claims.claims().map(\.name) == ["Kitchen fire"])
    }

    @Test func everyBrokenRuleIsNamedAndNothingIsStored() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let lamp = try test.item("Lamp", quantity: 2)
        let claim = try test.claims.create(ClaimInput(name: "Flood"))
        var input = ClaimInput(name: " ")
        input.contentsLimit = .some(-5)
        input.texts = [.claimNumber: String(repeating: "9", count: 201)]
        input.lines = [ClaimLineInput(itemID: lamp.id, quantityLost: 3), ClaimLineInput(itemID: lamp.id)]
        let error = try #require(throws: ClaimError.self) { try test.claims.update(id: claim.id, input) }
        let messages = error.fieldMessages
        #expect(messages["name"]?.contains("Name the claim") == true)
        #expect(messages["contentsLimit"] == "The contents limit cannot be negative.")
        #expect(messages["claimNumber"]?.contains("at most 200") == true)
        #expect(messages["items[0].quantityLost"] == "“Lamp” holds 2; the quantity lost is above 0 and at most 2, not 3.")
        #expect(messages["items[1]"]?.contains("listed twice") == true)
        #expect(try test.claims.claim(id: claim.id) == claim)
    }

    @Test func itemsAreAddedOnceWithTheirWholeQuantityAndAnOverrideNeedsAReason() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let chairs = try test.item("Chair", quantity: 4)
        let tv = try test.item("TV")
        var claim = try test.claims.create(ClaimInput(name: "Burglary")).id
        var result = try test.claims.addItems([chairs.id, tv.id, chairs.id], to: claim)
        #expect(result.added == 2)
        #expect(result.claim.lines.map(\.quantityLost) == [4, 1])
        result = try test.claims.addItems([tv.id], to: claim)
        #expect(result.added == 0)

        var line = ClaimLineInput(itemID: chairs.id, quantityLost: 2)
        line.unitACVOverride = .some(5_000)
        let error = try #require(throws: ClaimError.self) { try test.claims.updateLine(line, of: claim) }
        #expect(error.fieldMessages["overrideReason"]?.contains("Say why") == true)
        line.overrideReason = "Antique: appraised"
        let updated = try test.claims.updateLine(line, of: claim)
        #expect(updated.lines[0] == ClaimLine(itemID: chairs.id, quantityLost: 2, unitACVOverride: 5_000, overrideReason: "Antique: appraised"))
        claim = try test.claims.removeItem(tv.id, from: claim).id
        #expect(try test.claims.claim(id: claim).lines.map(\.itemID) == [chairs.id])
        #expect(throws: ClaimError.itemNotFound(id: 999)) { try test.claims.addItems([999], to: claim) }
    }

    @Test func closingMarksWholeLossesDisposedAndLowersPartOnesAndThenTheClaimIsKept() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let chairs = try test.item("Chair", quantity: 4, notes: "Oak")
        let tv = try test.item("TV")
        var input = ClaimInput(name: "Kitchen fire")
        input.lossDate = .some(CalendarDate(iso: "2026-03-14"))
        input.texts = [.claimNumber: "CL-9"]
        input.lines = [ClaimLineInput(itemID: chairs.id, quantityLost: 3), ClaimLineInput(itemID: tv.id)]
        let claim = try test.claims.create(input)
        let closed = try test.claims.close(id: claim.id, items: test.items)
        #expect(closed.isClosed)

        let tvAfter = try test.items.item(id: tv.id)
        #expect(tvAfter.details.disposal == Disposal(kind: .lost, date: CalendarDate(iso: "2026-03-14"), notes: "Lost in claim “Kitchen fire” (CL-9) on 2026-03-14."))
        let chairsAfter = try test.items.item(id: chairs.id)
        #expect(chairsAfter.details.quantity == 1 && chairsAfter.details.disposal == nil)
        #expect(chairsAfter.details.notes == "Oak\nLost in claim “Kitchen fire” (CL-9) on 2026-03-14.")

        #expect(throws: ClaimError.closed(name: "Kitchen fire")) { try test.claims.update(id: claim.id, ClaimInput(name: "Other")) }
        #expect(throws: ClaimError.closed(name: "Kitchen fire")) { try test.claims.close(id: claim.id, items: test.items) }
        #expect(try test.items.item(id: chairs.id).details.quantity == 1)
    }

    @Test func aDeletedItemLeavesItsClaimsAndADeletedClaimLeavesItsItems() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let lamp = try test.item("Lamp"), rug = try test.item("Rug")
        var input = ClaimInput(name: "Flood")
        input.lines = [ClaimLineInput(itemID: lamp.id), ClaimLineInput(itemID: rug.id)]
        let claim = try test.claims.create(input)
        try test.items.delete(id: lamp.id)
        #expect(try test.claims.claim(id: claim.id).lines.map(\.itemID) == [rug.id])
        try test.claims.delete(id: claim.id)
        #expect(try test.items.item(id: rug.id).name == "Rug")
        #expect(throws: ClaimError.claimNotFound(id: claim.id)) { try test.claims.claim(id: claim.id) }
    }

    @Test func usefulLifeChangesAreKeptIncludingNotDepreciatedAndBadOnesNamed() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let table = try test.claims.changeUsefulLives(["bicycles": Int?.none, "televisions": 12])
        #expect(table.years(for: "bicycles") == nil && table.years(for: "televisions") == 12)
        #expect(try test.claims.usefulLifeTable() == table)
        #expect(throws: ValuationError.self) { try test.claims.changeUsefulLives(["televisions": 0]) }
        #expect(throws: ValuationError.self) { try test.claims.changeUsefulLives(["spaceships": 3]) }
        #expect(try test.claims.usefulLifeTable() == table)
        let back = try test.claims.changeUsefulLives(["televisions": UsefulLifeTable.defaults.years(for: "televisions")])
        #expect(back.overrides == ["bicycles": Int?.none])

        let lamp = try test.item("Lamp")
        let claim = try test.claims.create(ClaimInput(name: "Fire"))
        _ = try test.claims.addItems([lamp.id], to: claim.id)
        var line = ClaimLineInput(itemID: lamp.id)
        line.category = .some("spaceships")
        let error = try #require(throws: ClaimError.self) { try test.claims.updateLine(line, of: claim.id) }
        #expect(error.fieldMessages["category"]?.contains("is not a depreciation category") == true)
    }
}
