import Claims
import HTTPServer
import Inventory

/// The policy as the JSON API shows it: `{"policyholder","address","insurer","policyNumber","contentsLimit","deductible",
/// "settlement","policyStart","policyEnd","otherInsurance","phone","email","contactAddress","usefulLifeCountry"}`.
enum PolicyJSON {
    static func response(_ policy: Policy, currency: Currency) -> Response {
        var writer = JSONWriter(capacity: 512)
        writer.object { json in
            json.key("policyholder"); json.value(policy.policyholder)
            json.key("address"); json.value(policy.address)
            json.key("insurer"); json.value(policy.insurer)
            json.key("policyNumber"); json.value(policy.policyNumber)
            json.key("contentsLimit"); ClaimJSON.amount(policy.contentsLimit, currency: currency, to: &json)
            json.key("deductible"); ClaimJSON.amount(policy.deductible, currency: currency, to: &json)
            json.key("settlement"); json.value(policy.settlement.rawValue)
            json.key("policyStart"); ClaimJSON.date(policy.periodStart, to: &json)
            json.key("policyEnd"); ClaimJSON.date(policy.periodEnd, to: &json)
            json.key("otherInsurance"); json.value(policy.otherInsurance)
            json.key("phone"); json.value(policy.phone)
            json.key("email"); json.value(policy.email)
            json.key("contactAddress"); json.value(policy.contactAddress)
            json.key("usefulLifeCountry"); json.value(policy.usefulLifeCountry.rawValue)
        }
        return Response.json(writer)
    }

    /// The policy's fields from a JSON object (a claim's rules; nothing else is taken): any unknown
    /// field is named before the values are read.
    static func input(_ object: [String: JSONValue], currency: Currency) throws(ClaimError) -> ClaimInput {
        let schema = ClaimInput.policySchema
        let unknown = object.keys.filter { !schema.names.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw .invalid(ValidationError(errors: unknown.map { FieldError(field: $0, schema.unknown($0)) }))
        }
        return try ClaimInput(json: object, currency: currency, schema: schema)
    }
}
