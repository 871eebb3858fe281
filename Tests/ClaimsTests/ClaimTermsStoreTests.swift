import Claims
import Foundation
import Inventory
import Testing

/// The policy's terms and the claimant's contact, kept and copied into each new claim; the kind of
/// loss; a theft closing its items as stolen.
@Suite struct ClaimTermsStoreTests {
    static func fullPolicy() -> ClaimInput {
        var policy = ClaimInput()
        policy.texts = [.policyholder: "Ana Lima", .insurer: "Acme Mutual", .otherInsurance: "Card purchase protection",
                        .phone: "+1 555 0100", .email: "ana@example.com", .contactAddress: "Hotel Example\nRoom 12"]
        policy.deductible = .some(1_000_00)
        policy.settlement = .actualCashValue
        policy.policyStart = .some(CalendarDate(iso: "2026-01-01"))
        policy.policyEnd = .some(CalendarDate(iso: "2026-12-31"))
        return policy
    }

    @Test func thePolicysTermsAreKeptAndEveryNewClaimStartsFromThem() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let policy = try test.claims.setPolicy(Self.fullPolicy())
        #expect(try test.claims.policy() == policy)
        #expect(policy.deductible == 1_000_00 && policy.settlement == .actualCashValue)
        #expect(policy.periodStart == CalendarDate(iso: "2026-01-01") && policy.periodEnd == CalendarDate(iso: "2026-12-31"))
        #expect((policy.otherInsurance, policy.phone, policy.email, policy.contactAddress)
                == ("Card purchase protection", "+1 555 0100", "ana@example.com", "Hotel Example\nRoom 12"))

        var input = ClaimInput(name: "Garage break-in")
        input.lossKind = .some(.theft)
        let claim = try test.claims.create(input)
        #expect(claim.policy == policy)
        #expect(claim.lossKind == .theft)
        #expect(try test.claims.claim(id: claim.id) == claim)
        #expect(try test.claims.sheet(id: claim.id).schedule.owed.settlement == .actualCashValue)

        // A claim's own copy changes without the policy's.
        var change = ClaimInput()
        change.deductible = .some(nil)
        change.settlement = .replacementCost
        change.lossKind = .some(nil)
        let changed = try test.claims.update(id: claim.id, change)
        #expect(changed.deductible == nil && changed.settlement == .replacementCost && changed.lossKind == nil)
        #expect(try test.claims.claim(id: claim.id) == changed)
        #expect(try test.claims.policy() == policy)
    }

    @Test func aNegativeDeductibleAPeriodBackwardsAndAnEmailWithoutAnAtAreNamed() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let before = try test.claims.setPolicy(Self.fullPolicy())
        var input = ClaimInput()
        input.deductible = .some(-1)
        input.policyStart = .some(CalendarDate(iso: "2026-06-01"))
        input.policyEnd = .some(CalendarDate(iso: "2026-05-31"))
        input.texts = [.email: "555 0100"]
        let error = try #require(throws: ClaimError.self) { try test.claims.setPolicy(input) }
        let messages = error.fieldMessages
        #expect(messages["deductible"] == "The deductible cannot be negative.")
        #expect(messages["policyEnd"] == "The policy period ends on May 31, 2026, before it starts on Jun 1, 2026; check both dates.")
        #expect(messages["email"] == "An e-mail address looks like name@example.com; “555 0100” does not.")
        #expect(try test.claims.policy() == before)
    }

    @Test func closingATheftMarksItsItemsStolen() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let bikes = try test.item("Bicycle", quantity: 2)
        let drill = try test.item("Drill")
        var input = ClaimInput(name: "Garage break-in")
        input.lossDate = .some(CalendarDate(iso: "2026-11-20"))
        input.lossKind = .some(.theft)
        input.lines = [ClaimLineInput(itemID: bikes.id, quantityLost: 1), ClaimLineInput(itemID: drill.id)]
        let claim = try test.claims.create(input)
        _ = try test.claims.close(id: claim.id, items: test.items)

        let drillAfter = try test.items.item(id: drill.id)
        #expect(drillAfter.details.disposal == Disposal(kind: .stolen, date: CalendarDate(iso: "2026-11-20"),
                                                        notes: "Stolen in claim “Garage break-in” on 2026-11-20."))
        let bikesAfter = try test.items.item(id: bikes.id)
        #expect(bikesAfter.details.quantity == 1 && bikesAfter.details.disposal == nil)
        #expect(bikesAfter.details.notes == "Stolen in claim “Garage break-in” on 2026-11-20.")
    }
}
