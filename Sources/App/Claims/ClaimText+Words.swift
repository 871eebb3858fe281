import Claims
import Localization

/// The claim's own names for its fields, written in a page's language: the packet cover's labels
/// (`packet.fact.*`), whose US English is the `Claims` module's.
extension ClaimText {
    func localizedLabel(_ words: Localizer) -> String {
        let key: String = switch self {
        case .cause: "cause"
        case .policyholder: "policyholder"
        case .address: "loss-address"
        case .insurer: "insurer"
        case .policyNumber: "policy-number"
        case .claimNumber: "claim-number"
        case .notes: "notes"
        case .otherInsurance: "other-insurance"
        case .phone: "phone"
        case .email: "email"
        case .contactAddress: "contact-address"
        case .policeReport: "police-report"
        case .policeForce: "police-force"
        }
        return words.text("packet.fact." + key)
    }
}

extension Settlement {
    /// "Replacement cost", "Actual cash value", in `words`' language.
    func localizedLabel(_ words: Localizer) -> String { words.text("packet.settlement." + rawValue) }
}

extension ExpenseCategory {
    /// "Hotel or lodging", in `words`' language (the adjuster's page names them the same).
    func localizedLabel(_ words: Localizer) -> String { words.text("shared.expenses.category." + rawValue) }
}
