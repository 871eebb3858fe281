import Claims
import HTTPServer
import Inventory

/// A claim's (or the policy's) fields exactly as typed, so a refused form comes back with the person's text.
struct ClaimForm: Sendable, Equatable {
    var name = ""
    var lossDate = ""
    var proofOfLossDue = ""
    var contentsLimit = ""
    var texts: [ClaimText: String] = [:]

    init() {}

    init(claim: Claim, currency: Currency) {
        name = claim.name
        lossDate = claim.lossDate?.iso ?? ""
        proofOfLossDue = claim.proofOfLossDue?.iso ?? ""
        contentsLimit = claim.contentsLimit.map { Money(minorUnits: $0, currency: currency).decimalString } ?? ""
        for text in ClaimText.allCases { texts[text] = claim[keyPath: text.keyPath] }
    }

    init(policy: Policy, currency: Currency) {
        contentsLimit = policy.contentsLimit.map { Money(minorUnits: $0, currency: currency).decimalString } ?? ""
        texts = [.policyholder: policy.policyholder, .address: policy.address, .insurer: policy.insurer, .policyNumber: policy.policyNumber]
    }

    init(fields: FormFields) {
        name = fields["name"] ?? ""
        lossDate = fields["lossDate"] ?? ""
        proofOfLossDue = fields["proofOfLossDue"] ?? ""
        contentsLimit = fields["contentsLimit"] ?? ""
        for text in ClaimText.allCases { if let value = fields[text.rawValue] { texts[text] = value } }
    }

    subscript(text: ClaimText) -> String { texts[text] ?? "" }

    /// The fields that were on the form (a field not sent is left as it is).
    func input(currency: Currency, fields: FormFields, naming: Bool = true) throws(ClaimError) -> ClaimInput {
        var input = ClaimInput(name: naming ? name : nil)
        var errors: [FieldError] = []
        input.texts = texts
        if fields["lossDate"] != nil, let date = Self.date(lossDate, "lossDate", "The date of the loss", into: &errors) { input.lossDate = date }
        if fields["proofOfLossDue"] != nil, let date = Self.date(proofOfLossDue, "proofOfLossDue", "The proof-of-loss date", into: &errors) {
            input.proofOfLossDue = date
        }
        if fields["contentsLimit"] != nil {
            let text = contentsLimit.trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                input.contentsLimit = .some(nil)
            } else {
                do { input.contentsLimit = try Money.parseTyped(text, currency: currency).minorUnits } catch {
                    errors.append(FieldError(field: "contentsLimit", message: error.message(naming: "The contents limit")))
                }
            }
        }
        guard errors.isEmpty else { throw .invalid(ValidationError(errors: errors)) }
        return input
    }

    static func date(_ text: String, _ field: String, _ label: String, into errors: inout [FieldError]) -> CalendarDate?? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return .some(nil) }
        if let date = CalendarDate(iso: text) { return date }
        errors.append(FieldError(field: field, message: "\(label) must be a date that exists, as YYYY-MM-DD (like 2026-03-14); “\(text.prefix(40))” is not."))
        return nil
    }
}
