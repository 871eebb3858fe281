/// What an additional living expense was for: the fixed list insurers' ALE worksheets use, so the
/// totals by category read as the adjuster's own.
public enum ExpenseCategory: String, Sendable, CaseIterable, Codable {
    case hotel, rent, meals, mileage, storage, moving, laundry, utilities, other

    /// "Hotel or lodging", "Meals above normal"…
    public var label: String {
        switch self {
        case .hotel: "Hotel or lodging"
        case .rent: "Rent of temporary housing"
        case .meals: "Meals above normal"
        case .mileage: "Extra mileage"
        case .storage: "Storage"
        case .moving: "Moving"
        case .laundry: "Laundry"
        case .utilities: "Utility connections"
        case .other: "Other"
        }
    }

    /// "“hotel”, “rent”, … or “other”", for messages.
    public static let listed: String = {
        let names = allCases.map { "“\($0.rawValue)”" }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }()
}
