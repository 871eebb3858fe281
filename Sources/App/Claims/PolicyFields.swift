import Claims
import HTML
import Inventory
import Localization

/// The policy's terms and the claimant's contact as form fields: the same on the policy's form (the
/// coverage page) and on a claim's details, which start from it.
struct PolicyFields {
    let form: ClaimForm
    let controls: FormControls
    let currency: Currency
    /// The page's language.
    var words = Localization.bundled.localizer(for: .template)

    private func say(_ key: String) -> String { words.text("claim.form." + key) }

    var node: HTMLNode {
        HTMLNode.fragment([
            div(.class("field-row")) {
                controls.money(words.text("packet.fact.deductible"), name: "deductible", value: form.deductible, currency: currency,
                               hint: say("deductible.hint"))
                controls.choice(say("settlement"), name: "settlement", selected: form.settlement,
                                options: Settlement.allCases.map { ($0.rawValue, $0.localizedLabel(words)) })
            },
            div(.class("field-row")) {
                controls.text(say("policy-start"), name: "policyStart", value: form.policyStart, type: "date")
                controls.text(say("policy-end"), name: "policyEnd", value: form.policyEnd, type: "date")
            },
            controls.textArea(ClaimText.otherInsurance.localizedLabel(words), name: ClaimText.otherInsurance.rawValue, value: form[.otherInsurance],
                              maxLength: ClaimText.otherInsurance.maxLength, rows: 2),
            div(.class("field-row")) {
                controls.text(ClaimText.phone.localizedLabel(words), name: ClaimText.phone.rawValue, value: form[.phone], type: "tel",
                              extra: [.maxlength(ClaimText.phone.maxLength), .autocomplete("tel")])
                controls.text(ClaimText.email.localizedLabel(words), name: ClaimText.email.rawValue, value: form[.email], type: "email",
                              extra: [.maxlength(ClaimText.email.maxLength), .autocomplete("email")])
            },
            controls.textArea(ClaimText.contactAddress.localizedLabel(words), name: ClaimText.contactAddress.rawValue, value: form[.contactAddress],
                              maxLength: ClaimText.contactAddress.maxLength, rows: 2),
        ])
    }
}
