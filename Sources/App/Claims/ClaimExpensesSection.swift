import Claims
import HTML
import Inventory

/// The claim page's additional living expenses: the totals by category, the entries (each with its
/// receipt), and a form to add one with its receipt. A closed claim's ledger is shown, not changed.
struct ClaimExpensesSection {
    struct Entry {
        let date: String
        let category: String
        let description: String
        let amount: String
        let receiptURL: String?
        let receiptName: String
        let removeURL: String
    }

    let entries: [Entry]
    let totals: [(label: String, value: String)]
    let total: String
    let withoutReceipt: Int
    let addURL: String
    let form: ClaimExpenseForm
    let errors: ValidationError?
    let justAdded: Bool
    let canChange: Bool
    let currency: Currency
    let csrfToken: String?

    init(sheet: ClaimSheet, form: ClaimExpenseForm?, errors: ValidationError?, justAdded: Bool, canChange: Bool, csrfToken: String?) {
        let id = sheet.claim.id, ledger = sheet.expenses
        entries = ledger.entries.reversed().map { expense in
            Entry(date: DisplayFormat.day(expense.date), category: expense.category.label, description: expense.description,
                  amount: sheet.money(expense.amount), receiptURL: expense.receipt.map { _ in ClaimRoutes.apiExpenseReceipt(id, expense: expense.id) },
                  receiptName: expense.receipt?.fileName ?? "", removeURL: ClaimRoutes.removeExpense(id, expense: expense.id))
        }
        totals = ledger.byCategory.map { ("\($0.category.label) (\($0.count))", sheet.money($0.amount)) }
        total = sheet.money(ledger.total)
        withoutReceipt = ledger.withoutReceipt
        addURL = ClaimRoutes.addExpense(id)
        self.form = form ?? ClaimExpenseForm()
        self.errors = errors
        self.justAdded = justAdded
        self.canChange = canChange && !sheet.claim.isClosed
        currency = sheet.currency
        self.csrfToken = csrfToken
    }

    var node: HTMLNode {
        section(.class("card claim-expenses"), .id("expenses"), .aria("labelledby", "expenses-title")) {
            h2(.id("expenses-title")) { "Living expenses while displaced" }
            p(.class("muted")) {
                "What living away from home costs above your normal spending: hotel, meals, extra mileage, storage. Policies pay it as additional living expense (loss of use); keep a receipt for each."
            }
            if justAdded { p(.class("notice success"), .role("status")) { "Expense added." } }
            if entries.isEmpty {
                p(.class("expenses-empty")) { "No expenses yet." }
            } else {
                h3 { "Totals by category" }
                dl(.class("totals expense-totals")) {
                    for total in totals { div { dt { total.label }; dd { total.value } } }
                    div(.class("expense-total")) { dt { "Total" }; dd { total } }
                }
                if withoutReceipt > 0 {
                    p(.class("claim-warnings")) { withoutReceipt == 1 ? "1 expense has no receipt yet." : "\(withoutReceipt) expenses have no receipt yet." }
                }
                h3 { "Entries" }
                ul(.class("expense-list")) {
                    for entry in entries {
                        li(.class("expense")) {
                            div(.class("expense-head")) {
                                span(.class("expense-date")) { entry.date }
                                span(.class("expense-amount")) { entry.amount }
                            }
                            p(.class("expense-what")) { "\(entry.category): \(entry.description)" }
                            div(.class("expense-actions")) {
                                if let url = entry.receiptURL {
                                    a(.href(url)) { "Receipt: \(entry.receiptName)" }
                                } else {
                                    span(.class("muted")) { "No receipt" }
                                }
                                if canChange {
                                    HTML.form(.method("post"), .action(entry.removeURL), .class("inline-form")) {
                                        CSRFField(token: csrfToken).node
                                        button(.class("button small"), .type("submit"), .aria("label", "Remove the expense of \(entry.date), \(entry.amount)")) { "Remove" }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            if canChange { addForm }
        }
    }

    private var addForm: HTMLNode {
        let controls = FormControls(errors: errors, idPrefix: "expense")
        return HTML.form(.class("expense-form"), .method("post"), .action(addURL), .enctype("multipart/form-data"), .novalidate) {
            CSRFField(token: csrfToken).node
            h3 { "Add an expense" }
            if errors != nil { p(.class("form-error"), .role("alert")) { "Check the fields marked below; the expense was not added." } }
            div(.class("field-row")) {
                controls.choice("For", name: "category", selected: form.category,
                                options: [("", "Choose…")] + ExpenseCategory.allCases.map { ($0.rawValue, $0.label) }, required: true)
                controls.text("Date", name: "date", value: form.date, type: "date")
            }
            div(.class("field-row")) {
                controls.text("Description", name: "description", value: form.description, hint: "Where and what, like “Hotel Marigold, 3 nights”.",
                              extra: [.maxlength(ItemDetails.maxShortTextLength)])
                controls.money("Amount", name: "amount", value: form.amount, currency: currency)
            }
            controls.field("Receipt", name: "receipt", hint: "A PDF, JPEG or PNG (a scan or a photo of it).") { id, describedBy in
                HTMLNode.element("input", [.type("file"), .id(id), .name("receipt"), .accept("application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png")]
                                 + (describedBy.map { [.aria("describedby", $0)] } ?? []), isVoid: true)
            }
            div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { "Add Expense" } }
        }
    }
}
