import Claims
import HTTPServer
import Inventory
import Localization

/// A claim's (or the policy's) fields exactly as typed, so a refused form comes back with the person's text.
struct ClaimForm: Sendable, Equatable {
    var name = ""
    var lossDate = ""
    var proofOfLossDue = ""
    var contentsLimit = ""
    var salesTaxRate = ""
    var deductible = ""
    var settlement = Settlement.replacementCost.rawValue
    var policyStart = ""
    var policyEnd = ""
    var lossKind = ""
    /// The policy's useful-life table, a country code; "" on a claim's form, which has none.
    var usefulLifeCountry = ""
    /// The packet's language, a tag; "" before one is chosen.
    var language = ""
    var texts: [ClaimText: String] = [:]
    /// The language its amounts and rate are written in.
    var numbers = TypedNumbers.usEnglish

    /// The fields besides the texts, by their names: what `input` passes on when the form sent them.
    private var values: [(name: String, text: String)] {
        [("lossDate", lossDate), ("proofOfLossDue", proofOfLossDue), ("contentsLimit", contentsLimit), ("deductible", deductible),
         ("settlement", settlement), ("policyStart", policyStart), ("policyEnd", policyEnd), ("lossKind", lossKind),
         ("salesTaxRate", salesTaxRate), ("language", language), ("usefulLifeCountry", usefulLifeCountry)]
    }

    init() {}

    /// A new claim's form, its packet in `language` unless changed.
    init(language: LanguageTag) { self.language = language.tag }

    init(claim: Claim, currency: Currency, numbers: TypedNumbers) {
        self.numbers = numbers
        name = claim.name
        lossDate = claim.lossDate?.iso ?? ""
        proofOfLossDue = claim.proofOfLossDue?.iso ?? ""
        lossKind = claim.lossKind?.rawValue ?? ""
        language = claim.language
        setPolicy(claim.policy, currency: currency)
        salesTaxRate = claim.salesTaxRate.map { numbers.decimal($0.percentText) } ?? ""
        for text in ClaimText.allCases { texts[text] = claim[keyPath: text.keyPath] }
    }

    init(policy: Policy, currency: Currency, numbers: TypedNumbers) {
        self.numbers = numbers
        setPolicy(policy, currency: currency)
        usefulLifeCountry = policy.usefulLifeCountry.rawValue
    }

    private mutating func setPolicy(_ policy: Policy, currency: Currency) {
        func amount(_ minorUnits: Int64?) -> String { numbers.amount(minorUnits, in: currency) }
        contentsLimit = amount(policy.contentsLimit)
        deductible = amount(policy.deductible)
        settlement = policy.settlement.rawValue
        policyStart = policy.periodStart?.iso ?? ""
        policyEnd = policy.periodEnd?.iso ?? ""
        texts = [.policyholder: policy.policyholder, .address: policy.address, .insurer: policy.insurer, .policyNumber: policy.policyNumber,
                 .otherInsurance: policy.otherInsurance, .phone: policy.phone, .email: policy.email, .contactAddress: policy.contactAddress]
    }

    init(fields: FormFields) {
        name = fields["name"] ?? ""
        lossDate = fields["lossDate"] ?? ""
        proofOfLossDue = fields["proofOfLossDue"] ?? ""
        contentsLimit = fields["contentsLimit"] ?? ""
        salesTaxRate = fields["salesTaxRate"] ?? ""
        deductible = fields["deductible"] ?? ""
        settlement = fields["settlement"] ?? Settlement.replacementCost.rawValue
        policyStart = fields["policyStart"] ?? ""
        policyEnd = fields["policyEnd"] ?? ""
        lossKind = fields["lossKind"] ?? ""
        language = fields["language"] ?? ""
        usefulLifeCountry = fields["usefulLifeCountry"] ?? ""
        for text in ClaimText.allCases { if let value = fields[text.rawValue] { texts[text] = value } }
        numbers = TypedNumbers(fields: fields)
    }

    subscript(text: ClaimText) -> String { texts[text] ?? "" }

    /// The fields that were on the form (a field not sent is left as it is); the policy's form reads its useful-life table too.
    func input(currency: Currency, fields: FormFields, naming: Bool = true, policy: Bool = false) throws(ClaimError) -> ClaimInput {
        var sent: [String: String] = [:]
        if naming { sent["name"] = name }
        for (field, text) in values where fields[field] != nil { sent[field] = text }
        for (text, value) in texts { sent[text.rawValue] = value }
        var input = ClaimInput(), errors: [FieldError] = []
        let schema = policy ? InputSchema(api: "PolicyForm", fields: ClaimInput.schema.fields + [ClaimInput.usefulLifeCountryField],
                                          unknown: ClaimInput.schema.unknown) : ClaimInput.schema
        schema.read(form: sent, into: &input, context: InputContext(currency: currency, numbers: numbers), problems: &errors)
        guard errors.isEmpty else { throw .invalid(ValidationError(errors: errors)) }
        return input
    }
}
