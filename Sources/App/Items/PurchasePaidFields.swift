import HTML
import Inventory
import Localization

/// "Paid in another currency": the amount in the currency paid, and the rate it was converted into the
/// purchase price at (blank: the ECB's of the purchase day). Folded away unless the item was paid in
/// another currency or the form came back with a problem there; the conversion made is shown above it.
struct PurchasePaidFields {
    let form: ItemDetailsForm
    let errors: ValidationError?
    let currency: Currency
    /// The page's words and formats.
    let words: Localizer

    private var controls: FormControls { FormControls(errors: errors, idPrefix: "item", format: DisplayFormat(words: words)) }

    var node: HTMLNode {
        let problem = ["purchasePaid", "purchasePaid.amount", "purchasePaid.rate", "purchasePaid.rateDate"].contains { errors?.message(for: $0) != nil }
        var attributes: [Attribute] = [.class("purchase-paid")]
        if !form.paidCurrency.isEmpty || problem { attributes.append(.open) }
        func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("purchase.paid." + key, arguments) }
        return .group {
            if let paid = form.paid {
                p(.class("field-hint purchase-paid-shown")) {
                    say("shown", ["conversion": .text(paid.shownText(converted: form.paidConverted, in: currency, format: DisplayFormat(words: words)))])
                }
            }
            HTMLNode.element("details", attributes, children: [
                HTMLNode.element("summary", [], children: [.text(say("summary"))]),
                div(.class("field-row")) {
                    controls.choice(say("currency"), name: "purchasePaidCurrency", selected: form.paidCurrency,
                                    options: [("", say("inventory-currency", ["code": .text(currency.code)]))] + Currency.allCodes.filter { $0 != currency.code }.map { ($0, $0) },
                                    errorField: "purchasePaid")
                    controls.text(say("amount"), name: "purchasePaidAmount", value: form.paidAmount, errorField: "purchasePaid.amount",
                                  extra: [.inputmode("decimal"), .autocomplete("off")])
                },
                div(.class("field-row")) {
                    controls.text(say("rate"), name: "purchasePaidRate", value: form.paidRate, errorField: "purchasePaid.rate",
                                  hint: say("rate-hint", ["code": .text(currency.code)]),
                                  extra: [.inputmode("decimal"), .autocomplete("off")])
                    controls.text(say("rate-date"), name: "purchasePaidRateDate", value: form.paidRateDate, type: "date", errorField: "purchasePaid.rateDate")
                },
                p(.class("field-hint")) { a(.href(ExchangeRateRoutes.page.url())) { say("import") } },
            ])
        }
    }
}

extension PurchasePaid {
    /// The same in `format`'s language: "129,99 £ zu 1,32527 (EZB, 14. März 2019) → 172,27 $".
    func shownText(converted: Int64?, in currency: Currency, format: DisplayFormat) -> String {
        let parts: [String: MessageArgument] = ["paid": .text(format.exactMoney(amount, in: self.currency)), "rate": .text(format.decimal(rate.description)),
                                                "day": .text(format.day(rateDate))]
        return format.words.text(fromECB ? "purchase.paid.at-ecb-rate" : "purchase.paid.at-rate", parts)
            + (converted.map { " → " + format.exactMoney($0, in: currency) } ?? "")
    }

    /// "£129.99 at 1.1634 (ECB, Mar 14, 2019) → $151.23": what was paid, the rate and its day, and what
    /// that made in the inventory's currency (left out when `converted` is nil).
    func shownText(converted: Int64?, in currency: Currency) -> String {
        money.formatted + " at " + rate.description + " (" + (fromECB ? "ECB, " : "") + DisplayFormat.day(rateDate) + ")"
            + (converted.map { " → " + Money(minorUnits: $0, currency: currency).formatted } ?? "")
    }
}
