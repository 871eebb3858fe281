import HTML
import Inventory
import Localization

/// The detail page's claim fields, in the groups an adjuster's form uses: what it is, where it is,
/// what it is worth, its warranty, the household's own fields, and whether it is still owned.
struct ItemClaimFieldsView {
    let form: ItemDetailsForm
    let errors: ValidationError?
    let currency: Currency
    /// Every location, by path, for the location choice.
    let locations: [(id: Location.ID, path: String)]
    /// Tags already in use, offered as the person types.
    let tagNames: [String]
    /// What was read on the item's photos and documents, shown under the field it fills.
    var suggestions: ItemSuggestionsView? = nil
    let words: Localizer
    /// Blank rows offered below the custom fields an item has.
    static let blankCustomFieldRows = 2

    private var controls: FormControls { FormControls(errors: errors, idPrefix: "item", format: DisplayFormat(words: words)) }

    var node: HTMLNode {
        .group {
            fieldset(.class("form-group")) {
                legend { words.text("item.field.group.what") }
                div(.class("field-row")) {
                    controls.text(words.text("item.field.quantity"), name: "quantity", value: form.quantity,
                                  extra: [.inputmode("decimal"), .autocomplete("off")])
                    controls.choice(words.text("item.field.unit"), name: "quantityUnit", selected: form.quantityUnit,
                                    options: QuantityUnit.all.map { unit in (unit.unit.symbol, unitName(unit)) })
                }
                controls.choice(words.text("item.field.condition"), name: "condition", selected: form.condition,
                                options: [("", words.text("item.field.condition-not-said"))]
                                    + ItemCondition.allCases.map { ($0.rawValue, words.text("item.field.condition-name", ["condition": .text($0.rawValue)])) })
                controls.checkbox(words.text("item.field.business-use"), name: "businessUse", isOn: form.businessUse)
                div(.class("field-row")) {
                    suggested(.brand, controls.text(words.text("item.field.brand"), name: "brand", value: text("brand"), extra: [.maxlength(ItemDetails.maxShortTextLength), .autocomplete("off")]))
                    suggested(.model, controls.text(words.text("item.field.model"), name: "model", value: text("model"), extra: [.maxlength(ItemDetails.maxShortTextLength), .autocomplete("off")]))
                }
                suggested(.barcode, controls.text(words.text("item.field.barcode"), name: "barcode", value: text("barcode"),
                                                  extra: [.maxlength(ItemDetails.maxShortTextLength), .autocomplete("off"), .dir("ltr")]))
                controls.textArea(words.text("item.field.description"), name: "description", value: text("description"), maxLength: ItemDetails.maxLongTextLength)
                controls.textArea(words.text("item.field.marks"), name: "distinguishingMarks", value: text("distinguishingMarks"),
                                  maxLength: ItemDetails.maxLongTextLength, rows: 2, hint: words.text("item.field.marks-hint"))
            }
            fieldset(.class("form-group")) {
                legend { words.text("item.field.group.where") }
                controls.choice(words.text("item.field.location"), name: "locationId", selected: form.locationID,
                                options: [("", words.text("item.field.nowhere"))] + locations.map { (String($0.id), $0.path) })
                div(.class("field-links")) {
                    button(.class("button small picker-button js-only"), .type("button"), .popovertarget("location-picker"), .aria("haspopup", "dialog"),
                           .aria("controls", "item-locationId")) { words.text("item.field.choose-place") }
                    a(.class("field-link"), .href(LocationRoutes.list.url())) { words.text(locations.isEmpty ? "item.field.add-rooms" : "item.field.change-places") }
                }
                LocationPickerView(locations: locations, newPlaceAPI: LocationRoutes.apiList.url(), words: words).node
                controls.text(words.text("item.field.tags"), name: "tags", value: form.tags, hint: words.text("item.field.tags-hint"),
                              extra: [.list("tag-suggestions"), .autocomplete("off")])
                datalist(.id("tag-suggestions")) {
                    for tag in tagNames { HTMLNode.element("option", [.value(tag)], children: []) }
                }
                div(.class("field-links")) {
                    button(.class("button small picker-button js-only"), .type("button"), .popovertarget("tag-picker"), .aria("haspopup", "dialog"),
                           .aria("controls", "item-tags")) { words.text("item.field.choose-tags") }
                }
                TagPickerView(tags: tagNames, words: words).node
            }
            fieldset(.class("form-group")) {
                legend { words.text("item.field.group.worth") }
                div(.class("field-row")) {
                    suggested(.purchasePrice, controls.money(words.text("item.field.purchase-price"), name: "purchasePrice", value: form.purchasePrice, currency: currency))
                    // Text, not a date picker: a year, a month or "about 5 years ago" are dates people remember.
                    suggested(.purchaseDate, controls.text(words.text("item.field.purchase-date"), name: "purchaseDate", value: form.purchaseDate,
                                                           hint: words.text("item.field.purchase-date-hint"),
                                                           extra: [.autocomplete("off")]))
                }
                PurchasePaidFields(form: form, errors: errors, currency: currency, words: words).node
                suggested(.purchasedFrom, controls.text(words.text("item.field.purchased-from"), name: "purchasedFrom", value: text("purchasedFrom"),
                                                        extra: [.maxlength(ItemDetails.maxShortTextLength)]))
                controls.text(words.text("item.field.value-date"), name: "replacementCostDate", value: form.replacementCostDate, type: "date",
                              hint: words.text("item.field.value-date-hint"))
                controls.text(words.text("item.field.value-source"), name: "replacementCostSource", value: text("replacementCostSource"),
                              hint: words.text("item.field.value-source-hint"), extra: [.maxlength(ItemDetails.maxShortTextLength)])
                controls.checkbox(words.text("item.field.scheduled"), name: "scheduled", isOn: form.scheduled)
                controls.money(words.text("item.field.rider-amount"), name: "riderAmount", value: form.riderAmount, currency: currency)
            }
            fieldset(.class("form-group")) {
                legend { words.text("item.field.group.warranty") }
                controls.text(words.text("item.field.warranty-ends"), name: "warrantyExpires", value: form.warrantyExpires, type: "date")
                controls.checkbox(words.text("item.field.lifetime-warranty"), name: "lifetimeWarranty", isOn: form.lifetimeWarranty)
                controls.textArea(words.text("item.field.warranty-details"), name: "warrantyDetails", value: text("warrantyDetails"), maxLength: ItemDetails.maxLongTextLength, rows: 2)
            }
            customFieldsGroup
            fieldset(.class("form-group")) {
                legend { words.text("item.field.notes") }
                controls.textArea(words.text("item.field.notes"), name: "notes", value: text("notes"), maxLength: ItemDetails.maxLongTextLength)
            }
            disposalGroup
        }
    }

