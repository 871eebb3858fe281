import Claims
import HTTPServer
import Inventory

/// A claim's (or the policy's) fields exactly as typed, so a refused form comes back with the person's text.
struct ClaimForm: Sendable, Equatable {
    var name = ""
    var lossDate = ""
    var proofOfLossDue = ""
    var contentsLimit = ""
    var salesTaxRate = ""
    var texts: [ClaimText: String] = [:]

    init() {}

    init(claim: Claim, currency: Currency) {
        name = claim.name
        lossDate = claim.lossDate?.iso ?? ""
        proofOfLossDue = claim.proofOfLossDue?.iso ?? ""
        contentsLimit = claim.contentsLimit.map { Money(minorUnits: $0, currency: currency).decimalString } ?? ""
        salesTaxRate = claim.salesTaxRate?.percentText ?? ""
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
        salesTaxRate = fields["salesTaxRate"] ?? ""
        for text in ClaimText.allCases { if let value = fields[text.rawValue] { texts[text] = value } }
    }

    subscript(text: ClaimText) -> String { texts[text] ?? "" }

    /// The fields that were on the form (a field not sent is left as it is).
    func input(currency: Currency, fields: FormFields, naming: Bool = true) throws(ClaimError) -> ClaimInput {
        var sent: [String: String] = [:]
        if naming { sent["name"] = name }
        for (field, text) in [("lossDate", lossDate), ("proofOfLossDue", proofOfLossDue), ("contentsLimit", contentsLimit), ("salesTaxRate", salesTaxRate)] where fields[field] != nil {
            sent[field] = text
        }
        for (text, value) in texts { sent[text.rawValue] = value }
        var input = ClaimInput(), errors: [FieldError] = []
        ClaimInput.schema.read(form: sent, into: &input, context: InputContext(currency: currency), problems: &errors)
        guard errors.isEmpty else { throw .invalid(ValidationError(errors: errors)) }
        return input
    }
}
