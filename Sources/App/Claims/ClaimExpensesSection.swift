import Claims
import HTML
import Inventory
import Localization

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
    /// The page's language.
    let words: Localizer

    private func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("claim.page.expenses." + key, arguments) }

    init(sheet: ClaimSheet, form: ClaimExpenseForm?, errors: ValidationError?, justAdded: Bool, canChange: Bool, csrfToken: String?, words: Localizer) {
        let id = sheet.claim.id, ledger = sheet.expenses, format = DisplayFormat(words: words)
        func money(_ minorUnits: Int64) -> String { format.exactMoney(minorUnits, in: sheet.currency) }
        entries = ledger.entries.reversed().map { expense in
            Entry(date: format.day(expense.date), category: expense.category.localizedLabel(words), description: expense.description,
                  amount: money(expense.amount), receiptURL: expense.receipt.map { _ in ClaimRoutes.apiExpenseReceipt(id, expense: expense.id) },
                  receiptName: expense.receipt?.fileName ?? "", removeURL: ClaimRoutes.removeExpense(id, expense: expense.id))
        }
        totals = ledger.byCategory.map { (words.text("claim.page.expenses.category-total", ["category": .text($0.category.localizedLabel(words)), "count": .count($0.count)]),
                                          money($0.amount)) }
        total = money(ledger.total)
        withoutReceipt = ledger.withoutReceipt
        addURL = ClaimRoutes.addExpense(id)
        self.form = form ?? ClaimExpenseForm(numbers: TypedNumbers(language: words.language))
        self.errors = errors
        self.justAdded = justAdded
        self.canChange = canChange && !sheet.claim.isClosed
        currency = sheet.currency
        self.csrfToken = csrfToken
        self.words = words
    }

    var node: HTMLNode {
        section(.class("card claim-expenses"), .id("expenses"), .aria("labelledby", "expenses-title")) {
            h2(.id("expenses-title")) { words.text("shared.expenses.title") }
            p(.class("muted")) { say("intro") }
            if justAdded { p(.class("notice success"), .role("status")) { say("added") } }
            if entries.isEmpty {
                p(.class("expenses-empty")) { say("none") }
            } else {
                h3 { say("totals") }
                dl(.class("totals expense-totals")) {
                    for total in totals { div { dt { total.label }; dd { total.value } } }
                    div(.class("expense-total")) { dt { words.text("shared.expenses.total") }; dd { total } }
                }
                if withoutReceipt > 0 {
                    p(.class("claim-warnings")) { say("without-receipt", ["count": .count(withoutReceipt)]) }
                }
                h3 { say("entries") }
                ul(.class("expense-list")) {
                    for entry in entries {
                        li(.class("expense")) {
                            div(.class("expense-head")) {
                                span(.class("expense-date")) { entry.date }
                                span(.class("expense-amount")) { entry.amount }
                            }
                            p(.class("expense-what")) { say("what", ["category": .text(entry.category), "description": .text(entry.description)]) }
                            div(.class("expense-actions")) {
                                if let url = entry.receiptURL {
                                    a(.href(url)) { say("receipt", ["name": .text(entry.receiptName)]) }
                                } else {
                                    span(.class("muted")) { words.text("shared.expenses.no-receipt") }
                                }
                                if canChange {
                                    HTML.form(.method("post"), .action(entry.removeURL), .class("inline-form")) {
                                        CSRFField(token: csrfToken).node
                                        button(.class("button small"), .type("submit"), .aria("label", say("remove.label", ["date": .text(entry.date), "amount": .text(entry.amount)]))) { say("remove") }
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
        let controls = FormControls(errors: errors, idPrefix: "expense", format: DisplayFormat(words: words))
        return HTML.form(.class("expense-form"), .method("post"), .action(addURL), .enctype("multipart/form-data"), .novalidate) {
            CSRFField(token: csrfToken).node
            form.numbers.hiddenField
            h3 { say("add") }
            if errors != nil { p(.class("form-error"), .role("alert")) { say("check-fields") } }
            div(.class("field-row")) {
                controls.choice(say("category"), name: "category", selected: form.category,
                                options: [("", say("category.none"))] + ExpenseCategory.allCases.map { ($0.rawValue, $0.localizedLabel(words)) }, required: true)
                controls.text(say("date"), name: "date", value: form.date, type: "date")
            }
            div(.class("field-row")) {
                controls.text(say("description"), name: "description", value: form.description, hint: say("description.hint"),
                              extra: [.maxlength(ItemDetails.maxShortTextLength)])
                controls.money(say("amount"), name: "amount", value: form.amount, currency: currency)
            }
            controls.field(say("receipt.label"), name: "receipt", hint: say("receipt.hint")) { id, describedBy in
                HTMLNode.element("input", [.type("file"), .id(id), .name("receipt"), .accept("application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png")]
                                 + (describedBy.map { [.aria("describedby", $0)] } ?? []), isVoid: true)
            }
            div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { say("button") } }
        }
    }
}
