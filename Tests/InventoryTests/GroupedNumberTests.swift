import Inventory
import Testing

/// `Int.grouped`: the numbers on the item list (values, the total) and in messages, grouped in thousands.
@Suite struct GroupedNumberTests {
    @Test(arguments: [
        (0, "0"), (12, "12"), (999, "999"), (1_000, "1,000"), (1_899, "1,899"), (999_999, "999,999"),
        (1_000_000, "1,000,000"), (-1_234, "-1,234"), (Int.max, "9,223,372,036,854,775,807"),
        (Int.min, "-9,223,372,036,854,775,808"),
    ])
    func thousandsAreSeparatedByCommas(_ value: Int, _ text: String) {
        #expect(value.grouped == text)
    }
}
