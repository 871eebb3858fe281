import Claims
import Foundation
import Inventory
import Testing

/// Bundles: lines the schedule shows as one row ("Lot of hand tools, 34 pieces") where the insurer
/// accepts it, their figures added up so the row, the lines and the claim's totals agree to the cent;
/// every line keeps its own valuation, and unbundling gives each its row back.
@Suite struct ClaimBundleTests {
    /// A claim of a drill, three kinds of hand tools (34 pieces) and a painting on a rider, lost on 2026-03-14.
    private func garage(_ test: TestClaims) throws -> (claim: Claim, items: [Item]) {
        func item(_ name: String, _ quantity: Quantity, cents: Int64, bought: String, rider: Bool = false) throws -> Item {
            var input = ItemInput(name: name)
            input.details.quantity = quantity
            input.details.replacementCost = cents
            input.details.purchaseDate = try PurchaseDate(parsing: bought, today: nil)
            input.details.scheduled = rider
            return try test.items.create(input)
        }
        let items = [try item("Cordless drill", 1, cents: 129_00, bought: "2022-05-01"),
                     try item("Screwdrivers", 12, cents: 4_25, bought: "2015-03-01"),
                     try item("Spanners", 20, cents: 6_10, bought: "2012-06-01"),
                     try item("Claw hammer", 2, cents: 24_99, bought: "2019-09-01"),
                     try item("Painting", 1, cents: 2_500_00, bought: "2010-01-01", rider: true)]
        var input = ClaimInput(name: "Garage break-in")
        input.lossDate = .some(CalendarDate(iso: "2026-03-14"))
        let claim = try test.claims.create(input)
        _ = try test.claims.addItems(items.map(\.id), to: claim.id)
        return (claim, items)
    }

    @Test func aBundleIsOneRowWhereItsFirstLineWasAndAddsUpToTheCent() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let (claim, items) = try garage(test)
        let before = try test.claims.sheet(id: claim.id).schedule
        let (_, bundleID) = try test.claims.addBundle(name: "  Lot of hand tools ", lines: [items[3].id, items[1].id, items[2].id], to: claim.id)

        let schedule = try test.claims.sheet(id: claim.id).schedule
        #expect(schedule.lines == before.lines, "each line keeps its number and its own valuation")
        #expect(schedule.totals == before.totals, "the claim's totals do not move")
        #expect(schedule.rows.count == 3, "the drill, the bundle, the painting")
        guard case .bundle(let bundle) = schedule.rows[1] else { Issue.record("the bundle is not the second row: \(schedule.rows)"); return }
        #expect(bundle.id == bundleID && bundle.name == "Lot of hand tools", "the name trimmed")
        #expect(bundle.numbers == "2–4")
        #expect(bundle.description == "Lot of hand tools, 34 pieces")
        #expect(bundle.lines.map(\.name) == ["Screwdrivers", "Spanners", "Claw hammer"], "in the claim's order")
        let members = before.lines[1...3]
        #expect(bundle.totals.replacementCost == members.reduce(0) { $0 + $1.valuation.lineReplacementCost })
        #expect(bundle.totals.replacementCost == 12 * 4_25 + 20 * 6_10 + 2 * 24_99)
        #expect(bundle.totals.actualCashValue == members.reduce(0) { $0 + $1.valuation.lineActualCashValue })
        #expect(bundle.totals.depreciation == members.reduce(0) { $0 + $1.valuation.lineDepreciation })
        #expect(bundle.ageRangeText == "6 to 14 years")
        guard case .line(let drill) = schedule.rows[0], case .line(let painting) = schedule.rows[2] else { Issue.record("\(schedule.rows)"); return }
        #expect(drill.name == "Cordless drill" && painting.name == "Painting")

