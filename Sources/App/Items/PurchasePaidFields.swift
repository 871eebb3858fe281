import HTML
import Inventory

/// "Paid in another currency": the amount in the currency paid, and the rate it was converted into the
/// purchase price at (blank: the ECB's of the purchase day). Folded away unless the item was paid in
/// another currency or the form came back with a problem there; the conversion made is shown above it.
struct PurchasePaidFields {
    let form: ItemDetailsForm
    let errors: ValidationError?
    let currency: Currency

    private var controls: FormControls { FormControls(errors: errors, idPrefix: "item") }

    var node: HTMLNode {
        let problem = ["purchasePaid", "purchasePaid.amount", "purchasePaid.rate", "purchasePaid.rateDate"].contains { errors?.message(for: $0) != nil }
        var attributes: [Attribute] = [.class("purchase-paid")]
        if !form.paidCurrency.isEmpty || problem { attributes.append(.open) }
        return .group {
            if let paid = form.paid { p(.class("field-hint purchase-paid-shown")) { "Paid " + paid.shownText(converted: form.paidConverted, in: currency) } }
            HTMLNode.element("details", attributes, children: [
                HTMLNode.element("summary", [], children: [.text("Paid in another currency")]),
                div(.class("field-row")) {
                    controls.choice("Currency paid", name: "purchasePaidCurrency", selected: form.paidCurrency,
                                    options: [("", "\(currency.code) (the inventory’s)")] + Currency.allCodes.filter { $0 != currency.code }.map { ($0, $0) },
                                    errorField: "purchasePaid")
                    controls.text("Amount paid", name: "purchasePaidAmount", value: form.paidAmount, errorField: "purchasePaid.amount",
                                  extra: [.inputmode("decimal"), .autocomplete("off")])
                },
                div(.class("field-row")) {
                    controls.text("Rate", name: "purchasePaidRate", value: form.paidRate, errorField: "purchasePaid.rate",
                                  hint: "\(currency.code) for 1 of the currency paid. Leave blank for the ECB’s rate of the purchase day.",
                                  extra: [.inputmode("decimal"), .autocomplete("off")])
                    controls.text("Rate’s date", name: "purchasePaidRateDate", value: form.paidRateDate, type: "date", errorField: "purchasePaid.rateDate")
                },
                p(.class("field-hint")) { a(.href(ExchangeRateRoutes.page.url())) { "Import the ECB’s exchange rates" } },
            ])
        }
    }
}

extension PurchasePaid {
    /// "£129.99 at 1.1634 (ECB, Mar 14, 2019) → $151.23": what was paid, the rate and its day, and what
    /// that made in the inventory's currency (left out when `converted` is nil).
    func shownText(converted: Int64?, in currency: Currency) -> String {
        money.formatted + " at " + rate.description + " (" + (fromECB ? "ECB, " : "") + DisplayFormat.day(rateDate) + ")"
            + (converted.map { " → " + Money(minorUnits: $0, currency: currency).formatted } ?? "")
    }
}
