import Claims
import Inventory
import Testing

/// What the insurer owes on a claim, to the cent: the whole loss by the policy's settlement, the
/// deductible, riders, the contents limit, payments and what is recovered once replaced.
@Suite struct OwedTests {
    typealias F = ValuationFixtures
    typealias Line = ClaimScheduleInput.Line

    static func schedule(_ lines: [Line], terms: ClaimTerms = ClaimTerms()) throws -> ClaimSchedule {
        try ClaimSchedule(ClaimScheduleInput(lossDate: F.date("2025-03-10"), table: .defaults, lines: lines, terms: terms))
    }

    /// A scheduled item with its rider's amount.
    static func scheduled(_ name: String, id: Item.ID, replacementCost: Int64, rider: Int64?) -> Item {
        var item = F.item(name, id: id, replacementCost: replacementCost, purchased: "2015-05-29")
        item.details.scheduled = true
        item.details.riderAmount = rider
        return item
    }

    @Test func aPaymentAboveTheActualCashValueLeavesOnlyTheRestRecoverable() throws {
        // The line: $1,914.21 of actual cash value, $2,174.25 paid.
        let schedule = try Self.schedule([
            Line(item: F.item("Sofa", id: 1, replacementCost: 2_599_00, purchased: "2020-03-10"), quantityLost: 1,
                 unitACVOverride: 1_914_21, overrideReason: "Adjuster's figure", paid: 2_174_25),
        ])
        let line = schedule.lines[0]
        #expect(line.valuation.lineActualCashValue == 1_914_21)
        #expect(line.valuation.lineDepreciation == 684_79)
        #expect(line.recoverableDepreciation == 424_75, "2,599.00 less the 2,174.25 paid, not the whole 684.79")
        #expect(line.paidAboveClaim == 0)
        let owed = schedule.owed
        #expect((owed.wholeLoss, owed.deductible, owed.amountClaimed, owed.paid, owed.balance) == (2_599_00, 0, 2_599_00, 2_174_25, 424_75))
        #expect(owed.recoverableOnceReplaced == 424_75)
        #expect(owed.overpaidLines.isEmpty)
    }

    @Test func aPaymentAboveWhatTheLineCanBeOwedIsNamed() throws {
        // The other line: $1,200 paid on a $500 line.
        let schedule = try Self.schedule([
            Line(item: F.item("Blender", id: 1, replacementCost: 500_00, purchased: "2023-03-10"), quantityLost: 1, paid: 1_200_00),
            Line(item: F.item("Toaster", id: 2, replacementCost: 80_00, purchased: "2023-03-10"), quantityLost: 1),
        ])
        let blender = schedule.lines[0]
        #expect(blender.amountClaimed == 500_00)
        #expect(blender.paidAboveClaim == 700_00)
        #expect(blender.recoverableDepreciation == 0)
        let owed = schedule.owed
        #expect(owed.overpaidLines == [1])
        #expect((owed.amountClaimed, owed.paid, owed.balance, owed.paidAboveClaim) == (580_00, 1_200_00, 0, 620_00))
        #expect(owed.recoverableOnceReplaced == 0)
    }

    @Test func aDeductibleLargerThanTheClaimTakesOnlyWhatThereIs() throws {
        let schedule = try Self.schedule([
            Line(item: F.item("Kettle", id: 1, replacementCost: 79_99, purchased: "2022-01-10"), quantityLost: 1),
            Line(item: F.item("Toaster", id: 2, replacementCost: 120_00, purchased: "2022-01-10"), quantityLost: 1),
        ], terms: ClaimTerms(deductible: 1_000_00))
        let owed = schedule.owed
        #expect(owed.wholeLoss == 199_99)
        #expect(owed.policyDeductible == 1_000_00)
        #expect(owed.deductible == 199_99)
        #expect((owed.amountClaimed, owed.balance, owed.recoverableOnceReplaced) == (0, 0, 0))
    }