        // Changing a line of the bundle keeps it in the bundle.
        var change = ClaimLineInput(itemID: items[2].id, quantityLost: 10)
        change.paid = .some(20_00)
        _ = try test.claims.updateLine(change, of: claim.id)
        let changed = try test.claims.sheet(id: claim.id).schedule
        guard case .bundle(let smaller) = changed.rows[1] else { Issue.record("\(changed.rows)"); return }
        #expect(smaller.description == "Lot of hand tools, 24 pieces" && smaller.paid == 20_00)

        // Unbundled, every line is a row of its own again.
        _ = try test.claims.removeBundle(bundleID, of: claim.id)
        let unbundled = try test.claims.sheet(id: claim.id)
        #expect(unbundled.schedule.rows == unbundled.schedule.lines.map { .line($0) })
        #expect(unbundled.claim.bundles.isEmpty && unbundled.claim.lines.allSatisfy { $0.bundleID == nil })
    }

    @Test func theCSVPrintsABundleAsOneRowInEveryLayout() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let (claim, items) = try garage(test)
        _ = try test.claims.addBundle(name: "Lot of hand tools", lines: [items[1].id, items[2].id, items[3].id], to: claim.id)
        let schedule = try test.claims.sheet(id: claim.id).schedule
        guard case .bundle(let bundle) = schedule.rows[1] else { Issue.record("\(schedule.rows)"); return }
        let total = Money(minorUnits: bundle.totals.replacementCost, currency: .usd).decimalString

        let full = ScheduleCSVTests.rows(ClaimScheduleCSV.make(schedule, currency: .usd))
        func cell(_ rows: [[String]], _ row: Int, _ column: String) -> String { rows[row][rows[0].firstIndex(of: column)!] }
        #expect(full.count == 1 + 3, "a header and three rows")
        #expect(full.dropFirst().map { $0[0] } == ["1", "2–4", "5"])
        #expect(cell(full, 2, "Name") == "Lot of hand tools, 34 pieces")
        #expect(cell(full, 2, "Description") == "Screwdrivers; Spanners; Claw hammer")
        #expect(cell(full, 2, "Quantity lost") == "34" && cell(full, 2, "Unit original cost (USD)") == "")
        #expect(cell(full, 2, "Line replacement cost pre-tax (USD)") == total)
        // The rows add up to the claim's totals, as before.
        let sum = full.dropFirst().reduce(Int64(0)) { $0 + Int64($1[full[0].firstIndex(of: "Line actual cash value (USD)")!].replacingOccurrences(of: ".", with: ""))! }
        #expect(sum == schedule.totals.actualCashValue)

        let grid = ScheduleCSVTests.rows(ClaimScheduleCSV.make(schedule, currency: .usd, profile: .claimXperience))
        #expect(cell(grid, 2, "Item description") == "Lot of hand tools, 34 pieces")
        #expect(cell(grid, 2, "Qty lost") == "1" && cell(grid, 2, "Cost to replace pre-tax each") == total, "a lot is one thing at its whole cost")

        let form = ScheduleCSVTests.rows(ClaimScheduleCSV.make(schedule, currency: .usd, profile: .scheduleOfLoss))
        #expect(cell(form, 2, "Item #") == "2–4" && cell(form, 2, "Quantity") == "34" && cell(form, 2, "Replacement cost") == total)
    }

    @Test func everyReasonALineCannotBeBundledIsSaid() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let (claim, items) = try garage(test)
        let stranger = try test.item("Not in the claim")
        func refusal(_ name: String, _ lines: [Item], bundle: ClaimBundle.ID? = nil) -> [String: String] {
            do {
                if let bundle { _ = try test.claims.updateBundle(bundle, of: claim.id, name: name, lines: lines.map(\.id)) } else {
                    _ = try test.claims.addBundle(name: name, lines: lines.map(\.id), to: claim.id)
                }
            } catch let error as ClaimError { return error.fieldMessages } catch { return ["error": "\(error)"] }
            return [:]
        }
        #expect(refusal("Tools", [items[1]])["lines"] == "Choose at least 2 lines to bundle; one line is a row of its own already.")
        #expect(refusal(" ", [items[1], items[2]])["name"] == "Name the bundle as the schedule should describe it (for example “Lot of hand tools”).")
        #expect(refusal("Tools", [items[1], items[4]])["lines"] == "These lines cannot be bundled: line 5 (Painting) is claimed against its rider and stays a row of its own.")
        #expect(refusal("Tools", [items[1], stranger])["lines"] == "These lines cannot be bundled: item \(stranger.id) is not a line of this claim.")
        let (_, first) = try test.claims.addBundle(name: "Hand tools", lines: [items[1].id, items[2].id], to: claim.id)
        #expect(refusal("Tools", [items[2], items[3]])["lines"] == "These lines cannot be bundled: line 3 (Spanners) is already in “Hand tools”; take it out of that bundle first.")
        // The bundle itself may take its own lines again, and more.
        #expect(refusal("Hand tools", [items[1], items[2], items[3]], bundle: first).isEmpty)
        #expect(throws: ClaimError.bundleNotFound(claimID: claim.id, bundleID: ClaimBundle.ID(999))) {
            _ = try test.claims.removeBundle(ClaimBundle.ID(999), of: claim.id)
        }
        #expect(try test.claims.claim(id: claim.id).bundles.count == 1, "nothing else was made")

        _ = try test.claims.close(id: claim.id, items: test.items)
        #expect(throws: ClaimError.closed(name: "Garage break-in")) { _ = try test.claims.removeBundle(first, of: claim.id) }
        #expect(throws: ClaimError.closed(name: "Garage break-in")) { _ = try test.claims.addBundle(name: "More", lines: [items[0].id, items[3].id], to: claim.id) }
    }

    /// What happens to a bundle as the claim changes under it: lines removed until one is left
    /// unbundle it; an item put on a rider since leaves it (and a rename still works); lines counted
    /// in different units make no quantity.
    @Test func aBundleFollowsTheLinesUnderIt() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let (claim, items) = try garage(test)
        let (_, bundleID) = try test.claims.addBundle(name: "Lot of tools", lines: [items[0].id, items[1].id, items[3].id], to: claim.id)

        // The hammer goes on a rider: a row of its own, claimed against it; renaming keeps the other two.
        var rider = ItemInput()
        rider.details.scheduled = true
        _ = try test.items.update(id: items[3].id, rider)
        let sheet = try test.claims.sheet(id: claim.id)
        #expect(sheet.schedule.rows.map(\.lines.count) == [2, 1, 1, 1], "drill and screwdrivers, spanners, hammer, painting")
        _ = try test.claims.updateBundle(bundleID, of: claim.id, name: "Lot of power and hand tools", lines: nil)
        let renamed = try test.claims.claim(id: claim.id)
        #expect(renamed.bundles.map(\.name) == ["Lot of power and hand tools"])
        #expect(renamed.lines.filter { $0.bundleID == bundleID }.map(\.itemID) == [items[0].id, items[1].id])

        // Units that differ: no quantity, and the description counts lines.
        var gallons = ItemInput()
        gallons.details.quantityUnit = QuantityUnit("gal")
        _ = try test.items.update(id: items[1].id, gallons)
        guard case .bundle(let mixed) = try test.claims.sheet(id: claim.id).schedule.rows[0] else { Issue.record("no bundle"); return }
        #expect(mixed.quantity == nil && mixed.description == "Lot of power and hand tools, 2 lines")
        let csv = ScheduleCSVTests.rows(ClaimScheduleCSV.make(try test.claims.sheet(id: claim.id).schedule, currency: .usd))
        #expect(csv[1][csv[0].firstIndex(of: "Quantity lost")!] == "", "no sum of pieces and gallons")

        // One line left: no lot any more.
        _ = try test.claims.removeItem(items[0].id, from: claim.id)
        let left = try test.claims.claim(id: claim.id)
        #expect(left.bundles.isEmpty && left.lines.allSatisfy { $0.bundleID == nil })
    }
}
