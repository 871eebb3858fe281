import Claims
import Database
import Foundation
import Inventory
import Testing

/// The claims work in one household (the first, until requests name one): every statement names it,
/// and another household's claims, lines, links, expenses, bundles, policy and useful lives are not
/// there for it, exactly as unknown ones are not.
@Suite struct ClaimStoreHouseholdTests {
    static let claimTables: Set<String> = ["claims", "claim_lines", "claim_links", "claim_link_openings", "claim_expenses", "claim_bundles",
                                           "policy", "useful_lives"]

    /// Every kind of claim work, once.
    static func everyKindOfWork(_ test: TestClaims) throws {
        var policy = ClaimInput()
        policy.texts = [.insurer: "Acme Mutual"]
        _ = try test.claims.setPolicy(policy)
        _ = try test.claims.changeUsefulLives(["televisions": 12])
        let (lamp, drill, saw) = (try test.item("Lamp"), try test.item("Drill"), try test.item("Saw"))
        var input = ClaimInput(name: "Kitchen fire")
        input.lossDate = .some(CalendarDate(iso: "2026-03-14"))
        let claim = try test.claims.create(input)
        _ = try test.claims.addItems([lamp.id, drill.id, saw.id], to: claim.id)
        _ = try test.claims.updateLine(ClaimLineInput(itemID: lamp.id, quantityLost: 1), of: claim.id)
        let (_, bundle) = try test.claims.addBundle(name: "Lot of hand tools", lines: [drill.id, saw.id], to: claim.id)
        _ = try test.claims.updateBundle(bundle, of: claim.id, name: "Hand tools", lines: nil)
        _ = try test.claims.hasLine(itemID: lamp.id, inClaim: claim.id)
        let expense = try test.claims.addExpense(ClaimExpenseInput(category: .hotel, date: .some(CalendarDate(iso: "2026-03-15")),
                                                                   description: "Hotel", amount: .some(120_00)),
                                                 to: claim.id, receipt: (name: "folio.pdf", bytes: { Array("%PDF-1.4\n% folio\n".utf8) }))
        _ = try test.claims.updateExpense(expense.id, of: claim.id, ClaimExpenseInput(amount: .some(130_00)))
        _ = try test.claims.expenses(ofClaim: claim.id)
        let now = Date()
        let (link, token) = try test.claims.createLink(claimID: claim.id, expires: now + 86_400, now: now)
        _ = try test.claims.resolve(token: token, now: now)
        try test.claims.recordOpening(linkID: link.id, address: "192.0.2.1", path: "/")
        _ = try test.claims.links(ofClaim: claim.id)
        try test.claims.revoke(linkID: link.id, of: claim.id, now: now)
        _ = try test.claims.sheet(id: claim.id)
        _ = try test.claims.sheets()
        _ = try test.claims.removeBundle(bundle, of: claim.id)
        try test.claims.removeExpense(expense.id, of: claim.id)
        _ = try test.claims.removeItem(saw.id, from: claim.id)
        _ = try test.claims.close(id: claim.id, items: test.items)
        let other = try test.claims.create(ClaimInput(name: "Burglary"))
        try test.claims.delete(id: other.id)
    }

    @Test func noClaimStatementLeavesTheHouseholdUnnamed() throws {
        let test = try TestClaims()
        defer { test.remove() }
        try Self.everyKindOfWork(test)
        let unnamed = test.database.householdGuardReports.all.filter { !$0.value.isDisjoint(with: Self.claimTables) }
        #expect(unnamed.isEmpty, "\(unnamed.keys.sorted())")
    }

    @Test func anotherHouseholdsClaimsAreNotThere() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let lamp = try test.item("Lamp")
        // Household 2's rows, as a second household would hold them (its ids from its own prefix).
        let other: Int64 = 2 << 32 | 1
        try test.database.write { connection in
            try connection.execute("""
                INSERT INTO claims (household_id, id, name, created_ms) VALUES (2, \(other), 'Their flood', 1764000000000);
                INSERT INTO claim_lines (household_id, claim_id, item_id, position) VALUES (2, \(other), \(lamp.id.rawValue), 0);
                INSERT INTO claim_expenses (household_id, id, claim_id, category, day, description, amount, created_ms)
                    VALUES (2, \(other), \(other), 'hotel', '2026-01-02', 'Their hotel', 100, 1764000000000);
                INSERT INTO claim_links (household_id, id, claim_id, token_hash, created_ms, expires_ms) VALUES (2, \(other), \(other), 'x', 0, 1);
                INSERT INTO policy (household_id, key, value) VALUES (2, 'insurer', 'Their insurer');
                INSERT INTO useful_lives (household_id, category, years) VALUES (2, 'lamps', 3);
                """)
        }
        let id = Claim.ID(other)
        #expect(try test.claims.claims().isEmpty)
        #expect(try test.claims.sheets().isEmpty)
        #expect(throws: ClaimError.claimNotFound(id: id)) { try test.claims.claim(id: id) }
        #expect(throws: ClaimError.claimNotFound(id: id)) { try test.claims.sheet(id: id) }
        #expect(throws: ClaimError.claimNotFound(id: id)) { try test.claims.expenses(ofClaim: id) }
        #expect(throws: ClaimError.claimNotFound(id: id)) { try test.claims.links(ofClaim: id) }
        #expect(throws: ClaimError.claimNotFound(id: id)) { try test.claims.addItems([lamp.id], to: id) }
        #expect(throws: ClaimError.claimNotFound(id: id)) { try test.claims.delete(id: id) }
        #expect(try test.claims.hasLine(itemID: lamp.id, inClaim: id) == false)
        #expect(try test.claims.policy().insurer == "")
        #expect(try test.claims.usefulLifeOverrides().isEmpty)
        // Their rows are as they were.
        #expect(try test.database.read { try $0.scalar("SELECT count(*) FROM claims WHERE household_id = 2") } == 1)
    }
}
