import Claims
import HTML
import Localization

/// The claim's additional living expenses as the adjuster's link shows them: the totals by category
/// and each entry. The receipts travel in Download All (its `living-expenses/` folder), not as links
/// of their own, so the link serves no file the claim's lines do not name.
struct SharedExpensesCard: Sendable {
    struct Entry: Sendable {
        let date: String
        let what: String
        let amount: String
        let receipt: String
    }

    let totals: [(label: String, value: String)]
    let total: String
    let entries: [Entry]
    let title: String
    let totalLabel: String

    /// Nothing when the claim has no expenses: the page then says nothing of them.
    init?(sheet: ClaimSheet, words: Localizer) {
        let ledger = sheet.expenses
        guard !ledger.entries.isEmpty else { return nil }
        func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("shared.expenses." + key, arguments) }
        func category(_ category: ExpenseCategory) -> String { say("category.\(category.rawValue)") }
        let format = DisplayFormat(words: words)
        func money(_ minorUnits: Int64) -> String { format.exactMoney(minorUnits, in: sheet.currency) }
        totals = ledger.byCategory.map { ("\(category($0.category)) (\($0.count))", money($0.amount)) }
        total = money(ledger.total)
        entries = ledger.entries.map { expense in
            Entry(date: format.day(expense.date), what: "\(category(expense.category)): \(expense.description)", amount: money(expense.amount),
                  receipt: expense.receipt == nil ? say("no-receipt") : say("receipt-in-zip"))
        }
        title = say("title")
        totalLabel = say("total")
    }

    var node: HTMLNode {
        section(.class("card claim-expenses"), .aria("labelledby", "expenses-title")) {
            h2(.id("expenses-title")) { title }
            dl(.class("totals expense-totals")) {
                for row in totals { div { dt { row.label }; dd { row.value } } }
                div(.class("expense-total")) { dt { totalLabel }; dd { total } }
            }
            ul(.class("expense-list")) {
                for entry in entries {
                    li(.class("expense")) {
                        div(.class("expense-head")) {
                            span(.class("expense-date")) { entry.date }
                            span(.class("expense-amount")) { entry.amount }
                        }
                        p(.class("expense-what")) { entry.what }
                        div(.class("expense-actions")) { span(.class("muted")) { entry.receipt } }
                    }
                }
            }
        }
    }
}
