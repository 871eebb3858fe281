import Claims
import HTML
import Inventory

/// The policy's terms and the claimant's contact as form fields: the same on the policy's form (the
/// coverage page) and on a claim's details, which start from it.
struct PolicyFields {
    let form: ClaimForm
    let controls: FormControls
    let currency: Currency

    var node: HTMLNode {
        HTMLNode.fragment([
            div(.class("field-row")) {
                controls.money("Deductible", name: "deductible", value: form.deductible, currency: currency,
                               hint: "What you bear of each loss before the policy pays.")
                controls.choice("Settles at", name: "settlement", selected: form.settlement,
                                options: Settlement.allCases.map { ($0.rawValue, $0.label) })
            },
            div(.class("field-row")) {
                controls.text("Policy period from", name: "policyStart", value: form.policyStart, type: "date")
                controls.text("Policy period to", name: "policyEnd", value: form.policyEnd, type: "date")
            },
            controls.textArea(ClaimText.otherInsurance.label, name: ClaimText.otherInsurance.rawValue, value: form[.otherInsurance],
                              maxLength: ClaimText.otherInsurance.maxLength, rows: 2),
            div(.class("field-row")) {
                controls.text(ClaimText.phone.label, name: ClaimText.phone.rawValue, value: form[.phone], type: "tel",
                              extra: [.maxlength(ClaimText.phone.maxLength), .autocomplete("tel")])
                controls.text(ClaimText.email.label, name: ClaimText.email.rawValue, value: form[.email], type: "email",
                              extra: [.maxlength(ClaimText.email.maxLength), .autocomplete("email")])
            },
            controls.textArea(ClaimText.contactAddress.label, name: ClaimText.contactAddress.rawValue, value: form[.contactAddress],
                              maxLength: ClaimText.contactAddress.maxLength, rows: 2),
        ])
    }
}
