/// The words a person reads in a claim's schedule files — the full layout's column names, the sheets'
/// names, yes and no, the conditions, the totals' rows — in one language: US English here, the claim's
/// language when the App fills them from its catalogue (`files.schedule.<key>`). In a pattern, `{code}`
/// is the policy's currency, `{rate}` the sales tax rate, `{lines}` a bundle's line numbers, `{line}` and
/// `{reason}` a value set by hand. The carriers' layouts (`claimxperience`, `schedule-of-loss`) keep the
/// English their software reads, and every figure stays a plain decimal (`ScheduleCell`).
public struct ScheduleWords: Sendable {
    public var words: [String: String]

    public init(_ words: [String: String] = ScheduleWords.english) { self.words = words }

    /// The word `key`, each `{name}` in it replaced by `values[name]`.
    public subscript(_ key: String, _ values: [String: String] = [:]) -> String {
        var text = words[key] ?? Self.english[key] ?? key
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    public static let english: [String: String] = [
        "sheet.schedule": "Schedule", "sheet.totals": "Totals", "sheet.expenses": "ALE", "sheet.expense-totals": "ALE totals", "sheet.pack-out": "Pack-out",
        "line": "Line", "room": "Room", "room-path": "Room path", "name": "Name", "description": "Description", "brand": "Brand", "model": "Model",
        "serial-number": "Serial number", "condition": "Condition", "business-use": "Business use", "quantity-lost": "Quantity lost", "unit": "Unit",
        "purchase-date": "Purchase date", "age-years": "Age (years)", "age": "Age", "where-bought": "Where bought",
        "unit-original-cost": "Unit original cost ({code})", "unit-amount-paid": "Unit amount paid", "currency-paid": "Currency paid",
        "exchange-rate": "Exchange rate ({code} for 1)", "rate-date": "Rate date", "rate-source": "Rate source",
        "line-original-cost": "Line original cost ({code})", "unit-replacement-cost": "Unit replacement cost pre-tax ({code})",
        "line-replacement-cost": "Line replacement cost pre-tax ({code})", "sales-tax": "Sales tax ({code})", "sales-tax-at": "Sales tax at {rate}% ({code})",
        "line-replacement-cost-with-tax": "Line replacement cost with tax ({code})", "category": "Category", "useful-life": "Useful life (years)",
        "depreciation-percent": "Depreciation %", "unit-depreciation": "Unit depreciation ({code})", "line-depreciation": "Line depreciation ({code})",
        "unit-acv": "Unit actual cash value ({code})", "line-acv": "Line actual cash value ({code})", "set-by-hand": "Value set by hand because",
        "basis": "Basis", "paid": "Paid ({code})", "replaced-for": "Replaced for ({code})", "replaced-on": "Replaced on",
        "recoverable-depreciation": "Recoverable depreciation ({code})",
        "rate-ecb": "ECB", "rate-given": "Given", "not-depreciated": "not depreciated", "yes": "Yes", "no": "No",
        "condition.new": "New", "condition.good": "Good", "condition.fair": "Fair", "condition.poor": "Poor", "condition.broken": "Broken",
        "bundle-basis": "The sum of lines {numbers}, each valued on its own", "set-by-hand-line": "line {line}: {reason}",
        "lines": "Lines", "original-cost": "Original cost ({code})", "replacement-cost": "Replacement cost pre-tax ({code})",
        "replacement-cost-with-tax": "Replacement cost with tax ({code})", "depreciation": "Depreciation ({code})", "acv": "Actual cash value ({code})",
        "no-room": "No room", "whole-claim": "Whole claim",
        "date": "Date", "receipt": "Receipt", "amount": "Amount ({code})", "entries": "Entries", "all-expenses": "All living expenses",
        "box": "Box", "box-name": "Box name", "box-now": "Box is now in", "item": "Item", "came-from": "Came from", "came-from-unknown": "Not recorded",
    ]
}

extension ScheduleWords {
    /// A living expense's category: `category.<name>` when given, else its US English label.
    public func category(_ category: ExpenseCategory) -> String { words["category." + category.rawValue] ?? category.label }
}
