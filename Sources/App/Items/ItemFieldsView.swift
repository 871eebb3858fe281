import HTML
import Inventory
import Localization

/// The name, serial number and value fields, with the person's text and any message beside each.
struct ItemFieldsView {
    let form: ItemForm
    let errors: ValidationError?
    /// Keeps ids unique when two forms share a page.
    var idPrefix = "item"
    var autofocusName = false
    /// The detail page's value is the exact replacement cost in this currency.
    var currency = Currency.usd
    /// What was read on the item's photos, shown under the field it fills (the detail page).
    var suggestions: ItemSuggestionsView? = nil
    /// The page's language (US English on a page not translated yet).
    var words = Localization.bundled.localizer(for: .template)

    var node: HTMLNode {
        .group {
            field(label: words.text("item.field.name"), name: "name") { id, describedBy in
                textInput(id: id, name: "name", value: form.name, describedBy: describedBy, extra: [
                    .maxlength(ItemInput.maxNameLength), .required, .autocomplete("off"), .placeholder(words.text("item.field.name-placeholder")),
                ] + (autofocusName ? [.autofocus] : []))
            }
            suggested(.serialNumber, field(label: words.text("item.field.serial-number"), name: "serialNumber") { id, describedBy in
                textInput(id: id, name: "serialNumber", value: form.serialNumber, describedBy: describedBy, extra: [
                    .maxlength(ItemInput.maxSerialNumberLength), .autocomplete("off"), .dir("ltr"), .placeholder(words.text("item.field.optional")),
                ])
            })
            if let details = form.details {
                FormControls(errors: errors, idPrefix: idPrefix, format: DisplayFormat(words: words)).money(words.text("item.field.value"), name: "replacementCost",
                                                                      value: details.replacementCost, currency: currency,
                                                                      hint: words.text("item.field.value-hint"))
            } else {
                wholeDollars
            }
        }
    }

    private var wholeDollars: HTMLNode {
        .group {
            field(label: words.text("item.field.value"), name: "valueInDollars") { id, describedBy in
                div(.class("value-input")) {
                    span(.class("currency"), .aria("hidden", "true")) { "$" }
                    textInput(id: id, name: "valueInDollars", value: form.value, describedBy: describedBy, extra: [
                        .inputmode("numeric"), .autocomplete("off"), .placeholder("0"),
                    ])
                }
            }
        }
    }

    private func suggested(_ field: SuggestionField, _ control: HTMLNode) -> HTMLNode {
        suggestions?.under(field, control) ?? control
    }

    private func field(label text: String, name: String, control: (String, String?) -> HTMLNode) -> HTMLNode {
        let id = "\(idPrefix)-\(name)"
        let message = errors?.wording(for: name).map(DisplayFormat(words: words).text)
        let errorID = "\(id)-error"
        return div(.class(message == nil ? "field" : "field invalid"), .data("field", name)) {
            label(.for(id)) { text }
            control(id, message == nil ? nil : errorID)
            p(.class("field-error"), .id(errorID)) { message ?? "" }
        }
    }

    private func textInput(id: String, name: String, value: String, describedBy: String?, extra: [Attribute]) -> HTMLNode {
        var attributes: [Attribute] = [.id(id), .name(name), .type("text"), .value(value)]
        if let describedBy {
            attributes += [.aria("invalid", "true"), .aria("describedby", describedBy)]
        }
        return .element("input", attributes + extra, isVoid: true)
    }
}
