import HTML
import Inventory

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
    /// Blank rows offered below the custom fields an item has.
    static let blankCustomFieldRows = 2

    private var controls: FormControls { FormControls(errors: errors, idPrefix: "item") }

    var node: HTMLNode {
        .group {
            fieldset(.class("form-group")) {
                legend { "What it is" }
                div(.class("field-row")) {
                    controls.text("Quantity", name: "quantity", value: form.quantity,
                                  extra: [.inputmode("decimal"), .autocomplete("off")])
                    controls.choice("Unit", name: "quantityUnit", selected: form.quantityUnit,
                                    options: QuantityUnit.all.map { ($0.unit.symbol, $0.unit.isPieces ? "pieces" : "\($0.unit.symbol) (\($0.name))") })
                }
                controls.choice("Condition", name: "condition", selected: form.condition,
                                options: [("", "Not said")] + ItemCondition.allCases.map { ($0.rawValue, $0.rawValue.capitalized) })
                controls.checkbox("Used for business", name: "businessUse", isOn: form.businessUse)
                div(.class("field-row")) {
                    suggested(.brand, controls.text("Brand", name: "brand", value: text("brand"), extra: [.maxlength(ItemDetails.maxShortTextLength), .autocomplete("off")]))
                    suggested(.model, controls.text("Model", name: "model", value: text("model"), extra: [.maxlength(ItemDetails.maxShortTextLength), .autocomplete("off")]))
                }
                suggested(.barcode, controls.text("Barcode or asset tag", name: "barcode", value: text("barcode"),
                                                  extra: [.maxlength(ItemDetails.maxShortTextLength), .autocomplete("off")]))
                controls.textArea("Description", name: "description", value: text("description"), maxLength: ItemDetails.maxLongTextLength)
                controls.textArea("Distinguishing marks", name: "distinguishingMarks", value: text("distinguishingMarks"),
                                  maxLength: ItemDetails.maxLongTextLength, rows: 2,
                                  hint: "An engraving or a number you marked on it, a scratch, a sticker, a name written inside: what the police would know it by.")
            }
            fieldset(.class("form-group")) {
                legend { "Where it is" }
                controls.choice("Location", name: "locationId", selected: form.locationID,
                                options: [("", "Nowhere in particular")] + locations.map { (String($0.id), $0.path) })
                div(.class("field-links")) {
                    button(.class("button small picker-button js-only"), .type("button"), .popovertarget("location-picker"), .aria("haspopup", "dialog"),
                           .aria("controls", "item-locationId")) { "Choose Place…" }
                    a(.class("field-link"), .href(LocationRoutes.list.url())) { locations.isEmpty ? "Add your rooms" : "Add or change places" }
                }
                LocationPickerView(locations: locations, newPlaceAPI: LocationRoutes.apiList.url()).node
                controls.text("Tags", name: "tags", value: form.tags, hint: "Separate tags with commas, like kitchen, insured.",
                              extra: [.list("tag-suggestions"), .autocomplete("off")])
                datalist(.id("tag-suggestions")) {
                    for tag in tagNames { HTMLNode.element("option", [.value(tag)], children: []) }
                }
                div(.class("field-links")) {
                    button(.class("button small picker-button js-only"), .type("button"), .popovertarget("tag-picker"), .aria("haspopup", "dialog"),
                           .aria("controls", "item-tags")) { "Choose Tags…" }
                }
                TagPickerView(tags: tagNames).node
            }
            fieldset(.class("form-group")) {
                legend { "What it is worth" }
                div(.class("field-row")) {
                    suggested(.purchasePrice, controls.money("Purchase price", name: "purchasePrice", value: form.purchasePrice, currency: currency))
                    // Text, not a date picker: a year, a month or "about 5 years ago" are dates people remember.
                    suggested(.purchaseDate, controls.text("Purchase date", name: "purchaseDate", value: form.purchaseDate,
                                                           hint: "A day (2021-03-14), a month (2019-06), a year (2019) or “about 5 years ago”.",
                                                           extra: [.autocomplete("off")]))
                }
                PurchasePaidFields(form: form, errors: errors, currency: currency).node
                suggested(.purchasedFrom, controls.text("Where bought", name: "purchasedFrom", value: text("purchasedFrom"),
                                                        extra: [.maxlength(ItemDetails.maxShortTextLength)]))
                controls.text("Value looked up on", name: "replacementCostDate", value: form.replacementCostDate, type: "date",
                              hint: "When you last checked what it costs to replace.")
                controls.text("Where the value comes from", name: "replacementCostSource", value: text("replacementCostSource"),
                              hint: "A shop’s web address, or a note.", extra: [.maxlength(ItemDetails.maxShortTextLength)])
                controls.checkbox("Scheduled: insured on a rider of its own (jewellery, art, collectibles)", name: "scheduled", isOn: form.scheduled)
                controls.money("Rider amount", name: "riderAmount", value: form.riderAmount, currency: currency)
            }
            fieldset(.class("form-group")) {
                legend { "Warranty" }
                controls.text("Warranty ends", name: "warrantyExpires", value: form.warrantyExpires, type: "date")
                controls.checkbox("Lifetime warranty", name: "lifetimeWarranty", isOn: form.lifetimeWarranty)
                controls.textArea("Warranty details", name: "warrantyDetails", value: text("warrantyDetails"), maxLength: ItemDetails.maxLongTextLength, rows: 2)
            }
            customFieldsGroup
            fieldset(.class("form-group")) {
                legend { "Notes" }
                controls.textArea("Notes", name: "notes", value: text("notes"), maxLength: ItemDetails.maxLongTextLength)
            }
            disposalGroup
        }
    }

    private func text(_ name: String) -> String { form.texts[name] ?? "" }

    private func suggested(_ field: SuggestionField, _ control: HTMLNode) -> HTMLNode {
        suggestions?.under(field, control) ?? control
    }

    private var customFieldsGroup: HTMLNode {
        let rows = form.customFields + Array(repeating: CustomField(name: "", value: ""), count: Self.blankCustomFieldRows)
        let message = errors?.message(for: "customFields")
        return fieldset(.class(message == nil ? "form-group field" : "form-group field invalid"), .data("field", "customFields")) {
            legend { "Your own fields" }
            p(.class("field-hint")) { "Anything else worth keeping, like Colour: Walnut. Clear a field’s value to remove it." }
            for (index, field) in rows.enumerated() {
                div(.class("custom-field-row")) {
                    HTMLNode.element("input", [.type("text"), .name("customFieldName"), .value(field.name), .maxlength(CustomField.maxNameLength),
                                              .aria("label", "Field \(index + 1) name"), .placeholder("Name"), .autocomplete("off")], isVoid: true)
                    HTMLNode.element("input", [.type("text"), .name("customFieldValue"), .value(field.value), .maxlength(CustomField.maxValueLength),
                                              .aria("label", "Field \(index + 1) value"), .placeholder("Value"), .autocomplete("off")], isVoid: true)
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
            summary { isDisposed ? "No longer owned" : "No longer owned?" },
            controls.choice("What became of it", name: "disposedKind", selected: form.disposedKind,
                            options: [("", "Still owned")] + DisposalKind.allCases.map { ($0.rawValue, $0.label) }, errorField: "disposed"),
            div(.class("field-row")) {
                controls.text("Date", name: "disposedDate", value: form.disposedDate, type: "date", errorField: "disposed.date")
                controls.money("Price", name: "disposedPrice", value: form.disposedPrice, currency: currency, errorField: "disposed.price")
            },
            controls.textArea("Disposal notes", name: "disposedNotes", value: form.disposedNotes, maxLength: ItemDetails.maxLongTextLength, rows: 2),
        ])
    }
}
