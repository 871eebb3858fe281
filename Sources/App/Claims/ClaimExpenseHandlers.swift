import Claims
import Foundation
import HTTPServer
import Inventory

/// A claim's additional living expenses: `/api/v1/claims/{id}/expenses` (the ledger, an entry, its
/// receipt's file) and the claim page's add and remove forms, which work without scripts (an add with
/// a mistake shows the claim's page again with the form as typed and what to fix). In the request's household.
struct ClaimExpenseHandlers: Sendable {
    let claims: HouseholdBound<ClaimStore>
    let items: HouseholdBound<ItemStore>
    let pages: ClaimPageHandlers
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver
    /// A receipt is a scan or a photo of one: the item documents' limit.
    static let maxReceiptBytes = ItemDocumentAPIHandlers.maxDocumentBytes

    func register(in router: inout AppRouter) {
        router.get(ClaimRoutes.apiExpenses) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let id = try request.claimID()
            return ClaimExpenseJSON.response(try claims.expenses(ofClaim: id), of: id, currency: try items.currency())
        }
        router.post(ClaimRoutes.apiExpenses) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let id = try request.claimID(), currency = try items.currency()
            let input = ClaimExpenseInput(json: try ItemAPIHandlers.jsonObject(of: request), currency: currency)
            let expense = try claims.addExpense(input, to: id)
            var response = ClaimExpenseJSON.response(expense, of: id, currency: currency, status: .created)
            response.headers["Location"] = ClaimRoutes.apiExpense(id, expense: expense.id)
            return response
        }
        router.get(ClaimRoutes.apiExpense) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let id = try request.claimID()
            return ClaimExpenseJSON.response(try claims.expense(try request.expenseID(), of: id), of: id, currency: try items.currency())
        }
        router.patch(ClaimRoutes.apiExpense) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let id = try request.claimID(), currency = try items.currency()
            let input = ClaimExpenseInput(json: try ItemAPIHandlers.jsonObject(of: request), currency: currency)
            return ClaimExpenseJSON.response(try claims.updateExpense(try request.expenseID(), of: id, input), of: id, currency: currency)
        }
        router.delete(ClaimRoutes.apiExpense) { request in
            let claims = try households.stores(self.claims, self.items, of: request).claims
            try claims.removeExpense(try request.expenseID(), of: try request.claimID())
            return .noContent
        }
        router.get(ClaimRoutes.apiExpenseReceipt) { request in try receipt(request) }
        router.put(ClaimRoutes.apiExpenseReceipt, maxBodySize: Self.maxReceiptBytes, isSlow: true) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let id = try request.claimID()
            guard !request.body.isEmpty else { throw AppError(.emptyBody, Message("error.claim.receipt.no-body", "No file was sent. Send the receipt's bytes (a PDF, JPEG or PNG) as the request body.")) }
            let expense = try claims.setReceipt(of: try request.expenseID(), of: id, name: request.query["name"]) { request.body }
            return ClaimExpenseJSON.response(expense, of: id, currency: try items.currency())
        }
        // The claim page's forms.
        router.post(ClaimRoutes.addExpense, maxBodySize: Self.maxReceiptBytes + 64 * 1024, isSlow: true) { request in try add(request) }
        router.post(ClaimRoutes.removeExpense) { request in
            let claims = try households.stores(self.claims, self.items, of: request).claims
            let id = try request.claimID()
            try claims.removeExpense(try request.expenseID(), of: id)
            return .redirect(to: ClaimRoutes.claim(id) + "#expenses")
        }
    }

    private func add(_ request: Request) throws -> Response {
        let (claims, items) = try households.stores(self.claims, self.items, of: request)
        let id = try request.claimID()
        guard request.contentType == "multipart/form-data",
              let multipart = MultipartForm(body: request.body, contentType: request.headers["Content-Type"] ?? "") else {
            throw AppError(.invalidMultipart, Message("error.claim.expense.form-damaged", "The expense form is damaged or not a file upload. Fill it in again and add the expense."))
        }
        let form = ClaimExpenseForm(multipart)
        do {
            let input = ClaimExpenseInput(form: form.texts, currency: try items.currency(), numbers: form.numbers)
            let file = multipart.parts.first { $0.name == "receipt" && $0.filename != nil && !$0.body.isEmpty }
            let expense = try claims.addExpense(input, to: id, receipt: file.map { file in (name: file.filename, bytes: { file.body }) })
            return .redirect(to: ClaimRoutes.claim(id, addedExpense: expense.id))
        } catch ClaimError.invalid(let errors) {
            return try pages.claimPage(request, claims: claims, items: items, id: id, form: nil, errors: nil, expenseForm: form, expenseErrors: errors)
        }
    }

    private func receipt(_ request: Request) throws -> Response {
        let claims = try households.stores(self.claims, self.items, of: request).claims
        let expense = try claims.expense(try request.expenseID(), of: try request.claimID())
        guard let receipt = expense.receipt, let path = claims.receiptPath(of: expense),
              let bytes = FileManager.default.contents(atPath: path) else {
            throw AppError(.claimExpenseNotFound, Message("error.claim.receipt.none", "This expense has no receipt. Add one with PUT to this address."))
        }
        var response = Response(body: .bytes(Array(bytes)))
        response.headers["Content-Type"] = receipt.type.contentType
        // Inline, so the browser's viewer shows it; never sniffed (it is a PDF, JPEG or PNG, checked by its bytes).
        response.headers["Content-Disposition"] = ItemDocumentFileHandler.attachment(named: receipt.fileName).replacingOccurrences(of: "attachment;", with: "inline;")
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Content-Security-Policy"] = "sandbox; default-src 'none'"
        response.headers["Cache-Control"] = "private, no-cache"
        return response
    }
}

extension Request {
    /// The `{expenseId}` of an expense's route.
    func expenseID() throws -> ClaimExpense.ID {
        try id("expenseId", of: ClaimExpense.self) { AppError(.claimExpenseNotFound, Message("error.claim.expense.bad-id", "There is no expense “\($0)” in this claim. Expense ids are whole numbers.", ["id": .text($0)])) }
    }
}

/// The add-an-expense form as typed, kept to show again with what to fix.
struct ClaimExpenseForm: Sendable {
    var category = ""
    var date = ""
    var description = ""
    var amount = ""
    /// The language its amount is written in.
    var numbers = TypedNumbers.usEnglish

    init() {}

    init(numbers: TypedNumbers) { self.numbers = numbers }

    init(_ multipart: MultipartForm) {
        func text(_ name: String) -> String { multipart.part(named: name).map { String(decoding: $0.body, as: UTF8.self) } ?? "" }
        category = text("category")
        date = text("date")
        description = text("description")
        amount = text("amount")
        numbers = TypedNumbers(named: multipart.part(named: TypedNumbers.field).map { String(decoding: $0.body, as: UTF8.self) })
    }

    var texts: [String: String] { ["category": category, "date": date, "description": description, "amount": amount] }
}
