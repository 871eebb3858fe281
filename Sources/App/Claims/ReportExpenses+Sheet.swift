import ClaimReport
import Claims
import Inventory

extension ReportExpenses {
    /// The claim's living expenses for the report: totals by category, every entry oldest first, and
    /// the receipts' first pages; nil when the claim has none.
    init?(sheet: ClaimSheet, receipts: DocumentStore?) {
        let ledger = sheet.expenses, money = sheet.money
        guard !ledger.entries.isEmpty else { return nil }
        let amount = ReportAlignment.trailing
        let totals = ReportTable(
            columns: [ReportColumn(title: "Category", weight: 3), ReportColumn(title: "Entries", alignment: amount, weight: 1),
                      ReportColumn(title: "Amount", alignment: amount, weight: 1.6)],
            rows: ledger.byCategory.map { [$0.category.label, String($0.count), money($0.amount)] },
            footer: ["Total", String(ledger.entries.count), money(ledger.total)])
        let entries = ReportTable(
            columns: [ReportColumn(title: "Date", weight: 1.3), ReportColumn(title: "Category", weight: 1.6), ReportColumn(title: "Description", weight: 3.2),
                      ReportColumn(title: "Receipt", weight: 1.8), ReportColumn(title: "Amount", alignment: amount, weight: 1.3)],
            rows: ledger.entries.map { expense in
                [DisplayFormat.day(expense.date), expense.category.label, expense.description, expense.receipt?.fileName ?? "None", money(expense.amount)]
            },
            footer: ["", "", "Total", "", money(ledger.total)])
        let pages = ledger.entries.compactMap { expense -> ReportDocumentPage? in
            guard let receipt = expense.receipt, let path = receipts?.originalPath(sha256: receipt.sha256) else { return nil }
            return ReportDocumentPage(path: path, caption: "\(DisplayFormat.day(expense.date)) · \(expense.category.label) · \(money(expense.amount)) · \(receipt.fileName)")
        }
        self.init(intro: "What living away from home cost above the household’s normal spending, as the policy’s additional living expense (loss of use) cover pays it: \(ledger.entries.count == 1 ? "1 entry" : "\(ledger.entries.count) entries"), \(money(ledger.total)) in all. Not part of the contents’ amount claimed.",
                  totals: totals, entries: entries, receipts: pages)
    }
}