    private func text(_ name: String) -> String { form.texts[name] ?? "" }

    /// "kg (kilograms)" in the page's language; a unit that is a word ("pair", "box") by its name alone, which is the word translated.
    private func unitName(_ unit: (unit: QuantityUnit, name: String)) -> String {
        let name = words.text("item.field.unit-name", ["unit": .text(unit.name.replacingOccurrences(of: " ", with: "_"))])
        let isWord = unit.unit.isPieces || [unit.unit.symbol + "s", unit.unit.symbol + "es"].contains(unit.name)
        return isWord ? name : words.text("item.field.unit-option", ["symbol": .text(unit.unit.symbol), "name": .text(name)])
    }

    private func suggested(_ field: SuggestionField, _ control: HTMLNode) -> HTMLNode {
        suggestions?.under(field, control) ?? control
    }

    private var customFieldsGroup: HTMLNode {
        let rows = form.customFields + Array(repeating: CustomField(name: "", value: ""), count: Self.blankCustomFieldRows)
        let message = errors?.wording(for: "customFields").map(DisplayFormat(words: words).text)
        return fieldset(.class(message == nil ? "form-group field" : "form-group field invalid"), .data("field", "customFields")) {
            legend { words.text("item.field.group.custom") }
            p(.class("field-hint")) { words.text("item.field.custom-hint") }
            for (index, field) in rows.enumerated() {
                div(.class("custom-field-row")) {
                    HTMLNode.element("input", [.type("text"), .name("customFieldName"), .value(field.name), .maxlength(CustomField.maxNameLength),
                                              .aria("label", words.text("item.field.custom-name-label", ["number": .text(String(index + 1))])),
                                              .placeholder(words.text("item.field.custom-name")), .autocomplete("off")], isVoid: true)
                    HTMLNode.element("input", [.type("text"), .name("customFieldValue"), .value(field.value), .maxlength(CustomField.maxValueLength),
                                              .aria("label", words.text("item.field.custom-value-label", ["number": .text(String(index + 1))])),
                                              .placeholder(words.text("item.field.custom-value")), .autocomplete("off")], isVoid: true)
                }
            }
            p(.class("field-error"), .id("item-customFields-error"), .role(message == nil ? "none" : "alert")) { message ?? "" }
        }
    }

    /// Closed unless the item is disposed: most items are still owned.
    private var disposalGroup: HTMLNode {
        let isDisposed = !form.disposedKind.isEmpty
        let open: [Attribute] = isDisposed || errors?.errors.contains(where: { $0.field.hasPrefix("disposed") }) == true ? [Attribute.open] : []
        return HTMLNode.element("details", [.class("form-group disposal")] + open, children: [
            summary { words.text(isDisposed ? "item.field.disposed" : "item.field.disposed-question") },
            controls.choice(words.text("item.field.disposed-kind"), name: "disposedKind", selected: form.disposedKind,
                            options: [("", words.text("item.field.still-owned"))]
                                + DisposalKind.allCases.map { ($0.rawValue, words.text("item.field.disposed-kind-name", ["kind": .text($0.rawValue)])) },
                            errorField: "disposed"),
            div(.class("field-row")) {
                controls.text(words.text("item.field.disposed-date"), name: "disposedDate", value: form.disposedDate, type: "date", errorField: "disposed.date")
                controls.money(words.text("item.field.disposed-price"), name: "disposedPrice", value: form.disposedPrice, currency: currency,
                               errorField: "disposed.price")
            },
            controls.textArea(words.text("item.field.disposed-notes"), name: "disposedNotes", value: form.disposedNotes, maxLength: ItemDetails.maxLongTextLength, rows: 2),
        ])
    }
}
