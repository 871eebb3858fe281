import ClaimReport
import Claims
import Inventory
import Localization

extension ReportExpenses {
    /// The claim's living expenses for the report: totals by category, every entry oldest first, and
    /// the receipts' first pages; nil when the claim has none. `words`: the claim's language.
    init?(sheet: ClaimSheet, receipts: DocumentStore?, words: Localizer = Localization.bundled.localizer(for: .template)) {
        let ledger = sheet.expenses, format = DisplayFormat(words: words)
        guard !ledger.entries.isEmpty else { return nil }
        func money(_ minorUnits: Int64) -> String { format.exactMoney(minorUnits, in: sheet.currency) }
        func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("packet.living." + key, arguments) }
        func category(_ category: ExpenseCategory) -> String { words.text("shared.expenses.category.\(category.rawValue)") }
        let amount = ReportAlignment.trailing
        let totals = ReportTable(
            columns: [ReportColumn(title: say("category"), weight: 3), ReportColumn(title: say("entries"), alignment: amount, weight: 1),
                      ReportColumn(title: say("amount"), alignment: amount, weight: 1.6)],
            rows: ledger.byCategory.map { [category($0.category), format.integer($0.count), money($0.amount)] },
            footer: [words.text("packet.total"), format.integer(ledger.entries.count), money(ledger.total)])
        let entries = ReportTable(
            columns: [ReportColumn(title: say("date"), weight: 1.3), ReportColumn(title: say("category"), weight: 1.6), ReportColumn(title: say("description"), weight: 3.2),
                      ReportColumn(title: say("receipt"), weight: 1.8), ReportColumn(title: say("amount"), alignment: amount, weight: 1.3)],
            rows: ledger.entries.map { expense in
                [format.day(expense.date), category(expense.category), expense.description, expense.receipt?.fileName ?? say("no-receipt"), money(expense.amount)]
            },
            footer: ["", "", words.text("packet.total"), "", money(ledger.total)])
        let pages = ledger.entries.compactMap { expense -> ReportDocumentPage? in
            guard let receipt = expense.receipt, let path = receipts?.originalPath(sha256: receipt.sha256) else { return nil }
            return ReportDocumentPage(path: path, caption: "\(format.day(expense.date)) · \(category(expense.category)) · \(money(expense.amount)) · \(receipt.fileName)")
        }
        self.init(intro: say("intro", ["count": .count(ledger.entries.count), "amount": .text(money(ledger.total))]),
                  totals: totals, entries: entries, receipts: pages)
    }
}
