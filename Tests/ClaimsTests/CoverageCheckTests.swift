import Claims
import Inventory
import Testing

@Suite struct CoverageCheckTests {
    @Test func scheduledItemsAreSetAgainstTheirRidersAndTheRestAgainstTheLimit() throws {
        let test = try TestClaims()
        defer { test.remove() }
        func item(_ name: String, quantity: Quantity = 1, cost: Int64?, scheduled: Bool = false, rider: Int64? = nil, sold: Bool = false) throws {
            var input = ItemInput(name: name)
            input.details.quantity = quantity
            input.details.replacementCost = .some(cost)
            input.details.scheduled = scheduled
            input.details.riderAmount = .some(rider)
            if sold { input.details.disposal = .some(Disposal(kind: .sold)) }
            _ = try test.items.create(input)
        }
        try item("Sofa", cost: 2_400_00)
        try item("Chairs", quantity: 6, cost: 150_00)
        try item("Lamp", cost: nil)
        try item("Ring", cost: 5_000_00, scheduled: true, rider: 4_000_00)
        try item("Painting", cost: 900_00, scheduled: true, rider: 1_000_00)
        try item("Old TV", cost: 800_00, sold: true)

        let check = CoverageCheck(items: try test.items.all(), contentsLimit: 3_000_00)
        #expect(check.contents.value == 3_300_00 && check.contents.items == 3 && check.contents.unvalued == 1)
        #expect(check.shortfall == 300_00)
        #expect(check.scheduled.map(\.name) == ["Ring", "Painting"])
        #expect(check.scheduled.map(\.shortfall) == [1_000_00, 0])
        #expect(CoverageCheck(items: [], contentsLimit: nil).shortfall == nil)
        #expect(CoverageCheck.rounded(84_349_99, currency: .usd) == 84_300_00)
        #expect(CoverageCheck.rounded(84_350_00, currency: .usd) == 84_400_00)
    }
}
