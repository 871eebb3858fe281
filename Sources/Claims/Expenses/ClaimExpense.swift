import Database
import Inventory

/// One additional living expense of a claim: what it was for, on which day, how much (exact minor
/// units, above zero) and its receipt, when one was given.
public struct ClaimExpense: Sendable, Equatable, Identifiable {
    public typealias ID = RowID<ClaimExpense>

    public var id: ID
    public var category: ExpenseCategory
    public var date: CalendarDate
    public var description: String
    public var amount: Int64
    public var receipt: ExpenseReceipt?

    public init(id: ID, category: ExpenseCategory, date: CalendarDate, description: String, amount: Int64, receipt: ExpenseReceipt?) {
        self.id = id
        self.category = category
        self.date = date
        self.description = description
        self.amount = amount
        self.receipt = receipt
    }
}

/// An expense's receipt: a PDF, JPEG or PNG kept byte for byte under its SHA-256, as an item's
/// documents are (in a store of their own: `ClaimStore.receipts`), its type told from its bytes.
public struct ExpenseReceipt: Sendable, Equatable {
    public var name: String
    public var type: DocumentType
    public var byteSize: Int
    public var sha256: String

    public init(name: String, type: DocumentType, byteSize: Int, sha256: String) {
        self.name = name
        self.type = type
        self.byteSize = byteSize
        self.sha256 = sha256
    }

    /// The kinds a receipt may be: what portals and printers take.
    public static let acceptedList = "a PDF, JPEG or PNG"

    static func isAccepted(_ type: DocumentType) -> Bool {
        switch type {
        case .pdf, .image(.jpeg), .image(.png): true
        default: false
        }
    }

    /// The name it is saved under: its own, with the extension of what it is.
    public var fileName: String {
        let lower = name.lowercased()
        let extensions = [type.fileExtension] + type.otherFileExtensions
        return extensions.contains(where: { lower.hasSuffix("." + $0) }) ? name : name + "." + type.fileExtension
    }
}

/// The fields of an expense a caller sets; nil leaves a field as it is (an update) or missing (a new one).
public struct ClaimExpenseInput: Sendable, Equatable {
    public var category: ExpenseCategory?
    public var date: CalendarDate??
    public var description: String?
    public var amount: Int64??
    /// What the reader could not read (a field of the wrong kind, an amount that is not one): the
    /// store says it together with everything else wrong, so one answer names every field to fix.
    public var unreadable: [FieldError] = []

    /// Why an amount is refused below zero as at zero.
    public static let amountAboveZero = Message("error.claim.expense.amount-not-positive", "The amount must be above zero (a refund is not an expense).")

    public init(category: ExpenseCategory? = nil, date: CalendarDate?? = nil, description: String? = nil, amount: Int64?? = nil) {
        self.category = category
        self.date = date
        self.description = description
        self.amount = amount
    }
}
