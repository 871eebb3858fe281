import Database
import Foundation
import Inventory
import TextRules

/// A claim's additional living expenses (`ClaimExpenseLedger`) and their receipts. A closed claim's
/// ledger is kept as it was settled, like its lines. A receipt's file is written before the row that
/// names it commits and deleted once no row names it, under the receipts store's file lock.
extension ClaimStore {
    static let expenseDescriptionRule = TextRule(Message("error.field.label.expense-description", "The description"), maxCharacters: ItemDetails.maxShortTextLength, oneLine: true)
    static let expenseColumns: HouseholdSQL = "id, category, day, description, amount, receipt_name, receipt_type, receipt_size, receipt_sha256"

    public func expenses(ofClaim id: Claim.ID) throws -> ClaimExpenseLedger {
        try household.read { connection in
            _ = try Self.claim(id: id, in: connection)
            return try Self.ledger(ofClaim: id, in: connection)
        }
    }

    public func expense(_ expenseID: ClaimExpense.ID, of id: Claim.ID) throws -> ClaimExpense {
        try household.read { try Self.expense(expenseID, of: id, in: $0) }
    }

    /// Adds an expense, with its receipt when `receipt` is given (its bytes are asked for only once
    /// the fields are right, and sniffed outside any lock).
    public func addExpense(_ input: ClaimExpenseInput, to id: Claim.ID, receipt: (name: String?, bytes: () throws -> [UInt8])? = nil) throws -> ClaimExpense {
        let claim = try self.claim(id: id)
        if claim.isClosed { throw ClaimError.closed(name: claim.name) }
        var errors: [FieldError] = []
        let fields = Self.checked(input, existing: nil, lossDate: claim.lossDate, into: &errors)
        guard errors.isEmpty, let fields else { throw ClaimError.invalid(ValidationError(errors: errors)) }
        let prepared = try receipt.map { try prepareReceipt(name: $0.name, bytes: try $0.bytes()) }
        return try withReceiptFiles(adding: prepared?.document) { connection in
            _ = try Self.openClaim(id: id, in: connection)
            let count = try connection.scalar("SELECT count(*) FROM claim_expenses WHERE household_id = :household AND claim_id = ?", id) ?? 0
            guard count < ClaimExpenseLedger.maxEntries else {
                throw ClaimError.invalid(ValidationError(errors: [FieldError(field: "expenses", Message("error.claim.expense.too-many", "This claim has \(ClaimExpenseLedger.maxEntries) expenses, the most it can hold. Add several days together in one entry.",
                                                                                    ["max": .text(String(ClaimExpenseLedger.maxEntries))]))]))
            }
            try connection.run("""
                INSERT INTO claim_expenses (household_id, claim_id, category, day, description, amount, receipt_name, receipt_type, receipt_size,
                    receipt_sha256, created_ms)
                VALUES (:household, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, id, fields.category.rawValue, fields.date.iso, fields.description, fields.amount, prepared?.receipt.name,
                prepared?.receipt.type.contentType, prepared?.receipt.byteSize, prepared?.receipt.sha256, Int64(clock.now.timeIntervalSince1970 * 1000))
            return (try Self.expense(connection.lastInsertedID(), of: id, in: connection), [])
        }
    }

    /// Changes the fields given in `input`.
    public func updateExpense(_ expenseID: ClaimExpense.ID, of id: Claim.ID, _ input: ClaimExpenseInput) throws -> ClaimExpense {
        try change { connection in
            let claim = try Self.openClaim(id: id, in: connection)
            let existing = try Self.expense(expenseID, of: id, in: connection)
            var errors: [FieldError] = []
            guard let fields = Self.checked(input, existing: existing, lossDate: claim.lossDate, into: &errors), errors.isEmpty else {
                throw ClaimError.invalid(ValidationError(errors: errors))
            }
            try connection.run("UPDATE claim_expenses SET category = ?, day = ?, description = ?, amount = ? WHERE household_id = :household AND id = ?",
                               fields.category.rawValue, fields.date.iso, fields.description, fields.amount, expenseID)
            return try Self.expense(expenseID, of: id, in: connection)
        }
    }

    /// Gives the expense this receipt, in place of the one it had.
    public func setReceipt(of expenseID: ClaimExpense.ID, of id: Claim.ID, name: String?, _ bytes: () throws -> [UInt8]) throws -> ClaimExpense {
        _ = try expense(expenseID, of: id)
        let claim = try self.claim(id: id)
        if claim.isClosed { throw ClaimError.closed(name: claim.name) }
        let prepared = try prepareReceipt(name: name, bytes: try bytes())
        return try withReceiptFiles(adding: prepared.document) { connection in
            _ = try Self.openClaim(id: id, in: connection)
            let before = try Self.expense(expenseID, of: id, in: connection)
            try connection.run("""
                UPDATE claim_expenses SET receipt_name = ?, receipt_type = ?, receipt_size = ?, receipt_sha256 = ? WHERE household_id = :household AND id = ?
                """,
                               prepared.receipt.name, prepared.receipt.type.contentType, prepared.receipt.byteSize, prepared.receipt.sha256, expenseID)
            return (try Self.expense(expenseID, of: id, in: connection), try Self.freed(before.receipt, in: connection))
        }
    }

    public func removeExpense(_ expenseID: ClaimExpense.ID, of id: Claim.ID) throws {
        try withReceiptFiles { connection in
            _ = try Self.openClaim(id: id, in: connection)
            let expense = try Self.expense(expenseID, of: id, in: connection)
            try connection.run("DELETE FROM claim_expenses WHERE household_id = :household AND id = ?", expenseID)
            return ((), try Self.freed(expense.receipt, in: connection))
        }
    }

    /// The receipt's file, or nil when the expense has none.
    public func receiptPath(of expense: ClaimExpense) -> String? {
        expense.receipt.flatMap { receipts?.originalPath(sha256: $0.sha256) }
    }

    // MARK: Rows and rules

    static func ledger(ofClaim id: Claim.ID, in connection: HouseholdConnection) throws -> ClaimExpenseLedger {
        ClaimExpenseLedger(entries: try connection.rows("SELECT \(expenseColumns) FROM claim_expenses WHERE household_id = :household AND claim_id = ?", id,
                                                        decode: decodeExpense))
    }

    static func expense(_ expenseID: ClaimExpense.ID, of id: Claim.ID, in connection: HouseholdConnection) throws -> ClaimExpense {
        _ = try claim(id: id, in: connection)
        guard let expense = try connection.firstRow("""
            SELECT \(expenseColumns) FROM claim_expenses WHERE household_id = :household AND id = ? AND claim_id = ?
            """, expenseID, id, decode: decodeExpense) else {
            throw ClaimError.expenseNotFound(claimID: id, expenseID: expenseID)
        }
        return expense
    }

    static func decodeExpense(_ row: Row) -> ClaimExpense {
        let receipt: ExpenseReceipt? = row.optionalString(8).flatMap { sha256 in
            guard let type = row.optionalString(6).flatMap(DocumentType.init(contentType:)) else { return nil }
            return ExpenseReceipt(name: row.optionalString(5) ?? "Receipt", type: type, byteSize: row.int(7), sha256: sha256)
        }
        return ClaimExpense(id: row.id(0), category: ExpenseCategory(rawValue: row.string(1)) ?? .other,
                            date: CalendarDate(iso: row.string(2)) ?? CalendarDate(iso: "1970-01-01")!,
                            description: row.string(3), amount: row.int64(4), receipt: receipt)
    }

    /// Every receipt the ledger names, read from `database` (a backup's copy too): files a backup
    /// must hold. A database without the claims' tables (an inventory on its own) names none.
    public static func receiptHashes(in database: Database, for reason: ServerWideWork) throws -> Set<String> {
        try database.read(serverWide: reason) { connection in
            guard try connection.scalar("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'claim_expenses'") != nil else { return [] }
            return Set(try connection.rows("SELECT DISTINCT receipt_sha256 FROM claim_expenses WHERE receipt_sha256 IS NOT NULL") { $0.string(0) })
        }
    }

    /// The receipt's file, when no expense names it any more.
    static func freed(_ receipt: ExpenseReceipt?, in connection: HouseholdConnection) throws -> Set<String> {
        guard let sha256 = receipt?.sha256, try isReceiptUnused(sha256, in: connection) else { return [] }
        return [sha256]
    }

    /// Per household, as its receipts' folder will be (docs/plans/households.md, 3.8): that folder must
    /// be the household's own before a second household can be made.
    static func isReceiptUnused(_ sha256: String, in connection: HouseholdConnection) throws -> Bool {
        try connection.scalar("SELECT 1 FROM claim_expenses WHERE household_id = :household AND receipt_sha256 = ? LIMIT 1", sha256) == nil
    }

    /// The expense's fields once `input` is applied to `existing` (or to nothing), each checked; the
    /// problems go into `errors`, every one at once.
    static func checked(_ input: ClaimExpenseInput, existing: ClaimExpense?, lossDate: CalendarDate?,
                        into errors: inout [FieldError]) -> (category: ExpenseCategory, date: CalendarDate, description: String, amount: Int64)? {
        // What could not be read is said instead of "give a …" for the same field, beside what else is wrong.
        let unreadable = Set(input.unreadable.map(\.field))
        defer { errors = input.unreadable + errors.filter { !unreadable.contains($0.field) } }
        guard unreadable.isEmpty else {
            _ = checked(input, existing: existing, lossDate: lossDate, readable: &errors)
            return nil
        }
        return checked(input, existing: existing, lossDate: lossDate, readable: &errors)
    }

    private static func checked(_ input: ClaimExpenseInput, existing: ClaimExpense?, lossDate: CalendarDate?,
                                readable errors: inout [FieldError]) -> (category: ExpenseCategory, date: CalendarDate, description: String, amount: Int64)? {
        let category = input.category ?? existing?.category
        if category == nil { errors.append(FieldError(field: "category", Message("error.claim.expense.category", "Choose what the expense was for: “hotel”, “rent”, “meals”, “mileage”, “storage”, “moving”, “laundry”, “utilities” or “other”."))) }
        let date: CalendarDate? = if let sent = input.date { sent } else { existing?.date }
        if date == nil {
            errors.append(FieldError(field: "date", Message("error.claim.expense.date-missing", "Give the day of the expense, like 2026-03-20.")))
        } else if let date, let lossDate, date < lossDate {
            errors.append(FieldError(field: "date", Message("error.claim.expense.before-loss", "The date \(date.english) is before the loss (\(lossDate.english)): living expenses count from the day of the loss.",
                                                       ["date": .day(date), "loss": .day(lossDate)])))
        }
        let description = (input.description ?? existing?.description ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if description.isEmpty {
            errors.append(FieldError(field: "description", Message("error.claim.expense.description", "Say what the expense was (for example “Hotel Marigold, 3 nights”).")))
        } else {
            _ = expenseDescriptionRule.check(description, field: "description", into: &errors)
        }
        // Sent (a value, or null for none) or else kept.
        let amount: Int64? = if let sent = input.amount { sent } else { existing?.amount }
        switch amount {
        case .some(let value) where value > 0 && value <= Money.maxMinorUnits: break
        case .some(let value) where value > 0:
            errors.append(FieldError(field: "amount", Message("error.claim.expense.amount-too-large", "The amount is too large for one expense; split it into entries.")))
        case .some: errors.append(FieldError(field: "amount", ClaimExpenseInput.amountAboveZero))
        case nil: errors.append(FieldError(field: "amount", Message("error.claim.expense.amount-missing", "Give the amount paid, like 189.00.")))
        }
        guard let category, let date, !description.isEmpty, let amount, amount > 0, amount <= Money.maxMinorUnits else { return nil }
        return (category, date, description, amount)
    }

    struct PreparedReceipt {
        let document: DocumentStore.PreparedDocument
        let receipt: ExpenseReceipt
    }

    /// Sniffs the bytes: a PDF, a JPEG or a PNG, whatever the upload was called.
    func prepareReceipt(name: String?, bytes: [UInt8]) throws -> PreparedReceipt {
        guard let receipts else { throw ClaimError.invalid(ValidationError(errors: [FieldError(field: "receipt", Message("error.claim.receipt.not-kept", "Receipts cannot be kept here."))])) }
        guard !bytes.isEmpty else {
            throw ClaimError.invalid(ValidationError(errors: [FieldError(field: "receipt", Message("error.claim.receipt.empty", "The receipt's file is empty. Choose the file again."))]))
        }
        let document: DocumentStore.PreparedDocument
        do { document = try receipts.prepare(bytes) } catch {
            throw ClaimError.invalid(ValidationError(errors: [FieldError(field: "receipt", Message("error.claim.receipt.unknown-type", "The receipt must be a PDF, JPEG or PNG; this file is none of them."))]))
        }
        guard ExpenseReceipt.isAccepted(document.type) else {
            throw ClaimError.invalid(ValidationError(errors: [FieldError(field: "receipt", Message("error.claim.receipt.wrong-type", "The receipt must be a PDF, JPEG or PNG, not \(document.type.fileExtension.uppercased()). Save or scan it as one of them.",
                                                                                    ["type": .text(document.type.fileExtension.uppercased())]))]))
        }
        var trimmed = (name ?? "").trimmingCharacters(in: .whitespacesAndNewlines).filter { !$0.isNewline }
        if trimmed.isEmpty { trimmed = "Receipt" }
        return PreparedReceipt(document: document, receipt: ExpenseReceipt(name: String(trimmed.prefix(ItemDetails.maxShortTextLength)), type: document.type,
                                                                          byteSize: bytes.count, sha256: document.sha256))
    }

    /// Runs `body` as one change under the receipts' file lock: `adding` is written before it (and
    /// removed again if the change fails and nothing else had it); the receipts `body` frees are
    /// deleted once it commits.
    func withReceiptFiles<T>(adding document: DocumentStore.PreparedDocument? = nil, _ body: (HouseholdConnection) throws -> (T, Set<String>)) throws -> T {
        guard let receipts else {
            return try change { try body($0).0 }
        }
        return try receipts.withFileLock {
            var isNew = false
            if let document { isNew = try household.read { connection in try Self.isReceiptUnused(document.sha256, in: connection) } }
            let result: T, freed: Set<String>
            do {
                if let document { try receipts.writeFiles(document) }
                (result, freed) = try change(body)
            } catch {
                if isNew, let document { receipts.deleteFiles(sha256: document.sha256) }
                throw error
            }
            freed.forEach { receipts.deleteFiles(sha256: $0) }
            return result
        }
    }
}
