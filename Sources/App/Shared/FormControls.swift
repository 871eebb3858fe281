import Foundation
import HTML
import Inventory
import Localization

/// Labelled form controls with the message for their field beside them: one id scheme, one way of
/// tying a message to its control (`aria-describedby`), for every form that shows field errors.
struct FormControls {
    let errors: ValidationError?
    /// Keeps ids unique when two forms share a page.
    let idPrefix: String
    /// The page's language, which the messages are written in (US English unless given).
    var format = DisplayFormat(words: Localization.bundled.localizer(for: .template))

    /// A label, the control made by `control(id, describedBy)`, a hint and the message for `field`.
    /// `field` is the name errors use, which is the control's name unless said otherwise.
    func field(_ labelText: String, name: String, errorField: String? = nil, hint: String? = nil,
               control: (_ id: String, _ describedBy: String?) -> HTMLNode) -> HTMLNode {
        let id = "\(idPrefix)-\(name)"
        let errorField = errorField ?? name
        let message = errors?.wording(for: errorField).map(format.text)
        let errorID = "\(id)-error", hintID = "\(id)-hint"
        let describedBy = ([hint == nil ? nil : hintID, message == nil ? nil : errorID].compactMap { $0 }).joined(separator: " ")
        return div(.class(message == nil ? "field" : "field invalid"), .data("field", errorField)) {
            label(.for(id)) { labelText }
            control(id, describedBy.isEmpty ? nil : describedBy)
            if let hint { p(.class("field-hint"), .id(hintID)) { hint } }
            p(.class("field-error"), .id(errorID)) { message ?? "" }
        }
    }

    func text(_ labelText: String, name: String, value: String, type: String = "text", errorField: String? = nil,
              hint: String? = nil, extra: [Attribute] = []) -> HTMLNode {
        field(labelText, name: name, errorField: errorField, hint: hint) { id, describedBy in
            Self.input(id: id, name: name, type: type, value: value, describedBy: describedBy, invalid: errors?.message(for: errorField ?? name) != nil, extra: extra)
        }
    }

    /// An amount in the inventory's currency, its symbol before it.
    func money(_ labelText: String, name: String, value: String, currency: Currency, errorField: String? = nil, hint: String? = nil) -> HTMLNode {
        field(labelText, name: name, errorField: errorField, hint: hint) { id, describedBy in
            div(.class("value-input")) {
                span(.class("currency"), .aria("hidden", "true")) { currency.prefix.trimmingCharacters(in: .whitespaces) }
                Self.input(id: id, name: name, type: "text", value: value, describedBy: describedBy,
                           invalid: errors?.message(for: errorField ?? name) != nil,
                           extra: [.inputmode("decimal"), .autocomplete("off")])
            }
        }
    }

    func textArea(_ labelText: String, name: String, value: String, maxLength: Int, rows: Int = 3, hint: String? = nil) -> HTMLNode {
        field(labelText, name: name, hint: hint) { id, describedBy in
            var attributes: [Attribute] = [.id(id), .name(name), .maxlength(maxLength), .rows(rows)]
            if let describedBy { attributes += [.aria("describedby", describedBy)] }
            if errors?.message(for: name) != nil { attributes.append(.aria("invalid", "true")) }
            return .element("textarea", attributes, children: [.text(value)])
        }
    }

    /// A choice from `options` (value, label); the first is usually "none" (with `required`, a "Choose…"
    /// the browser will not send).
    func choice(_ labelText: String, name: String, selected: String, options: [(value: String, label: String)], errorField: String? = nil,
                required: Bool = false, hint: String? = nil) -> HTMLNode {
        field(labelText, name: name, errorField: errorField, hint: hint) { id, describedBy in
            var attributes: [Attribute] = [.id(id), .name(name)] + (required ? [.required] : [])
            if let describedBy { attributes += [.aria("describedby", describedBy)] }
            return .element("select", attributes, children: options.map { option in
                .element("option", [.value(option.value)] + (option.value == selected ? [.selected] : []), children: [.text(option.label)])
            })
        }
    }

    func checkbox(_ labelText: String, name: String, value: String = "on", isOn: Bool) -> HTMLNode {
        let id = "\(idPrefix)-\(name)"
        return label(.class("checkbox"), .for(id), .data("field", name)) {
            HTMLNode.element("input", [.type("checkbox"), .id(id), .name(name), .value(value)] + (isOn ? [.checked] : []), isVoid: true)
            span { labelText }
        }
    }

    static func input(id: String, name: String, type: String, value: String, describedBy: String?, invalid: Bool, extra: [Attribute]) -> HTMLNode {
        var attributes: [Attribute] = [.id(id), .name(name), .type(type), .value(value)]
        if let describedBy { attributes.append(.aria("describedby", describedBy)) }
        if invalid { attributes.append(.aria("invalid", "true")) }
        return .element("input", attributes + extra, isVoid: true)
    }
}
