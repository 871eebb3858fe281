import Inventory

/// A claim's additional living expenses, oldest first, with their totals by category (in the fixed
/// list's order, categories without an entry left out) and in all. Every total is a sum of the
/// entries' exact amounts, so the page, the JSON, the report and the workbook agree to the minor unit.
public struct ClaimExpenseLedger: Sendable, Equatable {
    public struct CategoryTotal: Sendable, Equatable {
        public let category: ExpenseCategory
        public let count: Int
        public let amount: Int64
    }

    public let entries: [ClaimExpense]
    public let byCategory: [CategoryTotal]
    public let total: Int64

    /// At most this many entries a claim: months of receipts, with room to spare.
    public static let maxEntries = 2_000

    public init(entries: [ClaimExpense]) {
        self.entries = entries.sorted { ($0.date, $0.id.rawValue) < ($1.date, $1.id.rawValue) }
        // Each amount is at most Money.maxMinorUnits (10^12) and there are at most maxEntries: no overflow.
        byCategory = ExpenseCategory.allCases.compactMap { category in
            let mine = entries.filter { $0.category == category }
            return mine.isEmpty ? nil : CategoryTotal(category: category, count: mine.count, amount: mine.reduce(0) { $0 + $1.amount })
        }
        total = entries.reduce(0) { $0 + $1.amount }
    }

    public static let empty = ClaimExpenseLedger(entries: [])

    /// How many entries have no receipt.
    public var withoutReceipt: Int { entries.filter { $0.receipt == nil }.count }
}