    @Test func replacementCostAndActualCashValuePoliciesCountTheSameLinesApart() throws {
        let lines = [
            Line(item: F.item("Dishwasher", id: 1, replacementCost: 899_00, purchased: "2019-03-10"), quantityLost: 1, paid: 300_00),
            Line(item: F.item("Dining chair", id: 2, quantity: 6, replacementCost: 129_99, purchased: "2021-09-10"), quantityLost: 4),
        ]
        let rc = try Self.schedule(lines, terms: ClaimTerms(settlement: .replacementCost, deductible: 250_00))
        let acv = try Self.schedule(lines, terms: ClaimTerms(settlement: .actualCashValue, deductible: 250_00))
        let totals = rc.totals
        #expect(rc.owed.wholeLoss == totals.replacementCost)
        #expect(acv.owed.wholeLoss == totals.actualCashValue)
        #expect(rc.owed.amountClaimed == totals.replacementCost - 250_00)
        #expect(acv.owed.amountClaimed == totals.actualCashValue - 250_00)
        #expect(rc.owed.balance == rc.owed.amountClaimed - 300_00)
        #expect(acv.owed.balance == acv.owed.amountClaimed - 300_00)
        // Replacement cost: the depreciation comes once replaced, each line's net of what was paid on it.
        #expect(rc.totals.recoverableDepreciation == totals.depreciation)
        #expect(rc.owed.recoverableOnceReplaced == totals.depreciation)
        // Actual cash value: nothing more to come.
        #expect(acv.totals.recoverableDepreciation == 0 && acv.owed.recoverableOnceReplaced == 0)
        #expect(rc.method.joined().contains("settles at replacement cost"))
        #expect(acv.method.joined().contains("settles at actual cash value"))
    }

    @Test func aReplacedLineCountsAtWhatReplacingItCost() throws {
        let chair = F.item("Dining chair", id: 2, quantity: 6, replacementCost: 129_99, purchased: "2021-09-10")
        let cheaper = try Self.schedule([Line(item: chair, quantityLost: 4, replacedCost: 400_00)])
        let line = cheaper.lines[0]
        #expect(line.lossValue == 400_00)
        #expect(line.recoverableDepreciation == 400_00 - line.valuation.lineActualCashValue)
        // Replaced, so nothing is held back for a replacement still to come.
        #expect(cheaper.owed.recoverableOnceReplaced == 0)
        #expect(cheaper.owed.balance == 400_00)
        // Replaced for less than its actual cash value: still owed its actual cash value.
        let bargain = try Self.schedule([Line(item: chair, quantityLost: 4, replacedCost: 10_00)])
        #expect(bargain.lines[0].lossValue == bargain.lines[0].valuation.lineActualCashValue)
        #expect(bargain.lines[0].recoverableDepreciation == 0)
    }

    @Test func aScheduledItemIsClaimedAgainstItsRiderWithoutTheDeductible() throws {
        let schedule = try Self.schedule([
            Line(item: F.item("Television", id: 1, replacementCost: 1_000_00, purchased: "2023-03-10"), quantityLost: 1),
            Line(item: Self.scheduled("Engagement ring", id: 2, replacementCost: 3_000_00, rider: 2_500_00), quantityLost: 1),
            Line(item: Self.scheduled("Watch", id: 3, replacementCost: 800_00, rider: 1_000_00), quantityLost: 1),
        ], terms: ClaimTerms(settlement: .actualCashValue, deductible: 500_00))
        let tv = schedule.lines[0], ring = schedule.lines[1], watch = schedule.lines[2]
        #expect(!tv.againstRider && ring.againstRider && watch.againstRider)
        // Riders are not depreciated, even under an actual-cash-value policy, and pay at most their amount.
        #expect((ring.lossValue, ring.amountClaimed, ring.riderAmount) == (3_000_00, 2_500_00, 2_500_00))
        #expect((watch.lossValue, watch.amountClaimed) == (800_00, 800_00))
        let owed = schedule.owed
        #expect(owed.riderLines == [2, 3])
        #expect(owed.againstRiders == 3_300_00)
        #expect(owed.aboveRiders == 500_00)
        #expect(owed.wholeLoss == tv.valuation.lineActualCashValue + 3_800_00)
        #expect(owed.deductible == 500_00)
        #expect(owed.amountClaimed == tv.valuation.lineActualCashValue - 500_00 + 3_300_00)
        #expect(owed.amountClaimed == owed.wholeLoss - owed.deductible - owed.aboveRiders - owed.aboveContentsLimit)
        // A deductible larger than the contents never touches the riders.
        let riderOnly = try Self.schedule([Line(item: Self.scheduled("Ring", id: 2, replacementCost: 3_000_00, rider: 2_500_00), quantityLost: 1)],
                                          terms: ClaimTerms(deductible: 500_00))
        #expect((riderOnly.owed.deductible, riderOnly.owed.amountClaimed) == (0, 2_500_00))
    }

    @Test func theContentsLimitHoldsWhatIsLeftAfterTheDeductible() throws {
        let schedule = try Self.schedule([
            Line(item: F.item("Piano", id: 1, replacementCost: 12_000_00, purchased: "2024-03-10"), quantityLost: 1),
        ], terms: ClaimTerms(deductible: 1_000_00, contentsLimit: 10_000_00))
        let owed = schedule.owed
        #expect((owed.wholeLoss, owed.deductible, owed.aboveContentsLimit, owed.amountClaimed) == (12_000_00, 1_000_00, 1_000_00, 10_000_00))
    }
}
