import Claims
import HTTPServer
import Inventory

/// A claim's additional living expenses as the API shows them: each entry with its receipt's
/// address, and the totals by category and in all (amounts as decimal strings, as the claim's).
enum ClaimExpenseJSON {
    static func response(_ ledger: ClaimExpenseLedger, of id: Claim.ID, currency: Currency) -> Response {
        var writer = JSONWriter(capacity: 256 + 256 * ledger.entries.count)
        writer.object { json in
            json.key("expenses")
            json.array(ledger.entries) { json, expense in write(expense, of: id, currency: currency, to: &json) }
            json.key("totals")
            json.object { json in
                json.key("byCategory")
                json.array(ledger.byCategory) { json, total in
                    json.object { json in
                        json.key("category"); json.value(total.category.rawValue)
                        json.key("categoryLabel"); json.value(total.category.label)
                        json.key("count"); json.value(total.count)
                        json.key("amount"); ClaimJSON.amount(total.amount, currency: currency, to: &json)
                    }
                }
                json.key("total"); ClaimJSON.amount(ledger.total, currency: currency, to: &json)
            }
        }
        return Response.json(writer)
    }

    static func response(_ expense: ClaimExpense, of id: Claim.ID, currency: Currency, status: HTTPStatus = .ok) -> Response {
        var writer = JSONWriter(capacity: 512)
        write(expense, of: id, currency: currency, to: &writer)
        return Response.json(writer, status: status)
    }

    static func write(_ expense: ClaimExpense, of id: Claim.ID, currency: Currency, to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.value(expense.id)
            json.key("category"); json.value(expense.category.rawValue)
            json.key("categoryLabel"); json.value(expense.category.label)
            json.key("date"); json.value(expense.date.iso)
            json.key("description"); json.value(expense.description)
            json.key("amount"); ClaimJSON.amount(expense.amount, currency: currency, to: &json)
            json.key("receipt")
            if let receipt = expense.receipt {
                json.object { json in
                    json.key("name"); json.value(receipt.fileName)
                    json.key("contentType"); json.value(receipt.type.contentType)
                    json.key("byteSize"); json.value(receipt.byteSize)
                    json.key("sha256"); json.value(receipt.sha256)
                    json.key("url"); json.value(ClaimRoutes.apiExpenseReceipt(id, expense: expense.id))
                }
            } else {
                json.null()
            }
        }
    }
}
